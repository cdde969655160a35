package dev.vtbench.sut.reactive.web;

import dev.vtbench.sut.runtime.CpuWork;
import dev.vtbench.sut.runtime.RequestCount;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * Spends the CPU a workload request asks for with {@code ?cpuUs=} ({@link CpuWork}) on the event
 * loop that accepted it, before the handler runs, as the servlet SUT's filter does on its request
 * thread. A bad value is the 400 {@link JsonErrors} writes for every bad parameter.
 */
@Component
class CpuWorkFilter implements WebFilter {

  private final CpuWork work;

  CpuWorkFilter(CpuWork work) {
    this.work = work;
  }

  @Override
  public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
    if (!RequestCount.counts(exchange.getRequest().getPath().value())) {
      return chain.filter(exchange);
    }
    try {
      work.spend(exchange.getRequest().getQueryParams().getFirst(CpuWork.PARAM));
    } catch (RuntimeException e) {
      return Mono.error(e);
    }
    return chain.filter(exchange);
  }
}
