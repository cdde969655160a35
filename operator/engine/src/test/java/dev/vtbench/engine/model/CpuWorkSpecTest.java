package dev.vtbench.engine.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.model.rules.CpuWorkRules;
import java.util.List;
import org.junit.jupiter.api.Test;

/** spec.matrix.cpuPerRequest's grammar and bounds as the local CLI applies them. */
class CpuWorkSpecTest {

  static List<String> problems(String matrix) {
    String yaml =
        SpecLoaderTest.HEAD + "metadata: {name: cpu}\nspec:\n  matrix: {" + matrix + "}\n";
    try {
      return SpecValidation.local(SpecLoader.parse("t.yaml", yaml));
    } catch (SpecLoader.InvalidSpecException e) {
      return e.problems();
    }
  }

  @Test
  void valuesAreWholeMicrosecondsOrMilliseconds() {
    assertThat(CpuWorkRules.micros("0us")).isZero();
    assertThat(CpuWorkRules.micros("750us")).isEqualTo(750);
    assertThat(CpuWorkRules.micros("3ms")).isEqualTo(3000);
    assertThat(CpuWorkRules.micros("1.5ms")).isEqualTo(-1);
    assertThat(CpuWorkRules.micros("2s")).isEqualTo(-1);
    assertThat(CpuWorkRules.steps(null)).containsExactly(0L);
    assertThat(CpuWorkRules.steps(List.of("1ms", "0us"))).containsExactly(1000L, 0L);
  }

  @Test
  void aSweepWithinBoundsPassesAndAnythingElseNamesTheField() {
    assertThat(problems("cpuPerRequest: ['0us', '500us', '2ms', '20ms']")).isEmpty();
    assertThat(problems("cpuPerRequest: ['21ms']"))
        .containsExactly("spec.matrix.cpuPerRequest: " + CpuWorkRules.MESSAGE);
    for (String bad :
        List.of("['21ms']", "['1.5ms']", "['1ms', '1000us']", "['-1ms']", "[]", "['1s']")) {
      assertThat(problems("cpuPerRequest: " + bad))
          .as(bad)
          .isNotEmpty()
          .allMatch(p -> p.startsWith("spec.matrix.cpuPerRequest"));
    }
  }
}
