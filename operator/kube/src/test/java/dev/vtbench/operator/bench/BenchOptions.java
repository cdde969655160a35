package dev.vtbench.operator.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * What {@code make operator-bench} was asked for, from system properties the Makefile sets from
 * RUNS, NAMESPACES, SCENARIOS and OPERATOR_JVM ({@link OperatorBench} lists them with defaults).
 */
record BenchOptions(
    int runs,
    int namespaces,
    int scenarios,
    Duration timeout,
    List<String> operatorJvm,
    Path jar,
    Path out) {

  static BenchOptions fromSystemProperties() {
    Function<String, String> p = System::getProperty;
    int scenarios = Integer.parseInt(or(p.apply("bench.scenarios"), "2"));
    if (scenarios != 1 && scenarios != 2) {
      throw new IllegalArgumentException("bench.scenarios is 1 or 2, not " + scenarios);
    }
    return new BenchOptions(
        Integer.parseInt(or(p.apply("bench.runs"), "200")),
        Integer.parseInt(or(p.apply("bench.namespaces"), "20")),
        scenarios,
        Duration.ofMinutes(Long.parseLong(or(p.apply("bench.timeoutMinutes"), "30"))),
        Arrays.stream(
                or(p.apply("bench.operatorJvm"), "-XX:MaxRAM=512m -XX:ActiveProcessorCount=1")
                    .split("\\s+"))
            .filter(s -> !s.isBlank())
            .toList(),
        Path.of(or(p.apply("bench.jar"), "target/vtbench-operator-0.1.0-SNAPSHOT-all.jar")),
        Path.of(or(p.apply("bench.out"), "target/operator-bench")));
  }

  private static String or(String v, String dflt) {
    return v == null || v.isBlank() ? dflt : v;
  }
}
