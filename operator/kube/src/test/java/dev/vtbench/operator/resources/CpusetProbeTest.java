package dev.vtbench.operator.resources;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the cpuset probe of a user's service reports, as the operator reads it from the pod. */
class CpusetProbeTest {

  @Test
  void readsTheTwoCpuListsOfTheTerminationMessage() {
    assertThat(CpusetProbe.parse("cpuset=2-3 online=0-7\n"))
        .isEqualTo(new CpusetProbe.Cores("2-3", "0-7"));
    assertThat(CpusetProbe.parse("cpuset=0-1,4 online="))
        .isEqualTo(new CpusetProbe.Cores("0-1,4", null));
    assertThat(CpusetProbe.parse("cpuset= online=0-3"))
        .isEqualTo(new CpusetProbe.Cores(null, "0-3"));
  }

  @Test
  void aPodWhoseProbeHasNotRunSaysNothing() {
    assertThat(CpusetProbe.of(new PodBuilder().build())).isEmpty();
    assertThat(CpusetProbe.of(pod(null))).isEmpty();
    assertThat(CpusetProbe.of(pod("cpuset=5 online=0-7")))
        .contains(new CpusetProbe.Cores("5", "0-7"));
  }

  @Test
  void theProbeUsesOnlyShellBuiltInsAndWritesTheTerminationLog() {
    var c = CpusetProbe.container("vtbench/k6:1.8.1", "2");
    assertThat(c.getCommand()).startsWith("sh", "-c");
    assertThat(c.getCommand().get(2))
        .contains("/proc/self/status", "/sys/devices/system/cpu/online", "/dev/termination-log")
        .doesNotContain("cat ", "grep ");
    assertThat(c.getResources().getRequests()).isEqualTo(c.getResources().getLimits());
  }

  private static Pod pod(String message) {
    var state =
        message == null
            ? new ContainerStatusBuilder()
                .withName(CpusetProbe.NAME)
                .withNewState()
                .withNewRunning()
                .endRunning()
                .endState()
            : new ContainerStatusBuilder()
                .withName(CpusetProbe.NAME)
                .withNewState()
                .withNewTerminated()
                .withExitCode(0)
                .withMessage(message)
                .endTerminated()
                .endState();
    return new PodBuilder()
        .withNewStatus()
        .withInitContainerStatuses(List.of(state.build()))
        .endStatus()
        .build();
  }
}
