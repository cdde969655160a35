package dev.vtbench.sut.runtime;

import dev.vtbench.sut.errors.ApiException;
import dev.vtbench.sut.errors.ErrorBody;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Spends the CPU a workload request asks for with {@code ?cpuUs=} ({@link CpuWork}) on the thread
 * that serves it (a Tomcat thread, or the virtual thread with virtual threads on), before the
 * handler runs: no connection or stub call is held meanwhile. A bad value is the same 400 every
 * endpoint gives for a bad parameter.
 */
@Component
public class CpuWorkFilter extends OncePerRequestFilter {

  private final CpuWork work;

  public CpuWorkFilter(CpuWork work) {
    this.work = work;
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    try {
      work.spend(request.getParameter(CpuWork.PARAM));
    } catch (ApiException e) {
      response.setStatus(e.status().value());
      response.setContentType("application/json");
      response.setCharacterEncoding(StandardCharsets.UTF_8.name());
      response
          .getWriter()
          .write(
              ErrorBody.json(
                  ErrorBody.fields(e.status(), e.getMessage(), request.getRequestURI())));
      return;
    }
    chain.doFilter(request, response);
  }

  @Override
  protected boolean shouldNotFilter(HttpServletRequest request) {
    return !RequestCount.counts(request.getRequestURI());
  }
}
