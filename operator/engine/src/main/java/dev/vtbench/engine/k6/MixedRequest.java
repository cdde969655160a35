package dev.vtbench.engine.k6;

import dev.vtbench.engine.model.spec.RequestSpec;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One request of a user's mix ({@code spec.workload.requests}) as the k6 script sends it: each
 * {name} of {@code path} and {@code body} filled per request by a value drawn from its {@link
 * Draw}, the request chosen with probability {@code weight} ÷ (sum of weights).
 *
 * @param expectedStatus statuses that count as success; empty: any 2xx
 */
public record MixedRequest(
    String method,
    String path,
    Map<String, Draw> params,
    Map<String, String> headers,
    String body,
    int weight,
    List<Integer> expectedStatus) {

  public MixedRequest {
    // in the spec's order, so a rendered script is the same for the same spec
    params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
    headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
    expectedStatus = List.copyOf(expectedStatus);
  }

  /** Where a {name} draws from: whole numbers in [from, to], or one of {@code values}. */
  public record Draw(Long from, Long to, List<String> values) {}

  /** The time series every request of this kind is counted under: method and path template. */
  public String name() {
    return method + " " + path;
  }

  /** The mix of a validated spec; empty for vtbench's own SUT (no {@code requests}). */
  public static List<MixedRequest> of(List<RequestSpec> requests) {
    if (requests == null) {
      return List.of();
    }
    return requests.stream()
        .map(
            r -> {
              Map<String, Draw> params = new LinkedHashMap<>();
              r.params.forEach(
                  (name, p) ->
                      params.put(
                          name,
                          new Draw(p.from, p.to, p.values == null ? null : List.copyOf(p.values))));
              return new MixedRequest(
                  r.method,
                  r.path,
                  params,
                  r.headers == null ? Map.of() : r.headers,
                  r.body,
                  r.weight,
                  r.expectedStatus == null ? List.of() : r.expectedStatus);
            })
        .toList();
  }
}
