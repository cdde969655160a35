package dev.vtbench.sut.reactive.web;

import dev.vtbench.sut.runtime.HandlerThreadSample;
import dev.vtbench.sut.runtime.RequestCount;
import java.util.concurrent.atomic.LongAdder;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * Counts the workload requests this SUT completed, as the servlet SUT's filter does: a request
 * counts when its handling ends, answered, failed or cancelled by the client. The thread it offers
 * to the {@link HandlerThreadSample} is the event loop that accepted the request.
 */
@Component
class RequestCounter implements WebFilter, RequestCount {

  private final LongAdder completed = new LongAdder();
  private final HandlerThreadSample handlerThread;

  RequestCounter(HandlerThreadSample handlerThread) {
    this.handlerThread = handlerThread;
  }

  @Override
  public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
    if (!RequestCount.counts(exchange.getRequest().getPath().value())) {
      return chain.filter(exchange);
    }
    handlerThread.offer();
    return chain.filter(exchange).doFinally(signal -> completed.increment());
  }

  @Override
  public long completed() {
    return completed.sum();
  }
}
