package dev.vtbench.operator.resources;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.model.rules.SpecRules;
import dev.vtbench.operator.api.BenchmarkRunResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The run-name limit is computed, not guessed: for a run of {@link SpecRules#RUN_NAME_MAX}
 * characters and the last scenario {@link SpecRules#SCENARIOS_MAX} allows, every name vtbench
 * derives, and every name k6-operator and CloudNativePG derive from those, is a DNS-1123 label; one
 * character more and the longest one is not.
 */
class ResourceNamesTest {

  static final Pattern LABEL = Pattern.compile("^[a-z0-9]([-a-z0-9]*[a-z0-9])?$");

  /** What k6-operator derives from a TestRun's name: Jobs, the runner Service. */
  static final List<String> K6_OPERATOR_SUFFIXES =
      List.of("-initializer", "-starter", "-1", "-service-1");

  /** What CloudNativePG derives from a Cluster's name (pods, Jobs, Services, Secrets). */
  static final List<String> CNPG_SUFFIXES =
      List.of("-1", "-1-initdb", "-rw", "-ro", "-r", "-app", "-superuser", "-ca", "-replication");

  static BenchmarkRunResource run(String name) {
    BenchmarkRunResource run = new BenchmarkRunResource();
    run.setMetadata(new ObjectMetaBuilder().withName(name).withNamespace("ns").build());
    return run;
  }

  static List<String> derived(BenchmarkRunResource run) {
    int last = SpecRules.SCENARIOS_MAX - 1;
    List<String> names = new ArrayList<>();
    for (boolean warmUp : List.of(false, true)) {
      String load = ResourceNames.load(run, last, warmUp);
      names.add(load);
      K6_OPERATOR_SUFFIXES.forEach(s -> names.add(load + s));
    }
    String db = ResourceNames.database(run);
    CNPG_SUFFIXES.forEach(s -> names.add(db + s));
    names.addAll(
        List.of(
            db,
            ResourceNames.databaseAppSecret(run),
            ResourceNames.databaseService(run),
            ResourceNames.seed(run),
            ResourceNames.stub(run),
            ResourceNames.sut(run),
            ResourceNames.results(run, 99),
            ResourceNames.figures(run)));
    return names;
  }

  @Test
  void everyNameDerivedFromTheLongestRunNameIsALabel() {
    for (String name : derived(run("r".repeat(SpecRules.RUN_NAME_MAX)))) {
      assertThat(name.length()).as(name).isLessThanOrEqualTo(SpecRules.LABEL_MAX);
      assertThat(LABEL.matcher(name).matches()).as(name).isTrue();
    }
  }

  @Test
  void oneCharacterMoreAndTheLongestIsNot() {
    List<String> names = derived(run("r".repeat(SpecRules.RUN_NAME_MAX + 1)));
    assertThat(names).anyMatch(n -> n.length() > SpecRules.LABEL_MAX);
    assertThat(names.stream().mapToInt(String::length).max().orElseThrow())
        .isEqualTo(SpecRules.LABEL_MAX + 1)
        .as("the longest: <run>-load-9999-warmup-initializer");
  }
}
