package dev.vtbench.engine.model.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vtbench.engine.model.spec.MatrixSpec;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class SpecRulesTest {

  @Test
  void celListsReadAsTheValidatorsValues() {
    assertThat(SpecRules.values("['released', 'held']")).containsExactly("released", "held");
    assertThat(SpecRules.values(SpecRules.THREAD_MODES))
        .containsExactly("platform", "virtual", "reactive");
    assertThat(SpecRules.values(SpecRules.RUNNERS)).containsExactly("auto", "testrun", "job");
    assertThat(SpecRules.values(QuantityRules.QOS_CLASSES))
        .containsExactly(QuantityRules.GUARANTEED, QuantityRules.BURSTABLE)
        .containsExactly("Guaranteed", "Burstable");
    assertThatThrownBy(() -> SpecRules.values("'a', 'b'"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void cpuQuantitiesAreAtLeastOneMillicore() {
    Pattern cpu = Pattern.compile(QuantityRules.CPU);
    for (String ok : new String[] {"1", "2", "10", "1.5", "0.5", "0.001", "500m", "1000m"}) {
      assertThat(cpu.matcher(ok).matches()).as(ok).isTrue();
      assertThat(Quantities.millis(ok)).as(ok).isPositive();
    }
    for (String bad : new String[] {"0", "0m", "0.0", "0.0004", "00", "1.", ".5", "lots", "1 "}) {
      assertThat(cpu.matcher(bad).matches()).as(bad).isFalse();
    }
  }

  @Test
  void runNamesAreDns1035Labels() {
    Pattern name = Pattern.compile(SpecRules.RUN_NAME);
    assertThat(name.matcher("hero").matches()).isTrue();
    assertThat(name.matcher("a-1").matches()).isTrue();
    for (String bad : new String[] {"1hero", "hero-", "he.ro", "Hero", "he_ro", ""}) {
      assertThat(name.matcher(bad).matches()).as(bad).isFalse();
    }
  }

  @Test
  void theRemoteWriteCelLiteralIsTheJavaPattern() {
    Pattern url = Pattern.compile(SpecRules.celRegex(SpecRules.REMOTE_WRITE_URL_CEL));
    // no backslash, so the CEL literal and the Java pattern are the same text
    assertThat(SpecRules.celRegex(SpecRules.REMOTE_WRITE_URL_CEL))
        .isEqualTo(SpecRules.REMOTE_WRITE_URL_CEL);
    matchesOnly(
        url,
        List.of("http://p:9090/api/v1/write", "https://p/a@b", "https://m.example/push?t=a"),
        List.of(
            "http://p:9090/a b",
            "http://p\t/write",
            "http://u:pw@p/w",
            "http://[::1]/w",
            "http://p/w?x=$(id)",
            "http://p/w;reboot",
            "http://p/`id`",
            "http://p/a|b",
            "http://p/a&b",
            "http://p/a'b",
            "http://p$(id)/w",
            "http://p/w#frag"));
  }

  @Test
  void remoteWriteStaysOffLoopbackLinkLocalAndTheApiServer() {
    matchesOnly(
        Pattern.compile(SpecRules.FORBIDDEN_REMOTE_WRITE),
        List.of(
            "http://localhost:9090/w",
            "http://LOCALHOST/w",
            "http://prom.localhost/w",
            "http://127.0.0.1:9090/w",
            "http://127.1/w",
            "http://0.0.0.0/w",
            "http://0/w",
            "http://169.254.169.254/latest/meta-data",
            "http://2130706433/w",
            "http://0x7f000001/w",
            "https://kubernetes/api",
            "https://kubernetes.default.svc.cluster.local:443/api",
            "https://kubernetes.default./api"),
        List.of(
            "http://prometheus:9090/api/v1/write",
            "http://kube-prometheus-stack-prometheus.monitoring:9090/api/v1/write",
            "https://prometheus-prod-01.grafana.net/api/prom/push",
            "http://10.0.0.7:9090/w",
            "http://kubernetes-metrics.monitoring/w",
            "http://localhost-proxy/w"));
  }

  /** {@code pattern} matches every one of {@code matched} and none of {@code unmatched}. */
  private static void matchesOnly(Pattern pattern, List<String> matched, List<String> unmatched) {
    matched.forEach(s -> assertThat(pattern.matcher(s).matches()).as(s).isTrue());
    unmatched.forEach(s -> assertThat(pattern.matcher(s).matches()).as(s).isFalse());
  }

  @Test
  void imagesFollowTheReferenceGrammar() {
    matchesOnly(
        Pattern.compile(SpecRules.IMAGE),
        List.of(
            "vtbench/sut:dev",
            "grafana/k6:1.8.1",
            "registry.example.com:5000/team/sut:v1.2_rc-3",
            "Registry.Example.com/team/sut",
            "sut@sha256:" + "a".repeat(64),
            "ghcr.io/a__b/c-d/e.f:latest"),
        List.of(
            "vtbench/SUT:dev",
            "vtbench/sut :dev",
            "vtbench/sut:",
            ":dev",
            "sut@sha256:abc",
            "a//b"));
  }

  @Test
  void reservedEnvironmentIsRefusedInAnyCase() {
    matchesOnly(
        Pattern.compile(SpecRules.RESERVED_ENV),
        List.of(
            "DB_URL",
            "db_password",
            "HIKARI_MAX_POOL",
            "STUB_TIMEOUT_MS",
            "MANAGEMENT_ENDPOINTS_WEB_EXPOSURE_INCLUDE",
            "management_endpoint_heapdump_enabled",
            "SPRING_DATASOURCE_URL",
            "SPRING_APPLICATION_JSON",
            "SERVER_PORT",
            "TOMCAT_MAX_THREADS",
            "VT_ENABLED",
            "JAVA_TOOL_OPTIONS",
            "_JAVA_OPTIONS"),
        List.of("SYNC_STRIPES", "PINNED_THRESHOLD_MS", "SAMPLE_INTERVAL_MS", "MY_DB"));
  }

  @Test
  void theCelMemoryFactorsAreTheValidators() {
    Quantities.MEMORY_UNITS.forEach(
        (suffix, factor) ->
            assertThat(QuantityRules.MEMORY_BYTES)
                .contains("self.endsWith('" + suffix + "') ? " + celDouble(factor)));
    assertThat(Quantities.bytes("256Mi")).isEqualTo(268435456.0);
    assertThat(Quantities.bytes("1G")).isEqualTo(1e9);
    assertThat(Quantities.bytes("1073741824")).isEqualTo(1073741824.0);
    assertThat(QuantityRules.JVM_MEMORY_RULE)
        .contains(">= " + celDouble(Quantities.bytes(QuantityRules.JVM_MEMORY_MIN)))
        .contains("<= " + celDouble(Quantities.bytes(QuantityRules.MEMORY_MAX)));
    assertThat(QuantityRules.LOAD_MEMORY_RULE)
        .contains(">= " + celDouble(Quantities.bytes(QuantityRules.LOAD_MEMORY_MIN)));
    assertThat(QuantityRules.STORAGE_RULE)
        .contains(">= " + celDouble(Quantities.bytes(QuantityRules.STORAGE_MIN)))
        .contains("<= " + celDouble(Quantities.bytes(QuantityRules.STORAGE_MAX)));
  }

  private static String celDouble(double d) {
    return new java.math.BigDecimal(d).toPlainString() + ".0";
  }

  @Test
  void theScenarioRulesDefaultsAreTheMatrixDefaults() {
    MatrixSpec m = new MatrixSpec();
    assertThat(m.threadModes).hasSize(MatrixRules.DEFAULT_THREAD_MODES);
    assertThat(m.hikariPoolSizes).hasSize(MatrixRules.DEFAULT_POOL_SIZES);
    assertThat(m.concurrency).hasSize(MatrixRules.DEFAULT_LEVELS);
    assertThat(m.repetitions).isEqualTo(MatrixRules.DEFAULT_REPETITIONS);
    assertThat(m.jvmOptions).hasSize(MatrixRules.DEFAULT_JVM_OPTIONS);
    // The largest lists the schema allows plan more than the cap: the rule is not dead.
    assertThat(2L * SpecRules.POOL_SIZES_MAX * SpecRules.LEVELS_MAX * SpecRules.REPETITIONS_MAX)
        .isGreaterThan(SpecRules.SCENARIOS_MAX);
  }

  @Test
  void durationsTooLongToAddUpAreRefusedNotThrown() {
    assertThatThrownBy(() -> Durations.parse("spec.load.hold", "9999999999999999h"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("spec.load.hold: ");
  }
}
