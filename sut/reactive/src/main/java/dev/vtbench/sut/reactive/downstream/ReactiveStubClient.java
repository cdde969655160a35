package dev.vtbench.sut.reactive.downstream;

import dev.vtbench.sut.SutSettings;
import dev.vtbench.sut.downstream.DownstreamFailure;
import dev.vtbench.sut.errors.ApiException;
import io.netty.channel.ChannelOption;
import io.netty.handler.timeout.ReadTimeoutException;
import java.net.ConnectException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.reactive.function.client.WebClientRequestException;
import org.springframework.web.reactive.function.client.WebClientResponseException;
import org.springframework.web.util.UriBuilder;
import reactor.core.publisher.Mono;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;

/**
 * The downstream call, non-blocking: WebClient on Reactor Netty, so a request waiting for the stub
 * holds no thread. Its failures answer as the servlet SUT's ({@link DownstreamFailure}).
 */
@Component
public class ReactiveStubClient {

  private static final ParameterizedTypeReference<Map<String, Object>> JSON =
      new ParameterizedTypeReference<>() {};

  /**
   * Connections to the stub at once. Reactor Netty's default pool holds 2 × max(CPUs, 8) and queues
   * the rest, a limit the servlet SUT's JDK client does not have (it opens one per request in
   * flight): unbounded in effect here too, so the stub calls are never capped by the client.
   */
  static final int MAX_CONNECTIONS = 100_000;

  private final WebClient client;
  private final String baseUrl;
  private final Duration timeout;

  public ReactiveStubClient(SutSettings settings) {
    this.baseUrl = settings.stubUrl().toString();
    this.timeout = settings.stubTimeout();
    ConnectionProvider connections =
        ConnectionProvider.builder("stub")
            .maxConnections(MAX_CONNECTIONS)
            .pendingAcquireMaxCount(-1)
            .pendingAcquireTimeout(timeout)
            .build();
    HttpClient http =
        HttpClient.create(connections)
            .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, 2_000)
            .responseTimeout(timeout);
    this.client =
        WebClient.builder()
            .baseUrl(baseUrl)
            .clientConnector(new ReactorClientHttpConnector(http))
            .build();
  }

  /** The order-summary downstream; {@code delayMs} null means the stub's default (100 ms). */
  public Mono<Map<String, Object>> downstream(long id, Long delayMs) {
    return call(
        b -> {
          b.path("/downstream").queryParam("id", id);
          if (delayMs != null) {
            b.queryParam("delayMs", delayMs);
          }
          return b;
        });
  }

  /** Seed 002's downstream: the value upper-cased by the stub. */
  public Mono<String> upper(String value, long delayMs) {
    return call(b -> b.path("/upper").queryParam("value", value).queryParam("delayMs", delayMs))
        .map(body -> String.valueOf(body.get("value")));
  }

  private Mono<Map<String, Object>> call(java.util.function.UnaryOperator<UriBuilder> uri) {
    return client
        .get()
        .uri(b -> uri.apply(b).build())
        .retrieve()
        .bodyToMono(JSON)
        // The response timeout covers the wait for the headers; this one the whole call.
        .timeout(timeout)
        .onErrorMap(e -> !(e instanceof ApiException), this::failure);
  }

  private ApiException failure(Throwable e) {
    if (e instanceof TimeoutException
        || DownstreamFailure.causedBy(e, ReadTimeoutException.class)
        || DownstreamFailure.causedBy(e, TimeoutException.class)) {
      return DownstreamFailure.timedOut(baseUrl, e);
    }
    if (e instanceof WebClientResponseException r) {
      return DownstreamFailure.answered(baseUrl, r.getStatusCode().value(), e);
    }
    if (e instanceof WebClientRequestException) {
      return DownstreamFailure.unreachable(
          baseUrl, DownstreamFailure.causedBy(e, ConnectException.class), e);
    }
    return DownstreamFailure.unreadable(baseUrl, e);
  }
}
