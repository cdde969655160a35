package dev.vtbench.engine.model.spec;

import static dev.vtbench.engine.model.rules.QuantityRules.CPU;
import static dev.vtbench.engine.model.rules.QuantityRules.CPU_MESSAGE;
import static dev.vtbench.engine.model.rules.QuantityRules.CPU_RULE;
import static dev.vtbench.engine.model.rules.QuantityRules.MEMORY;
import static dev.vtbench.engine.model.rules.QuantityRules.QOS_MESSAGE;
import static dev.vtbench.engine.model.rules.QuantityRules.QOS_RULE;
import static dev.vtbench.engine.model.rules.QuantityRules.QUANTITY_MAX;
import static dev.vtbench.engine.model.rules.QuantityRules.WHOLE_CPU_MESSAGE;
import static dev.vtbench.engine.model.rules.QuantityRules.WHOLE_CPU_RULE;
import static dev.vtbench.engine.model.rules.SpecRules.DURATION;
import static dev.vtbench.engine.model.rules.SpecRules.DURATION_MAX;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.vtbench.engine.model.rules.QuantityRules;
import dev.vtbench.engine.model.rules.SpecRules;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.LinkedHashMap;
import java.util.Map;

/** The load model. */
@ValidationRule(value = WHOLE_CPU_RULE, message = WHOLE_CPU_MESSAGE, fieldPath = ".cpu")
@ValidationRule(value = CPU_RULE, message = CPU_MESSAGE, fieldPath = ".cpu")
@ValidationRule(value = QOS_RULE, message = QOS_MESSAGE, fieldPath = ".qos")
public class LoadSpec {
  @JsonPropertyDescription(
      "true: whole CPUs, requests = limits (Guaranteed QoS), so the kubelet's static CPU manager"
          + " gives the k6 runner exclusive cores; false: any CPU quantity on shared cores.")
  @Default("true")
  public boolean pinned = true;

  @JsonPropertyDescription(
      "The k6 runner's QoS class (Kubernetes only): Guaranteed (CPU and memory limits equal to"
          + " the requests cpu and memory) or Burstable (the same requests, a memory limit and no"
          + " CPU limit: k6 uses what the node's shared pool has free and is never CPU-throttled,"
          + " as a local k6, which has no limit either way); Burstable needs pinned false. Rows"
          + " of a Burstable k6 judge it by its cores: the shared pool it ran on.")
  @ValidationRule(
      value = "self in " + QuantityRules.QOS_CLASSES,
      message = QuantityRules.QOS_CLASSES_MESSAGE)
  @Size(max = 16)
  public String qos = QuantityRules.GUARANTEED;

  @JsonPropertyDescription(
      "Node labels the k6 runner must run on (Kubernetes only); empty: any node.")
  @Size(max = SpecRules.NODE_SELECTOR_MAX)
  @ValidationRule(value = SpecRules.NODE_SELECTOR_RULE, message = SpecRules.NODE_SELECTOR_MESSAGE)
  public Map<String, @Size(max = SpecRules.LABEL_MAX) @Pattern(SpecRules.LABEL_VALUE) String>
      nodeSelector = new LinkedHashMap<>();

  @JsonPropertyDescription(
      "ramping-vus (closed model: concurrency = VUs) or constant-arrival-rate (open model:"
          + " concurrency = requests per second, latency free of coordinated omission).")
  @ValidationRule(value = "self in " + SpecRules.EXECUTORS, message = SpecRules.EXECUTORS_MESSAGE)
  @Size(max = 32)
  public String executor = "ramping-vus";

  @JsonPropertyDescription("Time to ramp from 0 to the level, e.g. 8s.")
  @Pattern(DURATION)
  @Size(max = DURATION_MAX)
  @ValidationRule(value = SpecRules.WINDOW_RULE, message = SpecRules.WINDOW_MESSAGE)
  public String ramp = "8s";

  @JsonPropertyDescription("Time at the level before measuring (JIT, pools, caches), e.g. 10s.")
  @Pattern(DURATION)
  @Size(max = DURATION_MAX)
  @ValidationRule(value = SpecRules.WINDOW_RULE, message = SpecRules.WINDOW_MESSAGE)
  public String warmup = "10s";

  @JsonPropertyDescription("The measured window at the level, e.g. 20s.")
  @Pattern(DURATION)
  @Size(max = DURATION_MAX)
  @ValidationRule(value = SpecRules.POSITIVE_RULE, message = SpecRules.POSITIVE_MESSAGE)
  @ValidationRule(value = SpecRules.WINDOW_RULE, message = SpecRules.WINDOW_MESSAGE)
  public String hold = "20s";

  @JsonPropertyDescription(
      "Unmeasured load a freshly started SUT gets before measuring: warm-up runs in 20 s"
          + " rounds until the SUT is at steady state (its windows agree and its JIT is quiet;"
          + " docs/steady-state.md) or this much is spent, e.g. 180s; a SUT whose last round"
          + " still got faster or compiled less goes on, up to twice this; 0s turns it off. Rows"
          + " measured before steady state say steady_state=false and stay out of verdicts.")
  @Pattern(DURATION)
  @Size(max = DURATION_MAX)
  @ValidationRule(value = SpecRules.WINDOW_RULE, message = SpecRules.WINDOW_MESSAGE)
  public String sutWarmup = "180s";

  @JsonPropertyDescription(
      "Per-request timeout in k6, e.g. 60s, at most 10m; also how long the SUT waits for the stub.")
  @Pattern(DURATION)
  @Size(max = DURATION_MAX)
  @ValidationRule(value = SpecRules.POSITIVE_RULE, message = SpecRules.POSITIVE_MESSAGE)
  @ValidationRule(value = SpecRules.REQUEST_TIME_RULE, message = SpecRules.REQUEST_TIME_MESSAGE)
  public String requestTimeout = SpecRules.DEFAULT_REQUEST_TIMEOUT;

  @JsonPropertyDescription("Most VUs k6 may start in the open model, at most 100,000.")
  @Min(1)
  @Max(SpecRules.CONCURRENCY_MAX)
  public int maxVUs = 10_000;

  @JsonPropertyDescription(
      "k6 runner pods that share each scenario's load (Kubernetes only), 1 to "
          + SpecRules.PARALLELISM_MAX
          + ": each runs its part of the VUs or of the arrival rate (k6 execution segments),"
          + " requests add up and latency percentiles come from the sum of the runners'"
          + " histograms (within 2 %). The local platform runs one k6 process; rows say how many"
          + " runners (load_runners).")
  @Min(1)
  @Max(SpecRules.PARALLELISM_MAX)
  @Default("1")
  public int parallelism = 1;

  @JsonPropertyDescription(
      "How k6 runs on Kubernetes: auto (with parallelism 1 one Job per SUT configuration, its"
          + " scenarios as stages; with more runners a k6-operator TestRun per scenario where its"
          + " CRD is installed, else an Indexed Job), testrun (a TestRun per scenario), or job.")
  @ValidationRule(value = "self in " + SpecRules.RUNNERS, message = SpecRules.RUNNERS_MESSAGE)
  @Size(max = 16)
  public String runner = "auto";

  @JsonPropertyDescription(
      "k6 container image (Kubernetes only); it needs a shell for k6-operator.")
  @Size(min = 1, max = SpecRules.IMAGE_MAX)
  @ValidationRule(value = SpecRules.IMAGE_RULE, message = SpecRules.IMAGE_MESSAGE)
  public String image = "grafana/k6:1.8.1";

  @JsonPropertyDescription(
      "CPU cores for the load generator: on Kubernetes the k6 runner's request, and its limit"
          + " unless qos is Burstable.")
  @Pattern(CPU)
  @Size(max = QUANTITY_MAX)
  public String cpu = "3";

  @JsonPropertyDescription(
      "Memory for the k6 runner (Kubernetes only), e.g. 1Gi; from 128Mi to 1Ti.")
  @Pattern(MEMORY)
  @Size(max = QUANTITY_MAX)
  @ValidationRule(
      value = QuantityRules.LOAD_MEMORY_RULE,
      message = QuantityRules.LOAD_MEMORY_MESSAGE)
  public String memory = "1Gi";

  @JsonPropertyDescription(
      "Streams k6's metrics to a Prometheus remote-write endpoint while each scenario runs,"
          + " tagged with namespace, run and scenario (testid) (Kubernetes only); unset: off.")
  public PrometheusRemoteWriteSpec prometheusRemoteWrite;

  /** Whether the k6 runner asks for CPU without a limit ({@link #qos} Burstable). */
  public boolean burstable() {
    return QuantityRules.BURSTABLE.equals(qos);
  }
}
