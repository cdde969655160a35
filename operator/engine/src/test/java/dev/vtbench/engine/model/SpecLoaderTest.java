package dev.vtbench.engine.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
    assertThat(SpecValidator.cpus("500m")).isEqualTo(1);
    assertThat(SpecValidator.cpus("2000m")).isEqualTo(2);
    assertThat(SpecValidator.millis("1.5")).isEqualTo(1500);
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
            e ->
                assertThat(e.problems())
                    .containsExactly(
                        "spec.stub.cpu: 'lots' is not a CPU quantity; write e.g. 1, 1.5 or 500m"));
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
                        "metadata.name: 'Bad_Name' must start with a lower-case letter and hold"
                            + " only lower-case letters, digits and '-' (not at the end), at most 34"
                            + " characters",
                        "spec.workload.connectionMode: 'sometimes' is not one of released, held",
                        "spec.sut.cpu: '1.5' must be a whole number of CPUs (e.g. 1, 2 or 2000m)"
                            + " so the tier can be pinned to cores, or set pinned: false",
                        "spec.load.executor: 'open' is not one of ramping-vus,"
                            + " constant-arrival-rate",
                        "spec.load.hold: '20 seconds' is not a duration; write e.g. 10s, 250ms or"
                            + " 1m30s",
                        "spec.matrix.threadModes[1]: 'green' is not one of platform, virtual,"
                            + " reactive",
                        "spec.matrix.hikariPoolSizes: must list at least one positive integer",
                        "spec.matrix.concurrency[1]: -5 must be a positive integer"))
        .hasMessageStartingWith("bad.yaml is not a valid BenchmarkRun:");
  }

  /**
   * Seed 002's baseline is a third thread mode; it has no synchronized path, and the virtual to
   * platform ratio still needs both of those two.
   */
  @Test
  void reactiveIsAThirdThreadModeWithoutTheSynchronizedPath() {
    String spec =
        HEAD
            + """
            metadata: {name: three}
            spec:
              workload: {pathMode: %s}
              matrix: {threadModes: %s}
              thresholds: {minVirtualToPlatformRatio: %s}
            """;
    assertThat(
            SpecLoader.parse(
                    "ok.yaml",
                    spec.formatted("normal", "[platform, virtual, reactive]", "[{ratio: 2}]"))
                .spec
                .matrix
                .threadModes)
        .containsExactly("platform", "virtual", "reactive");
    assertThatThrownBy(
            () ->
                SpecLoader.parse(
                    "bad.yaml",
                    spec.formatted("synchronized", "[virtual, reactive]", "[{ratio: 2}]")))
        .isInstanceOfSatisfying(
            SpecLoader.InvalidSpecException.class,
            e ->
                assertThat(e.problems())
                    .containsExactlyInAnyOrder(
                        "spec.workload.pathMode: " + SpecRules.REACTIVE_PATH_MESSAGE,
                        "spec.thresholds.minVirtualToPlatformRatio: needs both platform and virtual"
                            + " in spec.matrix.threadModes, which lists [virtual, reactive]"));
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
                    .containsExactly(
                        "spec.load.prometheusRemoteWrite.url: must be an http:// or https:// URL"
                            + " with a host name and no user or password (credentials go in"
                            + " credentialsSecretRef), its path and query only letters, digits and"
                            + " - . _ ~ % / : = ? + , @ (no shell characters such as $ ` ; | & '"
                            + " \" ( ) or spaces), e.g. http://prometheus:9090/api/v1/write (got"
                            + " 'p:9090/write')"));
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
