package dev.vtbench.engine.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.model.rules.BuildRules;
import dev.vtbench.engine.model.rules.MatrixRules;
import dev.vtbench.engine.model.rules.ServiceRules;
import dev.vtbench.engine.model.spec.BuildSpec;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** spec.matrix.builds as the local validator judges it (CrdEvaluatorIT: as the CRD does). */
class BuildsSpecTest {

  static final String SERVICE =
      "  sut: {service: {jar: app.jar, image: orders:1}}\n"
          + "  workload: {requests: [{path: /orders}]}\n";

  static List<String> problems(String service, String matrix) {
    String yaml =
        SpecLoaderTest.HEAD
            + "metadata: {name: builds}\nspec:\n"
            + service
            + "  matrix: {"
            + matrix
            + "}\n";
    try {
      BenchmarkRun run = SpecLoader.parse("t.yaml", yaml);
      return LocalInputs.problems(run.spec);
    } catch (SpecLoader.InvalidSpecException e) {
      return e.problems();
    }
  }

  static List<String> problems(String builds) {
    return problems(SERVICE, "builds: " + builds);
  }

  @Test
  void leftOutThereIsNoAxis() {
    BenchmarkRun run = SpecLoader.parse("t", SpecLoaderTest.HEAD + "metadata: {name: a}\n");
    assertThat(run.spec.matrix.builds).isNull();
  }

  @Test
  void acceptsNamedBuildsEachWithOrWithoutItsOwnArtifact() {
    assertThat(problems("[{name: boot-3.4}, {name: boot-4.0, image: orders:2, jar: app-2.jar}]"))
        .isEmpty();
    assertThat(
            problems(
                "[{name: a}, {name: b.1, command: [./run.sh]}, {name: '25', image: o:25},"
                    + " {name: c-2, jar: x.jar}]"))
        .isEmpty();
    assertThat(problems("[{name: %s}]".formatted("a".repeat(BuildRules.NAME_MAX)))).isEmpty();
  }

  @Test
  void refusesBadNamesNamingTheFieldAndWhatIsAllowed() {
    for (String bad :
        List.of("Boot", "boot_3", "-boot", "boot-", "boot 3", ".a", "a".repeat(21), "''")) {
      assertThat(problems("[{name: %s}]".formatted(bad)))
          .as(bad)
          .isNotEmpty()
          .allMatch(p -> p.startsWith("spec.matrix.builds[0].name: "));
    }
    assertThat(problems("[{image: orders:2}]"))
        .singleElement()
        .asString()
        .isEqualTo("spec.matrix.builds[0].name: required");
  }

  @Test
  void refusesRepeatsNoBuildsTooManyAndBothJarAndCommand() {
    assertThat(problems("[{name: a}, {name: b}, {name: a}]"))
        .singleElement()
        .asString()
        .isEqualTo("spec.matrix.builds: " + BuildRules.UNIQUE_MESSAGE);
    assertThat(problems("[]"))
        .singleElement()
        .asString()
        .startsWith("spec.matrix.builds: 0 items; at least 1 needed");
    assertThat(problems("[{name: a}, {name: b}, {name: c}, {name: d}, {name: e}]"))
        .singleElement()
        .asString()
        .startsWith("spec.matrix.builds: 5 items; at most 4 allowed");
    assertThat(problems("[{name: a, jar: a.jar, command: [./a]}]"))
        .singleElement()
        .asString()
        .isEqualTo("spec.matrix.builds[0]: " + ServiceRules.JAR_OR_COMMAND_MESSAGE);
    assertThat(problems("[{name: a, image: 'Orders:2'}]"))
        .singleElement()
        .asString()
        .startsWith("spec.matrix.builds[0].image: ");
  }

  @Test
  void needsTheUsersService() {
    assertThat(problems("", "builds: [{name: a}, {name: b}]"))
        .singleElement()
        .asString()
        .isEqualTo("spec.matrix.builds: " + BuildRules.NEEDS_SERVICE_MESSAGE);
  }

  /** Locally a service may leave jar and command out when every build brings one. */
  @Test
  void aLocalRunNeedsAJarOrCommandFromTheServiceOrEveryBuild() {
    String imageOnly =
        "  sut: {service: {image: orders:1}}\n  workload: {requests: [{path: /orders}]}\n";
    assertThat(problems(imageOnly, "builds: [{name: a, jar: a.jar}, {name: b, command: [./b]}]"))
        .isEmpty();
    assertThat(problems(imageOnly, "builds: [{name: a, jar: a.jar}, {name: b, image: o:2}]"))
        .singleElement()
        .asString()
        .startsWith("spec.sut.service: set jar or command for a local run, or one in every");
    // and on a cluster an image from the service or every build
    BenchmarkRun jarOnly =
        SpecLoader.parse(
            "t",
            SpecLoaderTest.HEAD
                + "metadata: {name: a}\nspec:\n  sut: {service: {jar: app.jar}}\n"
                + "  workload: {requests: [{path: /orders}]}\n"
                + "  matrix: {builds: [{name: a, image: o:1}, {name: b, image: o:2}]}\n");
    assertThat(SpecValidation.cluster(jarOnly)).isEmpty();
    jarOnly.spec.matrix.builds.get(1).image = null;
    assertThat(SpecValidation.cluster(jarOnly))
        .singleElement()
        .asString()
        .isEqualTo("spec.sut.service.image: " + ServiceRules.IMAGE_ON_CLUSTER_MESSAGE);
  }

  @Test
  void theAxisCountsTowardsTheScenarioCap() {
    // 2 modes × 1 pool × 256 levels × 10 reps × 1 JVM × 4 builds = 20,480 > 10,000
    String levels =
        IntStream.rangeClosed(1, 256).mapToObj(Integer::toString).collect(Collectors.joining(", "));
    assertThat(
            problems(
                SERVICE,
                "concurrency: ["
                    + levels
                    + "], repetitions: 10, builds: [{name: a}, {name: b}, {name: c}, {name: d}]"))
        .singleElement()
        .asString()
        .startsWith("spec.matrix: " + MatrixRules.SCENARIOS_MESSAGE);
  }

  /** The name rule is one regular expression for Java and for the CRD's CEL: no escapes. */
  @Test
  void theNamePatternNeedsNoEscapesInCel() {
    assertThat(BuildRules.NAME).doesNotContain("\\").doesNotContain("'");
    assertThat(BuildRules.NAME_RULE).contains(BuildRules.NAME);
  }

  /**
   * A spec without the axis serializes, and so hashes ({@link SpecHash}), as before the field
   * existed: its local results still resume. With builds it is another spec.
   */
  @Test
  void aSpecWithoutBuildsKeepsItsHash() {
    BenchmarkRun run = SpecLoader.parse("t", SpecLoaderTest.HEAD + "metadata: {name: a}\n");
    String json =
        tools.jackson.databind.json.JsonMapper.builder().build().writeValueAsString(run.spec);
    assertThat(json).contains("\"jvmOptions\"").doesNotContain("builds");
    String before = SpecHash.of(run.spec);
    BuildSpec b = new BuildSpec();
    b.name = "a";
    run.spec.matrix.builds = List.of(b);
    assertThat(SpecHash.of(run.spec)).isNotEqualTo(before);
  }
}
