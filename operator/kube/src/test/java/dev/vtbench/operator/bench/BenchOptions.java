package dev.vtbench.operator.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * What {@code make operator-bench} was asked for, from system properties the Makefile sets from
 * RUNS, NAMESPACES, SCENARIOS, OPERATOR_JVM and OPERATOR_ENV ({@link OperatorBench} lists them with
 * defaults).
 */
record BenchOptions(
    int runs,
    int namespaces,
    int scenarios,
    Duration timeout,
    List<String> operatorJvm,
    Map<String, String> operatorEnv,
    Path jar,
    Path out) {

  /** The JVM sized as the chart's 512Mi / 500m pod sizes it, unless OPERATOR_JVM says otherwise. */
  static final String POD_SIZED = "-XX:MaxRAM=512m -XX:ActiveProcessorCount=1";

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
                (or(p.apply("bench.imageJvm"), "")
                        + " "
                        + or(p.apply("bench.operatorJvm"), POD_SIZED))
                    .split("\\s+"))
            .filter(s -> !s.isBlank())
            .toList(),
        env(or(p.apply("bench.operatorEnv"), "")),
        Path.of(or(p.apply("bench.jar"), "target/vtbench-operator-0.1.0-SNAPSHOT-all.jar")),
        Path.of(or(p.apply("bench.out"), "target/operator-bench")));
  }

  /** {@code NAME=value} pairs separated by blanks, for the operator's environment. */
  static Map<String, String> env(String pairs) {
    Map<String, String> env = new LinkedHashMap<>();
    for (String pair : pairs.strip().split("\\s+")) {
      if (pair.isEmpty()) {
        continue;
      }
      int eq = pair.indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException(
            "bench.operatorEnv (OPERATOR_ENV) takes NAME=value pairs, not '" + pair + "'");
      }
      env.put(pair.substring(0, eq), pair.substring(eq + 1));
    }
    return env;
  }

  private static String or(String v, String dflt) {
    return v == null || v.isBlank() ? dflt : v;
  }
}
