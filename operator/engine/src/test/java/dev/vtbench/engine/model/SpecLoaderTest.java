package dev.vtbench.engine.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vtbench.engine.model.rules.Durations;
import dev.vtbench.engine.model.rules.Quantities;
import dev.vtbench.engine.model.rules.QuantityRules;
import dev.vtbench.engine.model.rules.SpecRules;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class SpecLoaderTest {

  static final String HEAD = "apiVersion: vtbench.dev/v1alpha1\nkind: BenchmarkRun\n";

  @Test
  void defaultsReproduceTheReferenceRig() {
    BenchmarkRun run = SpecLoader.parse("t", HEAD + "metadata: {name: hero}\n");
    BenchmarkRunSpec s = run.spec;
    assertThat(s.workload.endpoint).isEqualTo("order-summary");
    assertThat(s.workload.stubDelay).isEqualTo("100ms");
    assertThat(s.matrix.threadModes).containsExactly("platform", "virtual");
    assertThat(s.matrix.hikariPoolSizes).containsExactly(50);
    assertThat(s.matrix.concurrency).containsExactly(100, 500, 1000, 2500, 5000, 10000);
    assertThat(s.matrix.repetitions).isEqualTo(3);
    assertThat(s.sut.tomcatMaxThreads).isEqualTo(200);
    assertThat(s.database.seed.orders).isEqualTo(1_000_000);
    assertThat(s.load.executor).isEqualTo("ramping-vus");
  }

  @Test
  void readsTheIssuesExample() {
    BenchmarkRun run =
        SpecLoader.parse(
            "t",
            HEAD
                + """
                metadata: {name: hero}
                spec:
                  workload: {endpoint: order-summary, stubDelay: 100ms, connectionMode: released, pathMode: normal}
                  sut:      {image: x, cpu: 4, memory: 2Gi, tomcatMaxThreads: 200}
                  stub:     {cpu: 1, memory: 512Mi}
                  database: {cpu: 1, memory: 1Gi, storage: 2Gi, seed: {customers: 100000, orders: 1000000}}
                  load:     {executor: ramping-vus, ramp: 8s, warmup: 10s, hold: 20s, cpu: 3}
                  matrix:   {threadModes: [platform, virtual], hikariPoolSizes: [50],
                             concurrency: [100, 500, 1000, 2500, 5000, 10000], repetitions: 3}
                """);
    assertThat(run.metadata.name).isEqualTo("hero");
    assertThat(run.spec.sut.cpu).isEqualTo("4");
  }

  @Test
  void unpinnedTiersTakeAnyCpuQuantityButStillAValidOne() {
    var run =
        SpecLoader.parse(
            "shared.yaml",
            HEAD
                + """
                metadata: {name: shared}
                spec:
                  stub: {pinned: false, cpu: 500m}
                  database: {pinned: false, cpu: "0.5"}
                """);
    assertThat(run.spec.stub.cpu).isEqualTo("500m");
    assertThat(Quantities.cpus("500m")).isEqualTo(1);
    assertThat(Quantities.cpus("2000m")).isEqualTo(2);
    assertThat(Quantities.millis("1.5")).isEqualTo(1500);
    assertThatThrownBy(
            () ->
                SpecLoader.parse(
                    "bad.yaml",
                    HEAD
                        + """
                        metadata: {name: shared}
                        spec:
                          stub: {pinned: false, cpu: lots}
                        """))
        .isInstanceOfSatisfying(
            SpecLoader.InvalidSpecException.class,
            e -> assertThat(e.problems()).contains("spec.stub.cpu: " + QuantityRules.CPU_MESSAGE));
  }

  @Test
  void everyProblemIsListedNamingFieldValueAndAllowedValues() {
    assertThatThrownBy(
            () ->
                SpecLoader.parse(
                    "bad.yaml",
                    HEAD
                        + """
                        metadata: {name: Bad_Name}
                        spec:
                          workload: {connectionMode: sometimes}
                          sut: {cpu: "1.5"}
                          load: {hold: 20 seconds, executor: open}
                          matrix: {threadModes: [platform, green], concurrency: [100, -5], hikariPoolSizes: []}
                        """))
        .isInstanceOfSatisfying(
            SpecLoader.InvalidSpecException.class,
            e ->
                assertThat(e.problems())
                    .containsExactlyInAnyOrder(
                        SpecRules.RUN_NAME_MESSAGE,
                        "spec.workload.connectionMode: 'sometimes' must be released or held",
                        "spec.sut.cpu: " + QuantityRules.WHOLE_CPU_MESSAGE,
                        "spec.load.executor: 'open' must be ramping-vus or constant-arrival-rate",
                        "spec.load.hold: '20 seconds' must match ^([0-9]+(ms|s|m|h))+$ (The"
                            + " measured window at the level, e.g. 20s.)",
                        "spec.matrix.threadModes: must list platform, virtual and/or reactive,"
                            + " each once",
                        "spec.matrix.concurrency: must list concurrency levels from 1 to 100000,"
                            + " each once",
                        "spec.matrix.hikariPoolSizes: 0 items; at least 1 needed"));
  }

  @Test
  void prometheusRemoteWriteNeedsAnHttpUrl() {
    String spec =
        HEAD
            + """
            metadata: {name: rw}
            spec:
              load: {prometheusRemoteWrite: {url: %s}}
            """;
    assertThat(
            SpecLoader.parse("ok.yaml", spec.formatted("\"http://p:9090/api/v1/write\""))
                .spec
                .load
                .prometheusRemoteWrite)
        .satisfies(rw -> assertThat(rw.nativeHistograms).isTrue());
    assertThatThrownBy(() -> SpecLoader.parse("bad.yaml", spec.formatted("\"p:9090/write\"")))
        .isInstanceOfSatisfying(
            SpecLoader.InvalidSpecException.class,
            e ->
                assertThat(e.problems())
                    .singleElement()
                    .asString()
                    .startsWith(
                        "spec.load.prometheusRemoteWrite.url: 'p:9090/write' must be an http:// or"
                            + " https:// URL with a host name"));
  }

  @Test
  void unknownFieldsAndWrongTypesNameThePath() {
    assertThatThrownBy(
            () -> SpecLoader.parse("t", HEAD + "metadata: {name: a}\nspec: {matrix: {reps: 3}}\n"))
        .hasMessageContaining("spec.matrix.reps: unknown field; known fields:")
        .hasMessageContaining("repetitions");
    assertThatThrownBy(
            () ->
                SpecLoader.parse(
                    "t", HEAD + "metadata: {name: a}\nspec: {matrix: {repetitions: many}}\n"))
        .hasMessageContaining("spec.matrix.repetitions");
  }

  @Test
  void durationsParseTheK6Way() {
    assertThat(Durations.parse("f", "100ms")).isEqualTo(Duration.ofMillis(100));
    assertThat(Durations.parse("f", "1m30s")).isEqualTo(Duration.ofSeconds(90));
    assertThat(Durations.format(Duration.ofMillis(1500))).isEqualTo("1500ms");
    assertThat(Durations.format(Duration.ofSeconds(20))).isEqualTo("20s");
    for (String bad : List.of("", "10", "s", "10sec", "-1s", "1.5s")) {
      assertThatThrownBy(() -> Durations.parse("spec.load.ramp", bad))
          .hasMessageStartingWith("spec.load.ramp: ");
    }
  }
}
