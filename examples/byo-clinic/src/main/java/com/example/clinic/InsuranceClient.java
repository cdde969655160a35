package com.example.clinic;

import java.util.Map;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestClient;
import org.springframework.web.util.UriComponentsBuilder;

/** The insurance service: a blocking HTTP call per quote, on the request's own thread. */
@Component
class InsuranceClient {

  private final RestClient client;
  private final InsuranceProperties properties;

  InsuranceClient(InsuranceProperties properties) {
    this.properties = properties;
    JdkClientHttpRequestFactory factory = new JdkClientHttpRequestFactory();
    factory.setReadTimeout(properties.timeout());
    this.client = RestClient.builder().requestFactory(factory).build();
  }

  /** The pet insurance quote for one owner, as the insurance service returns it. */
  Map<?, ?> quote(long ownerId) {
    return client
        .get()
        .uri(
            UriComponentsBuilder.fromUri(properties.quoteUrl())
                .queryParam("id", ownerId)
                .build()
                .toUri())
        .retrieve()
        .body(Map.class);
  }
}
