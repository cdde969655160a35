package dev.vtbench.operator.resources;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.plan.SutConfig;
import dev.vtbench.operator.api.BenchmarkRunResource;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import java.time.Duration;
import java.util.List;
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

  /**
   * spec.matrix.jvmOptions reaches a container's JVM through JAVA_TOOL_OPTIONS, after the sizing
   * vtbench puts there; a config without them keeps the variable, and the pod template, it had.
   */
  @Test
  void jvmOptionsAreAppendedToJavaToolOptionsOfTheSutAndOfAUsersService() {
    BenchmarkRunResource run = DesiredObjectsTest.run("jvm");
    run.getSpec().sut.cpu = "2";
    String sizing = "-XX:MaxRAMPercentage=75 -XX:ActiveProcessorCount=2";
    SutConfig none =
        new SutConfig("virtual", 20, "released", "normal", 200, Duration.ofSeconds(60), Map.of());
    SutConfig zgc = none.withJvmOptions("-XX:+UseZGC -Xss512k");

    assertThat(env(container(run, none))).containsEntry("JAVA_TOOL_OPTIONS", sizing);
    assertThat(env(container(run, zgc)))
        .containsEntry("JAVA_TOOL_OPTIONS", sizing + " -XX:+UseZGC -Xss512k");
    // another JVM: another config annotation, so the Deployment rolls
    assertThat(SutTier.deployment(run, zgc).getSpec().getTemplate().getMetadata().getAnnotations())
        .containsEntry(SutTier.CONFIG_ANNOTATION, zgc.key());
    assertThat(zgc.key()).isNotEqualTo(none.key());

    run.getSpec().sut.service = new dev.vtbench.engine.model.spec.ServiceSpec();
    run.getSpec().sut.service.image = "registry.example/orders:1.4";
    SutConfig service =
        new SutConfig(
                "virtual",
                10,
                "released",
                "normal",
                200,
                Duration.ofSeconds(60),
                Map.of(),
                dev.vtbench.engine.plan.ServiceEnv.of(run.getSpec().sut.service))
            .withJvmOptions("-XX:+UseG1GC");
    assertThat(env(container(run, service)))
        .containsEntry("JAVA_TOOL_OPTIONS", sizing + " -XX:+UseG1GC");
  }

  /**
   * spec.matrix.builds: each config runs its build's image (the service's where the build names
   * none), under a config key of its own, so the Deployment rolls from one build to the next; the
   * rest of the pod is the same.
   */
  @Test
  void aUsersServiceRunsTheImageOfTheConfigsBuild() {
    BenchmarkRunResource run = DesiredObjectsTest.run("builds");
    run.getSpec().sut.service = new dev.vtbench.engine.model.spec.ServiceSpec();
    run.getSpec().sut.service.image = "registry.example/orders:1.4";
    dev.vtbench.engine.model.spec.BuildSpec same = new dev.vtbench.engine.model.spec.BuildSpec();
    same.name = "current";
    dev.vtbench.engine.model.spec.BuildSpec next = new dev.vtbench.engine.model.spec.BuildSpec();
    next.name = "next";
    next.image = "registry.example/orders:2.0";
    run.getSpec().matrix.builds = List.of(same, next);
    SutConfig service =
        new SutConfig(
            "virtual",
            10,
            "released",
            "normal",
            200,
            Duration.ofSeconds(60),
            Map.of(),
            dev.vtbench.engine.plan.ServiceEnv.of(run.getSpec().sut.service));
    SutConfig current = service.withBuild("current");
    SutConfig other = service.withBuild("next");

    Container a = container(run, current);
    Container b = container(run, other);
    assertThat(a.getImage()).isEqualTo("registry.example/orders:1.4");
    assertThat(b.getImage()).isEqualTo("registry.example/orders:2.0");
    assertThat(env(b)).isEqualTo(env(a));
    assertThat(
            SutTier.deployment(run, other).getSpec().getTemplate().getMetadata().getAnnotations())
        .containsEntry(SutTier.CONFIG_ANNOTATION, other.key());
    assertThat(other.key()).isNotEqualTo(current.key());
  }

  private static Container container(BenchmarkRunResource run, SutConfig config) {
    return SutTier.deployment(run, config).getSpec().getTemplate().getSpec().getContainers().get(0);
  }

  @Test
  void theReactiveImageDefaultsToTheImageHackImagesShBuilds() {
    BenchmarkRunResource run = DesiredObjectsTest.run("defaults");
    assertThat(sut(run, "reactive").getImage()).isEqualTo("vtbench/sut-reactive:dev");
    assertThat(sut(run, "platform").getImage()).isEqualTo("vtbench/sut:dev");
  }
}
