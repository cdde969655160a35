package dev.vtbench.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.model.rules.BuildRules;
import dev.vtbench.engine.model.rules.SpecRules;
import dev.vtbench.engine.model.spec.BuildSpec;
import dev.vtbench.engine.model.spec.ServiceSpec;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * spec.matrix.builds: the planner's axis, the JVM each build is, and what each platform starts for
 * it ({@link ServiceBuild}).
 */
class BuildsTest {

  static BuildSpec build(String name, String image, String jar, List<String> command) {
    BuildSpec b = new BuildSpec();
    b.name = name;
    b.image = image;
    b.jar = jar;
    b.command = command;
    return b;
  }

  /** A user's service (orders.jar, orders:1) at pool 10, 100 and 200 VUs, with these builds. */
  static BenchmarkRunSpec spec(int reps, BuildSpec... builds) {
    BenchmarkRunSpec s = PlannerTest.spec(List.of(10), List.of(100, 200), reps);
    s.sut.service = new ServiceSpec();
    s.sut.service.image = "registry.example/orders:1";
    s.sut.service.jar = "orders.jar";
    s.matrix.builds = builds.length == 0 ? null : new ArrayList<>(List.of(builds));
    return s;
  }

  @Test
  void withoutTheAxisOrWithOneBuildTheIdsAreTheOnesBefore() {
    List<Scenario> before = Planner.plan(spec(2));
    assertThat(before.getFirst().id()).isEqualTo("r1-platform-pool10-c100");
    assertThat(before.getFirst().sut().build()).isEmpty();
    // one build: nothing to tell apart in the id, but its own JVM
    List<Scenario> one = Planner.plan(spec(2, build("next", "orders:2", null, null)));
    assertThat(one).extracting(Scenario::id).isEqualTo(before.stream().map(Scenario::id).toList());
    assertThat(one.getFirst().sut().build()).isEqualTo("next");
    assertThat(one.getFirst().sut().key()).isNotEqualTo(before.getFirst().sut().key());
  }

  @Test
  void twoBuildsRunBackToBackInEachThreadModeWithTheirNamesInTheIds() {
    List<Scenario> plan =
        Planner.plan(
            spec(
                2, build("boot-3.4", null, null, null), build("boot-4.0", "orders:2", null, null)));

    assertThat(plan).hasSize(2 * 2 * 2 * 2);
    assertThat(new HashSet<>(plan.stream().map(Scenario::id).toList())).hasSize(plan.size());
    assertThat(plan)
        .extracting(Scenario::id)
        .containsExactly(
            "r1-boot-3.4-platform-pool10-c100",
            "r1-boot-3.4-platform-pool10-c200",
            "r1-boot-4.0-platform-pool10-c100",
            "r1-boot-4.0-platform-pool10-c200",
            "r1-boot-3.4-virtual-pool10-c100",
            "r1-boot-3.4-virtual-pool10-c200",
            "r1-boot-4.0-virtual-pool10-c100",
            "r1-boot-4.0-virtual-pool10-c200",
            // repetition 2 goes on with the JVM repetition 1 ended with, levels rotated
            "r2-boot-4.0-virtual-pool10-c200",
            "r2-boot-4.0-virtual-pool10-c100",
            "r2-boot-3.4-virtual-pool10-c200",
            "r2-boot-3.4-virtual-pool10-c100",
            "r2-boot-4.0-platform-pool10-c200",
            "r2-boot-4.0-platform-pool10-c100",
            "r2-boot-3.4-platform-pool10-c200",
            "r2-boot-3.4-platform-pool10-c100");
    assertThat(plan.get(2).sut().build()).isEqualTo("boot-4.0");
    // 4 JVMs in repetition 1, 3 more in repetition 2
    assertThat(Planner.sutStarts(plan)).isEqualTo(7);
  }

  @Test
  void withJvmOptionsTooTheBuildsOfOneValueRunBackToBack() {
    BenchmarkRunSpec s = spec(1, build("a", null, null, null), build("b", null, null, null));
    s.matrix.threadModes = List.of("virtual");
    s.matrix.concurrency = List.of(100);
    s.matrix.jvmOptions = List.of("-XX:+UseParallelGC", "-XX:+UseG1GC");
    assertThat(Planner.plan(s))
        .extracting(Scenario::id)
        .containsExactly(
            "r1-jvm1-a-virtual-pool10-c100",
            "r1-jvm1-b-virtual-pool10-c100",
            "r1-jvm2-a-virtual-pool10-c100",
            "r1-jvm2-b-virtual-pool10-c100");
  }

  @Test
  void eachBuildIsAnotherJvmAndThePoolStillIsToo() {
    SutConfig none = Planner.plan(spec(1)).getFirst().sut();
    SutConfig a = none.withBuild("a");
    SutConfig b = none.withBuild("b");

    assertThat(a.key()).isNotEqualTo(none.key()).isNotEqualTo(b.key()).hasSize(12);
    assertThat(a.restartKey()).isNotEqualTo(b.restartKey()).isNotEqualTo(none.restartKey());
    // the environment is the matrix's, the same for every build
    assertThat(a.env()).isEqualTo(none.env());
    assertThat(a.withHikariPool(20).build()).isEqualTo("a");
    assertThat(a.withJvmOptions("-XX:+UseZGC").build()).isEqualTo("a");
    assertThat(a.withBuild("a")).isEqualTo(a);
  }

  /**
   * What a build leaves out is the service's: the image on a cluster; locally its jar or command,
   * either of which replaces both of the service's.
   */
  @Test
  void aBuildReplacesTheServicesArtifactAndFallsBackToItPerPlatform() {
    BenchmarkRunSpec s =
        spec(
            1,
            build("same", null, null, null),
            build("image", "orders:2", null, null),
            build("jar", null, "orders-2.jar", null),
            build("cmd", "orders:3", null, List.of("./run.sh", "--fast")));

    assertThat(ServiceBuild.all(s))
        .containsExactly(
            new ServiceBuild("same", "registry.example/orders:1", "orders.jar", null),
            new ServiceBuild("image", "orders:2", "orders.jar", null),
            new ServiceBuild("jar", "registry.example/orders:1", "orders-2.jar", null),
            new ServiceBuild("cmd", "orders:3", null, List.of("./run.sh", "--fast")));
    // a service with a command: a build's jar replaces it
    s.sut.service.jar = null;
    s.sut.service.command = List.of("./orders");
    assertThat(ServiceBuild.all(s).get(2).command()).isNull();
    assertThat(ServiceBuild.all(s).get(2).jar()).isEqualTo("orders-2.jar");
    assertThat(ServiceBuild.all(s).getFirst().command()).containsExactly("./orders");

    // the config names the build; without the axis it is the service itself
    Scenario first = Planner.plan(s).getFirst();
    assertThat(ServiceBuild.of(s, first.sut()).name()).isEqualTo("same");
    assertThat(ServiceBuild.of(s, first.sut().withBuild("")))
        .isEqualTo(new ServiceBuild("", "registry.example/orders:1", null, List.of("./orders")));
    assertThatThrownBy(() -> ServiceBuild.of(s, first.sut().withBuild("other")))
        .hasMessageContaining("no build named 'other'");
    // where an image comes from, for a message about a pull that failed
    assertThat(ServiceBuild.of(s, first.sut()).imageField(s)).isEqualTo("spec.sut.service.image");
    assertThat(ServiceBuild.of(s, first.sut().withBuild("cmd")).imageField(s))
        .isEqualTo("spec.matrix.builds[3].image");
  }

  /**
   * A scenario id is a label value (k6 runners, pods): the longest the spec allows, with the
   * longest build name and every axis at its widest, stays within 63 characters.
   */
  @Test
  void theLongestScenarioIdIsStillALabelValue() {
    BenchmarkRunSpec s =
        spec(
            1,
            build("a".repeat(BuildRules.NAME_MAX), null, null, null),
            build("b".repeat(BuildRules.NAME_MAX), null, null, null));
    s.matrix.repetitions = SpecRules.REPETITIONS_MAX;
    s.matrix.threadModes = List.of("platform");
    s.matrix.hikariPoolSizes = List.of(SpecRules.POOL_MAX);
    s.matrix.concurrency = List.of(SpecRules.CONCURRENCY_MAX);
    s.matrix.jvmOptions = List.of("", "-Xss1m", "-Xss2m", "-Xss4m");
    String longest =
        Planner.plan(s).stream()
            .map(Scenario::id)
            .max(java.util.Comparator.comparingInt(String::length))
            .orElseThrow();
    assertThat(longest)
        .isEqualTo("r100-jvm4-" + "b".repeat(20) + "-platform-pool1000-c100000")
        .matches(SpecRules.LABEL_VALUE);
    assertThat(longest.length()).isLessThanOrEqualTo(SpecRules.LABEL_MAX);
  }
}
