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
 * LoadWindows} can give the throughput of each window as the SUT saw it ({@link RequestCount}), and
 * offers the thread serving it to the {@link HandlerThreadSample}.
 */
@Component
public class RequestCounter extends OncePerRequestFilter implements RequestCount {

  private final LongAdder completed = new LongAdder();
  private final HandlerThreadSample handlerThread;

  public RequestCounter(HandlerThreadSample handlerThread) {
    this.handlerThread = handlerThread;
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    handlerThread.offer();
    try {
      chain.doFilter(request, response);
    } finally {
      completed.increment();
    }
  }

  @Override
  protected boolean shouldNotFilter(HttpServletRequest request) {
    return !RequestCount.counts(request.getRequestURI());
  }

  @Override
  public long completed() {
    return completed.sum();
  }
}
