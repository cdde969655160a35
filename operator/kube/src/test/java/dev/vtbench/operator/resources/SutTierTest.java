package dev.vtbench.operator.resources;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.plan.SutConfig;
import dev.vtbench.operator.api.BenchmarkRunResource;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The SUT Deployment runs the servlet SUT's image for platform and virtual rows and the reactive
 * SUT's ({@code spec.sut.reactiveImage}) for reactive rows, each with the env that tells them
 * apart.
 */
class SutTierTest {

  static Container sut(BenchmarkRunResource run, String threadMode) {
    SutConfig config =
        new SutConfig(threadMode, 20, "released", "normal", 200, Duration.ofSeconds(60), Map.of());
    return SutTier.deployment(run, config).getSpec().getTemplate().getSpec().getContainers().get(0);
  }

  static Map<String, String> env(Container c) {
    return c.getEnv().stream()
        .filter(e -> e.getValue() != null)
        .collect(Collectors.toMap(EnvVar::getName, EnvVar::getValue));
  }

  @Test
  void eachThreadModeRunsItsOwnSutImage() {
    BenchmarkRunResource run = DesiredObjectsTest.run("three-modes");
    run.getSpec().sut.image = "registry.example/team/sut:1";
    run.getSpec().sut.reactiveImage = "registry.example/team/sut-reactive:1";

    Container platform = sut(run, "platform");
    Container virtual = sut(run, "virtual");
    Container reactive = sut(run, "reactive");

    assertThat(platform.getImage()).isEqualTo("registry.example/team/sut:1");
    assertThat(virtual.getImage()).isEqualTo("registry.example/team/sut:1");
    assertThat(reactive.getImage()).isEqualTo("registry.example/team/sut-reactive:1");
    assertThat(env(platform)).containsEntry("VT_ENABLED", "false").doesNotContainKey("SUT_STACK");
    assertThat(env(virtual)).containsEntry("VT_ENABLED", "true").doesNotContainKey("SUT_STACK");
    assertThat(env(reactive))
        .containsEntry("VT_ENABLED", "false")
        .containsEntry(SutConfig.STACK_ENV, "reactive")
        .containsEntry("STUB_URL", StubTier.url(run));
  }

  @Test
  void theReactiveImageDefaultsToTheImageHackImagesShBuilds() {
    BenchmarkRunResource run = DesiredObjectsTest.run("defaults");
    assertThat(sut(run, "reactive").getImage()).isEqualTo("vtbench/sut-reactive:dev");
    assertThat(sut(run, "platform").getImage()).isEqualTo("vtbench/sut:dev");
  }
}
