package dev.vtbench.engine.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.model.SpecLoader;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The load ConfigMap's size, as the operator checks it before a run starts. */
class LoadSizeTest {

  static final String SUT = "http://r-sut:8080";
  static final String STUB = "http://r-stub:8080";

  /** A service whose one request draws from 1,000 values of {@code length} characters. */
  static BenchmarkRunSpec mix(int length, int levels, String load) {
    String values =
        IntStream.range(0, 1000)
            .mapToObj(i -> "'" + String.format("%0" + length + "d", i) + "'")
            .collect(Collectors.joining(", ", "[", "]"));
    String concurrency =
        IntStream.rangeClosed(1, levels)
            .mapToObj(Integer::toString)
            .collect(Collectors.joining(", ", "[", "]"));
    return SpecLoader.parse(
            "t.yaml",
            """
            apiVersion: vtbench.dev/v1alpha1
            kind: BenchmarkRun
            metadata: {name: r}
            spec:
              sut: {service: {jar: app.jar}}
              workload: {requests: [{path: '/o/{v}', params: {v: {values: %s}}}]}
              matrix: {hikariPoolSizes: [10], concurrency: %s, repetitions: 1}
              load: {%s}
            """
                .formatted(values, concurrency, load))
        .spec;
  }

  @Test
  void twelveStagesOfOneSutCarryTheMixTwelveTimes() {
    long one = LoadSize.configMapBytes(mix(100, 12, "runner: testrun"), SUT, STUB);
    long staged = LoadSize.configMapBytes(mix(100, 12, "runner: job"), SUT, STUB);
    // 1,000 values of 100 characters and their quotes: the mix alone is over 100 KB per script
    assertThat(one).isGreaterThan(100_000).isLessThan(LoadSize.CONFIG_MAP_MAX);
    assertThat(staged).isEqualTo(12 * one);
    // parallel runners run one scenario per load, as a TestRun does
    assertThat(LoadSize.configMapBytes(mix(100, 12, "parallelism: 2"), SUT, STUB))
        .isBetween(one - 4096, one + 4096);
    // four levels: at most four scenarios of one SUT configuration follow each other
    assertThat(LoadSize.configMapBytes(mix(100, 4, "runner: auto"), SUT, STUB)).isEqualTo(4 * one);
  }

  @Test
  void aMixThatPassesOneMebibyteOnceStagedIsRefusedWithTheNumberAndTheLimit() {
    BenchmarkRunSpec staged = mix(100, 12, "runner: auto");
    long bytes = LoadSize.configMapBytes(staged, SUT, STUB);
    assertThat(bytes).isGreaterThan(LoadSize.CONFIG_MAP_MAX);
    assertThat(LoadSize.problem(staged, SUT, STUB))
        .hasValueSatisfying(
            p ->
                assertThat(p)
                    .startsWith("spec.workload.requests: on Kubernetes")
                    .contains(bytes + " bytes (12 stage scripts")
                    .contains("1048576 bytes (1 MiB)"));
    assertThat(LoadSize.problem(mix(100, 12, "runner: testrun"), SUT, STUB)).isEmpty();
  }

  @Test
  void vtbenchsOwnSutFitsWithTwelveStages() {
    BenchmarkRunSpec spec =
        SpecLoader.parse(
                "t.yaml",
                """
        apiVersion: vtbench.dev/v1alpha1
        kind: BenchmarkRun
        metadata: {name: r}
        spec: {load: {runner: job}}
        """)
            .spec;
    assertThat(LoadSize.problem(spec, SUT, STUB)).isEmpty();
    assertThat(LoadSize.configMapBytes(spec, SUT, STUB)).isLessThan(LoadSize.CONFIG_MAP_MAX / 2);
  }
}
