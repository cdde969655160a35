package dev.vtbench.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The no-verdict hint says how to run the spec again the way this run was started: the installed
 * command (hack/vtbench exports VTBENCH_HOME) or make run (which runs the jar without it).
 */
class RerunHintTest {

  @Test
  void theInstalledCommandIsNamedWhenVtbenchRunsFromIt() {
    assertThat(Main.Run.rerun(Path.of("vtbench.yaml"), "/opt/vtbench"))
        .isEqualTo("vtbench run vtbench.yaml");
    assertThat(Main.Run.rerun(Path.of("examples/byo-orders.yaml"), null))
        .isEqualTo("make run SPEC=examples/byo-orders.yaml");
    assertThat(Main.Run.rerun(Path.of("x.yaml"), " ")).isEqualTo("make run SPEC=x.yaml");
  }
}
