package dev.vtbench.operator.api;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.databind.JsonNode;
import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.model.rules.SpecRules;
import dev.vtbench.engine.model.spec.DatabaseSpec;
import dev.vtbench.engine.model.spec.LoadSpec;
import dev.vtbench.engine.model.spec.StubSpec;
import dev.vtbench.engine.model.spec.SutSpec;
import io.fabric8.crd.generator.annotation.AdditionalPrinterColumn;
import io.fabric8.crd.generator.annotation.SchemaSwap;
import io.fabric8.generator.annotation.ValidationRule;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.Namespaced;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.ShortNames;
import io.fabric8.kubernetes.model.annotation.Singular;
import io.fabric8.kubernetes.model.annotation.Version;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code BenchmarkRun} custom resource: the engine's spec, unchanged, plus a status the
 * operator owns. The CRD under {@code crds/} is generated from this class and the spec's
 * annotations.
 *
 * <p>The generator orders printer columns by JSON path, so the status field names are chosen to
 * read left to right: age, phase, progress, scenario, then the headline in {@code .status.summary};
 * {@code -o wide} adds Ready (from the conditions, sorted before the phase) and the runner.
 */
@Group(BenchmarkRunResource.GROUP)
@Version(BenchmarkRunResource.VERSION)
@Kind("BenchmarkRun")
@Plural("benchmarkruns")
@Singular("benchmarkrun")
@ShortNames({"bench", "vtb"})
@ValidationRule(value = SpecRules.RUN_NAME_LENGTH_RULE, message = SpecRules.RUN_NAME_LENGTH_MESSAGE)
@ValidationRule(value = SpecRules.RUN_NAME_RULE, message = SpecRules.RUN_NAME_MESSAGE)
// CPUs are written as Kubernetes writes them: cpu: 4 or cpu: "500m".
@SchemaSwap(originalType = SutSpec.class, fieldName = "cpu", targetType = IntOrString.class)
@SchemaSwap(originalType = StubSpec.class, fieldName = "cpu", targetType = IntOrString.class)
@SchemaSwap(originalType = DatabaseSpec.class, fieldName = "cpu", targetType = IntOrString.class)
@SchemaSwap(originalType = LoadSpec.class, fieldName = "cpu", targetType = IntOrString.class)
@AdditionalPrinterColumn(name = "Phase", jsonPath = ".status.phase")
@AdditionalPrinterColumn(name = "Progress", jsonPath = ".status.progress")
@AdditionalPrinterColumn(name = "Scenario", jsonPath = ".status.scenario")
@AdditionalPrinterColumn(name = "Headline", jsonPath = ".status.summary")
// -o wide adds whether the run succeeded (what kubectl wait and Flux wait for) and how k6 runs.
@AdditionalPrinterColumn(
    name = "Ready",
    jsonPath = ".status.conditions[?(@.type==\"Ready\")].status",
    priority = 1)
@AdditionalPrinterColumn(name = "Runner", jsonPath = ".status.runner", priority = 1)
@AdditionalPrinterColumn(
    name = "Age",
    jsonPath = ".metadata.creationTimestamp",
    type = AdditionalPrinterColumn.Type.DATE)
public class BenchmarkRunResource extends CustomResource<BenchmarkRunSpec, BenchmarkRunStatus>
    implements Namespaced {

  public static final String GROUP = "vtbench.dev";
  public static final String VERSION = "v1alpha1";

  private static final Logger LOG = LoggerFactory.getLogger(BenchmarkRunResource.class);

  /**
   * The stored spec, read so that a value the model cannot hold (stored under an older schema)
   * fails this run only, never the informer that serves every run ({@link Unreadable}).
   */
  @JsonSetter("spec")
  void readSpec(JsonNode spec) {
    String[] problem = {null};
    BenchmarkRunSpec read =
        Unreadable.read(spec, BenchmarkRunSpec.class, "spec", p -> problem[0] = p);
    setSpec(problem[0] == null ? read : new UnreadableSpec(spec, problem[0]));
  }

  /** An unreadable status reads as none: the operator writes a new one (results are kept apart). */
  @JsonSetter("status")
  void readStatus(JsonNode status) {
    setStatus(
        Unreadable.read(
            status,
            BenchmarkRunStatus.class,
            "status",
            p ->
                LOG.warn(
                    "{}: status ignored, {}",
                    getMetadata() == null ? "?" : getMetadata().getName(),
                    p)));
  }

  /** Why the stored spec cannot be read, naming the field and the value; null if it was read. */
  @JsonIgnore
  public String unreadableSpec() {
    return getSpec() instanceof UnreadableSpec u ? u.problem : null;
  }

  @Override
  protected BenchmarkRunSpec initSpec() {
    return new BenchmarkRunSpec();
  }

  @Override
  protected BenchmarkRunStatus initStatus() {
    return new BenchmarkRunStatus();
  }
}
