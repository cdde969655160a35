package dev.vtbench.sut.runtime;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.concurrent.atomic.LongAdder;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Counts the workload requests this SUT completed, whatever their status, so that {@link
 * LoadWindows} can give the throughput of each window as the SUT saw it. vtbench's own probes
 * (/api/runtime-info…) are not workload and are not counted.
 */
@Component
public class RequestCounter extends OncePerRequestFilter {

  private final LongAdder completed = new LongAdder();

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    try {
      chain.doFilter(request, response);
    } finally {
      completed.increment();
    }
  }

  @Override
  protected boolean shouldNotFilter(HttpServletRequest request) {
    return request.getRequestURI().startsWith("/api/runtime-info");
  }

  /** Workload requests completed since the SUT started. */
  public long completed() {
    return completed.sum();
  }
}
