package dev.vtbench.engine.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.model.rules.MatrixRules;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** spec.matrix.jvmOptions as the local validator judges it (CrdEvaluatorIT: as the CRD does). */
class JvmOptionsSpecTest {

  static List<String> problems(String jvmOptions) {
    String yaml =
        SpecLoaderTest.HEAD
            + "metadata: {name: jvm}\nspec:\n  matrix: {jvmOptions: "
            + jvmOptions
            + "}\n";
    try {
      SpecLoader.parse("t.yaml", yaml);
      return List.of();
    } catch (SpecLoader.InvalidSpecException e) {
      return e.problems();
    }
  }

  @Test
  void leftOutItIsOneEmptyValue() {
    BenchmarkRun run = SpecLoader.parse("t", SpecLoaderTest.HEAD + "metadata: {name: a}\n");
    assertThat(run.spec.matrix.jvmOptions).containsExactly("");
  }

  @Test
  void acceptsOptionsSeparatedBySpaces() {
    assertThat(problems("['-XX:+UseParallelGC', '-XX:+UseG1GC']")).isEmpty();
    assertThat(
            problems("['', '-XX:+UseZGC -Xss512k', '-Djdk.virtualThreadScheduler.parallelism=1']"))
        .isEmpty();
    assertThat(problems("['-Xlog:gc:file=/tmp/gc.log', '--enable-preview', '-XX:+UseG1GC']"))
        .isEmpty();
  }

  @Test
  void refusesShellCharactersQuotesAndOptionsWithoutADash() {
    for (String bad :
        List.of(
            "'UseG1GC'",
            "'-XX:+UseG1GC; rm -rf /'",
            "'-Dx=$(id)'",
            "'-Dx=`id`'",
            "'-Xlog:gc*'",
            "'-Dx=\"a b\"'",
            "'-XX:+UseG1GC  -Xss1m'",
            "' -XX:+UseG1GC'",
            "'-XX:+UseG1GC | cat'",
            "'-Dx=a&b'",
            "'-'")) {
      assertThat(problems("[" + bad + "]"))
          .as(bad)
          .singleElement()
          .asString()
          .startsWith("spec.matrix.jvmOptions: ");
    }
  }

  @Test
  void refusesRepeatsNoValuesAndTooManyNamingTheField() {
    assertThat(problems("['-XX:+UseZGC', '-XX:+UseZGC']"))
        .singleElement()
        .asString()
        .startsWith("spec.matrix.jvmOptions: must list at most 4 different values");
    assertThat(problems("[]")).singleElement().asString().startsWith("spec.matrix.jvmOptions: ");
    assertThat(problems("['', '-Xss1m', '-Xss2m', '-Xss4m', '-Xss8m']"))
        .singleElement()
        .asString()
        .startsWith("spec.matrix.jvmOptions: 5 items; at most 4 allowed");
    assertThat(problems("['-D" + "x".repeat(MatrixRules.JVM_OPTION_MAX) + "']"))
        .singleElement()
        .asString()
        .contains("at most " + MatrixRules.JVM_OPTION_MAX + " allowed");
  }

  @Test
  void theAxisCountsTowardsTheScenarioCap() {
    // 2 modes × 1 pool × 256 levels × 10 reps × 4 JVMs = 20,480 > 10,000
    String levels =
        String.join(
            ", ",
            java.util.stream.IntStream.rangeClosed(1, 256)
                .mapToObj(i -> Integer.toString(i))
                .toList());
    String yaml =
        SpecLoaderTest.HEAD
            + "metadata: {name: jvm}\nspec:\n  matrix: {concurrency: ["
            + levels
            + "], repetitions: 10, jvmOptions: ['', '-Xss1m', '-Xss2m', '-Xss4m']}\n";
    try {
      SpecLoader.parse("t.yaml", yaml);
      throw new AssertionError("accepted " + yaml);
    } catch (SpecLoader.InvalidSpecException e) {
      assertThat(e.problems())
          .singleElement()
          .asString()
          .startsWith("spec.matrix: " + MatrixRules.SCENARIOS_MESSAGE);
    }
  }

  /** The rule is one regular expression for Java and for the CRD's CEL: no escapes to diverge. */
  @Test
  void thePatternNeedsNoEscapesInCel() {
    assertThat(MatrixRules.JVM_OPTIONS).doesNotContain("\\").doesNotContain("'");
    assertThat(Pattern.matches(MatrixRules.JVM_OPTIONS, "")).isTrue();
    assertThat(MatrixRules.JVM_OPTIONS_RULE).contains(MatrixRules.JVM_OPTIONS);
  }
}
