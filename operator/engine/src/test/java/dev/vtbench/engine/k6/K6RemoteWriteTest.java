package dev.vtbench.engine.k6;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.model.spec.PrometheusRemoteWriteSpec;
import dev.vtbench.engine.model.spec.SecretRef;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class K6RemoteWriteTest {

  static PrometheusRemoteWriteSpec rw(String url, boolean nativeHistograms) {
    PrometheusRemoteWriteSpec rw = new PrometheusRemoteWriteSpec();
    rw.url = url;
    rw.nativeHistograms = nativeHistograms;
    return rw;
  }

  @Test
  void offWithoutTheSpecField() {
    assertThat(K6RemoteWrite.args(null, "ns", "run", "s1")).isEmpty();
    assertThat(K6RemoteWrite.env(null)).isEmpty();
    assertThat(new BenchmarkRunSpec().load.prometheusRemoteWrite).isNull();
  }

  @Test
  void theOutputTaggedWithNamespaceRunAndScenario() {
    assertThat(K6RemoteWrite.args(rw("http://p:9090/api/v1/write", true), "team", "hero", "s-7"))
        .containsExactly(
            "--out",
            "experimental-prometheus-rw",
            "--tag",
            "namespace=team",
            "--tag",
            "run=hero",
            "--tag",
            "testid=s-7");
    // The local platform has no namespace.
    assertThat(K6RemoteWrite.args(rw("http://p/w", true), null, "hero", "s-7"))
        .doesNotContain("namespace=null")
        .contains("run=hero");
    assertThatThrownBy(() -> K6RemoteWrite.args(rw("http://p/w", true), null, "a b", "s"))
        .hasMessageContaining("k6 tag run");
    // k6-operator runs the arguments through sh -c: nothing a shell reads passes.
    for (String bad : List.of("a;b", "$(id)", "a`b`", "a|b", "A")) {
      assertThatThrownBy(() -> K6RemoteWrite.args(rw("http://p/w", true), "ns", "run", bad))
          .as(bad)
          .hasMessageContaining("k6 tag testid");
    }
  }

  @Test
  void credentialsComeFromTheSecretsBasicAuthKeys() {
    PrometheusRemoteWriteSpec rw = rw("https://p/w", true);
    assertThat(K6RemoteWrite.credentialEnv(rw)).isEmpty();
    rw.credentialsSecretRef = new SecretRef();
    rw.credentialsSecretRef.name = "rw-auth";
    assertThat(K6RemoteWrite.credentialEnv(rw))
        .isEqualTo(
            Map.of(
                "K6_PROMETHEUS_RW_USERNAME", "username", "K6_PROMETHEUS_RW_PASSWORD", "password"));
    assertThat(K6RemoteWrite.env(rw)).doesNotContainKeys("K6_PROMETHEUS_RW_PASSWORD");
  }

  @Test
  void nativeHistogramsOrTheCsvsPercentilesAsGauges() {
    assertThat(K6RemoteWrite.env(rw("https://p/w", true)))
        .isEqualTo(
            Map.of(
                "K6_PROMETHEUS_RW_SERVER_URL", "https://p/w",
                "K6_PROMETHEUS_RW_TREND_AS_NATIVE_HISTOGRAM", "true"));
    assertThat(K6RemoteWrite.env(rw("https://p/w", false)))
        .containsEntry("K6_PROMETHEUS_RW_TREND_AS_NATIVE_HISTOGRAM", "false")
        .containsEntry("K6_PROMETHEUS_RW_TREND_STATS", "p(50),p(95),p(99),p(99.9),max");
    assertThat(List.copyOf(K6RemoteWrite.env(rw("https://p/w", false)).keySet()))
        .first()
        .isEqualTo("K6_PROMETHEUS_RW_SERVER_URL");
  }
}
