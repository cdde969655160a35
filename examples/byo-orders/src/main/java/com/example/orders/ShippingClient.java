package com.example.orders;

import java.util.Map;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestClient;
import org.springframework.web.util.UriComponentsBuilder;

/** The shipping service: a blocking HTTP call per quote, on the request's own thread. */
@Component
class ShippingClient {

  private final RestClient client;
  private final ShippingProperties properties;

  ShippingClient(ShippingProperties properties) {
    this.properties = properties;
    JdkClientHttpRequestFactory factory = new JdkClientHttpRequestFactory();
    factory.setReadTimeout(properties.timeout());
    this.client = RestClient.builder().requestFactory(factory).build();
  }

  /** The shipping quote for one order, as the shipping service returns it. */
  Map<?, ?> quote(long orderId) {
    return client
        .get()
        .uri(
            UriComponentsBuilder.fromUri(properties.quoteUrl())
                .queryParam("id", orderId)
                .build()
                .toUri())
        .retrieve()
        .body(Map.class);
  }
}
