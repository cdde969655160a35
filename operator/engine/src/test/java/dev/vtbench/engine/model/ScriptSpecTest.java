package dev.vtbench.engine.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.model.rules.PlatformRules;
import dev.vtbench.engine.model.rules.ServiceRules;
import dev.vtbench.engine.model.rules.SpecRules;
import dev.vtbench.engine.model.spec.ScriptSpec;
import java.nio.file.Path;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The local validator on {@code spec.workload.script}: the user's own k6 module in place of a
 * request mix, for their own service only, a file locally and a ConfigMap key on a cluster; {@code
 * CrdEvaluatorIT} runs the same cases through the API server.
 */
class ScriptSpecTest {

  /** {@link ServiceSpecTest#valid()} with a module, both places named, in place of the mix. */
  static BenchmarkRun valid() {
    BenchmarkRun run = ServiceSpecTest.valid();
    run.spec.workload.requests = null;
    run.spec.workload.script = script("k6/orders.js", "orders-k6", "orders.js");
    return run;
  }

  static ScriptSpec script(String file, String configMap, String key) {
    ScriptSpec script = new ScriptSpec();
    script.file = file;
    if (configMap != null || key != null) {
      script.configMap = new ScriptSpec.ConfigMapRef();
      script.configMap.name = configMap;
      script.configMap.key = key;
    }
    return script;
  }

  @Test
  void aModuleInPlaceOfTheMixAndTheExampleAreValid() throws Exception {
    BenchmarkRun run = valid();
    assertThat(SpecValidation.crd(run, PlatformRules::appliesLocally)).isEmpty();
    assertThat(LocalInputs.problems(run.spec)).isEmpty();
    run.spec.sut.service.image = "orders:1";
    run.spec.database.sql.configMap = "orders-sql";
    assertThat(SpecValidation.cluster(run)).isEmpty();
    BenchmarkRun example = SpecLoader.load(Path.of("../../examples/byo-orders-script.yaml"));
    assertThat(example.spec.workload.script.file).isEqualTo("byo-orders/k6/orders.js");
    assertThat(LocalInputs.problems(example.spec)).isEmpty();
    assertThat(SpecValidation.cluster(example)).isEmpty();
  }

  static Stream<Arguments> refused() {
    return Stream.of(
        bad(
            "both a module and a mix",
            s -> s.workload.requests = ServiceSpecTest.valid().spec.workload.requests,
            "spec.workload.script: set spec.workload.script or spec.workload.requests, not both"),
        bad(
            "a module for vtbench's own SUT",
            s -> {
              s.sut.service = null;
              s.database.sql = null;
            },
            "spec.workload.script: spec.workload.script needs spec.sut.service"),
        bad(
            "an empty file name",
            s -> s.workload.script.file = "",
            "spec.workload.script.file: required"),
        bad(
            "a file name too long",
            s -> s.workload.script.file = "k".repeat(SpecRules.FILE_MAX + 1),
            "spec.workload.script.file: 1025 characters, at most 1024 allowed"),
        bad(
            "a ConfigMap name that is no object name",
            s -> s.workload.script.configMap.name = "Orders_K6",
            "spec.workload.script.configMap.name: 'Orders_K6' " + SpecRules.SUBDOMAIN_MESSAGE),
        bad(
            "a ConfigMap without its key",
            s -> s.workload.script.configMap.key = null,
            "spec.workload.script.configMap.key: required"),
        bad(
            "a key that is no ConfigMap key",
            s -> s.workload.script.configMap.key = "k6/orders.js",
            "spec.workload.script.configMap.key: 'k6/orders.js' "
                + SpecRules.CONFIG_MAP_KEY_MESSAGE));
  }

  private static Arguments bad(String what, Consumer<BenchmarkRunSpec> change, String error) {
    return Arguments.of(what, change, error);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("refused")
  void refusesNamingTheFieldAndWhatIsAllowed(
      String what, Consumer<BenchmarkRunSpec> change, String error) {
    BenchmarkRun run = valid();
    change.accept(run.spec);
    assertThat(SpecValidation.crd(run, PlatformRules::appliesLocally))
        .anySatisfy(e -> assertThat(e).startsWith(error.substring(0, error.indexOf(": ") + 1)));
  }

  @Test
  void eachPlatformSaysWhereItReadsTheModuleFrom() {
    BenchmarkRun run = valid();
    run.spec.sut.service.image = "orders:1";
    run.spec.database.sql.configMap = "orders-sql";
    run.spec.workload.script = script("k6/orders.js", null, null);
    assertThat(SpecValidation.crd(run, PlatformRules::appliesLocally)).isEmpty();
    assertThat(LocalInputs.problems(run.spec)).isEmpty();
    assertThat(SpecValidation.cluster(run))
        .containsExactly("spec.workload.script: " + ServiceRules.SCRIPT_CONFIG_MAP_MESSAGE);
    run.spec.workload.script = script(null, "orders-k6", "orders.js");
    assertThat(SpecValidation.crd(run, PlatformRules::appliesLocally)).isEmpty();
    assertThat(SpecValidation.cluster(run)).isEmpty();
    assertThat(LocalInputs.problems(run.spec))
        .containsExactly(
            "spec.workload.script: set file to your k6 module for a local run (configMap is for"
                + " Kubernetes)");
  }

  @Test
  void withoutAMixOrAModuleTheServiceHasNothingToReceive() {
    BenchmarkRun run = valid();
    run.spec.workload.script = null;
    assertThat(SpecValidation.crd(run, PlatformRules::appliesLocally))
        .containsExactly(
            "spec.workload: spec.sut.service needs spec.workload.requests or spec.workload.script:"
                + " vtbench knows none of your service's endpoints");
  }
}
