package dev.vtbench.sut.downstream;

import static dev.vtbench.sut.downstream.DownstreamFailure.causedBy;

import dev.vtbench.sut.SutSettings;
import java.net.ConnectException;
import java.net.http.HttpClient;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Map;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.stereotype.Component;
import org.springframework.web.client.ResourceAccessException;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestClientException;
import org.springframework.web.client.RestClientResponseException;

/**
 * The blocking downstream call every benchmark request makes. The calling thread waits for the
 * answer: a platform thread is held for the whole delay, a virtual thread unmounts.
 */
@Component
public class StubClient {

  private static final ParameterizedTypeReference<Map<String, Object>> JSON =
      new ParameterizedTypeReference<>() {};

  private final RestClient client;
  private final String baseUrl;
  private final Duration timeout;

  public StubClient(SutSettings settings) {
    HttpClient http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2))
            .build();
    JdkClientHttpRequestFactory factory = new JdkClientHttpRequestFactory(http);
    factory.setReadTimeout(settings.stubTimeout());
    this.baseUrl = settings.stubUrl().toString();
    this.timeout = settings.stubTimeout();
    this.client = RestClient.builder().baseUrl(baseUrl).requestFactory(factory).build();
  }

  /** The order-summary downstream; {@code delayMs} null means the stub's default (100 ms). */
  public Map<String, Object> downstream(long id, Long delayMs) {
    return call(
        () ->
            client
                .get()
                .uri(
                    b -> {
                      b.path("/downstream").queryParam("id", id);
                      if (delayMs != null) {
                        b.queryParam("delayMs", delayMs);
                      }
                      return b.build();
                    })
                .retrieve()
                .body(JSON));
  }

  /** Seed 002's downstream: the value upper-cased by the stub. */
  public String upper(String value, long delayMs) {
    Map<String, Object> body =
        call(
            () ->
                client
                    .get()
                    .uri(
                        b ->
                            b.path("/upper")
                                .queryParam("value", value)
                                .queryParam("delayMs", delayMs)
                                .build())
                    .retrieve()
                    .body(JSON));
    return String.valueOf(body.get("value"));
  }

  private <T> T call(java.util.function.Supplier<T> request) {
    long start = System.nanoTime();
    try {
      return request.get();
    } catch (ResourceAccessException e) {
      if (causedBy(e, HttpTimeoutException.class)
          || causedBy(e, java.net.SocketTimeoutException.class)) {
        throw DownstreamFailure.timedOut(baseUrl, e);
      }
      throw DownstreamFailure.unreachable(baseUrl, causedBy(e, ConnectException.class), e);
    } catch (RestClientResponseException e) {
      throw DownstreamFailure.answered(baseUrl, e.getStatusCode().value(), e);
    } catch (RestClientException e) {
      // The read timeout can also strike while the body is read: the JDK client then closes the
      // stream and the JSON reader fails with "closed". That is still the stub not answering in
      // time, not an internal error.
      if (Duration.ofNanos(System.nanoTime() - start).compareTo(timeout) >= 0) {
        throw DownstreamFailure.timedOut(baseUrl, e);
      }
      throw DownstreamFailure.unreadable(baseUrl, e);
    }
  }
}
