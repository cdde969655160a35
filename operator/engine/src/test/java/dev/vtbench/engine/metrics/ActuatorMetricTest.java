package dev.vtbench.engine.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Actuator's metric answers as a Spring Boot 4 service gives them (examples/byo-orders). */
class ActuatorMetricTest {

  @Test
  void readsTheStatisticItNeedsAndScalesHeapToMiB() {
    Map<String, Object> requests =
        Map.of(
            "name",
            "http.server.requests",
            "measurements",
            List.of(
                Map.of("statistic", "COUNT", "value", 2863.0),
                Map.of("statistic", "TOTAL_TIME", "value", 616.53),
                Map.of("statistic", "MAX", "value", 2.77)));
    Map<String, Object> heap =
        Map.of("measurements", List.of(Map.of("statistic", "VALUE", "value", 100.0 * 1048576)));

    assertThat(ActuatorMetric.REQUESTS.value(requests)).isEqualTo(2863.0);
    assertThat(ActuatorMetric.HEAP_MB.value(heap)).isEqualTo(100.0);
    assertThat(ActuatorMetric.HIKARI_ACTIVE.value(requests)).isNull();
    assertThat(ActuatorMetric.REQUESTS.value(Map.of("error", "Not Found"))).isNull();
  }

  /** Tomcat on virtual threads: no pool of worker threads, -1 for both gauges; the row shows 0. */
  @Test
  void aNegativeGaugeReadsAsZeroAndRequestsInProgressAsActiveTasks() {
    Map<String, Object> noPool =
        Map.of("measurements", List.of(Map.of("statistic", "VALUE", "value", -1.0)));
    Map<String, Object> active =
        Map.of(
            "measurements",
            List.of(
                Map.of("statistic", "ACTIVE_TASKS", "value", 51.0),
                Map.of("statistic", "DURATION", "value", 4.2)));

    assertThat(ActuatorMetric.TOMCAT_BUSY.value(noPool)).isZero();
    assertThat(ActuatorMetric.TOMCAT_MAX.value(noPool)).isZero();
    assertThat(ActuatorMetric.REQUESTS_ACTIVE.value(active)).isEqualTo(51.0);
    assertThat(ActuatorMetric.PEAKS)
        .contains(
            ActuatorMetric.TOMCAT_BUSY, ActuatorMetric.TOMCAT_MAX, ActuatorMetric.REQUESTS_ACTIVE);
  }

  @Test
  void pathsUnderTheServicesActuatorBaseWithTheirTagsEncoded() {
    assertThat(ActuatorMetric.HIKARI_PENDING.path("/actuator"))
        .isEqualTo("/actuator/metrics/hikaricp.connections.pending");
    assertThat(ActuatorMetric.HEAP_MB.path("/manage"))
        .isEqualTo("/manage/metrics/jvm.memory.used?tag=area:heap");
    // the sampler's own reads, as Spring MVC tags them, taken off the request count
    assertThat(ActuatorMetric.OWN_READS.path("/manage"))
        .isEqualTo(
            "/manage/metrics/http.server.requests?tag=uri:/manage/metrics/%7BrequiredMetricName%7D");
  }
}
