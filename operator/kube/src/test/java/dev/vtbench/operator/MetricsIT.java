package dev.vtbench.operator;

import static dev.vtbench.operator.KubeApi.await;
import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.javaoperatorsdk.operator.Operator;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The operator's /metrics, scraped over HTTP from the server main() starts, after a real reconcile
 * against the real API server: java-operator-sdk's reconciliation counters, JVM metrics and the
 * vtbench run gauges, in the Prometheus text format.
 */
class MetricsIT {

  @Test
  void metricsAfterAReconcile() throws Exception {
    String ns = KubeApi.namespace("metrics");
    OperatorMetrics metrics = new OperatorMetrics();
    Operator operator =
        OperatorMain.start(KubeApi.newClient(), Map.of("WATCH_NAMESPACES", ns), metrics);
    HttpServer server = OperatorMain.http(0, () -> true, () -> true, metrics);
    try {
      OperatorIT.create(
          ns,
          "scraped",
          OperatorIT.SMALL.formatted("auto", "0s")
              + "matrix: {threadModes: [virtual, platform], hikariPoolSizes: [10],"
              + " concurrency: [10], repetitions: 1}\n");
      // No CloudNativePG controller here: the run waits for its database, in Provisioning.
      OperatorIT.awaitStatus(ns, "scraped", "Provisioning", s -> "Provisioning".equals(s.phase));
      URI uri = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/metrics");
      HttpClient http = HttpClient.newHttpClient();
      String body =
          await(
              "scraped metrics showing the run",
              OperatorIT.WAIT,
              () -> {
                try {
                  HttpResponse<String> r =
                      http.send(
                          HttpRequest.newBuilder(uri).build(),
                          HttpResponse.BodyHandlers.ofString());
                  assertThat(r.statusCode()).isEqualTo(200);
                  assertThat(r.headers().firstValue("Content-Type"))
                      .hasValueSatisfying(
                          t -> assertThat(t).startsWith("text/plain; version=0.0.4"));
                  return r.body().contains("vtbench_runs{phase=\"Provisioning\"} 1")
                      ? r.body()
                      : null;
                } catch (Exception e) {
                  throw new IllegalStateException(e);
                }
              });
      assertThat(body)
          // java-operator-sdk's Micrometer integration, per controller.
          .containsPattern("(?m)^operator_sdk_reconciliations_started_total\\{[^}]*\\} [1-9]")
          .containsPattern("(?m)^operator_sdk_reconciliations_success_total\\{[^}]*\\} [1-9]")
          .containsPattern("(?m)^operator_sdk_events_received_total\\{[^}]*\\} [1-9]")
          // The JVM's.
          .containsPattern("(?m)^jvm_threads_live_threads [1-9]")
          .containsPattern("(?m)^jvm_memory_used_bytes\\{")
          // vtbench's own, from the controller's cache.
          .contains("vtbench_runs{phase=\"Running\"} 0")
          .contains("vtbench_run_scenarios_planned{namespace=\"" + ns + "\",run=\"scraped\"} 2")
          .contains("vtbench_run_scenarios_done{namespace=\"" + ns + "\",run=\"scraped\"} 0")
          // each pass's time by the step it ended at: this run waits in DatabaseStep
          .containsPattern(
              "(?m)^vtbench_reconcile_pass_seconds_count\\{step=\"DatabaseStep\"\\} [1-9]")
          .containsPattern(
              "(?m)^vtbench_reconcile_pass_cpu_seconds_sum\\{step=\"DatabaseStep\"\\} \\S+");

      // A deleted run's series go with it.
      KubeApi.client()
          .resources(dev.vtbench.operator.api.BenchmarkRunResource.class)
          .inNamespace(ns)
          .withName("scraped")
          .delete();
      await(
          "the run's series gone",
          OperatorIT.WAIT,
          () -> metrics.scrape().contains("run=\"scraped\"") ? null : true);
      assertThat(metrics.scrape()).contains("vtbench_runs{phase=\"Provisioning\"} 0");
    } finally {
      server.stop(0);
      operator.stop();
    }
  }
}
