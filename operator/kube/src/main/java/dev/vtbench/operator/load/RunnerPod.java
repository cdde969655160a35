package dev.vtbench.operator.load;

import dev.vtbench.engine.k6.K6RemoteWrite;
import dev.vtbench.engine.model.spec.LoadSpec;
import dev.vtbench.engine.model.spec.PrometheusRemoteWriteSpec;
import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.resources.Burstable;
import dev.vtbench.operator.resources.Guaranteed;
import dev.vtbench.operator.resources.Labels;
import dev.vtbench.operator.resources.RunMeta;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a k6 runner pod carries whichever kind of load starts it: the labels the operator's pod
 * informer selects it by, its resources, its variables and its remote-write arguments.
 */
public final class RunnerPod {

  public static final String COMPONENT = Labels.LOAD_COMPONENT;

  private RunnerPod() {}

  /**
   * k6-operator labels its initializer and starter pods like the runner (it copies the runner's
   * labels), but only runner pods carry {@code runner=true}; the initializer's exit is not a
   * summary.
   */
  public static boolean isRunner(Pod pod) {
    var labels = pod.getMetadata().getLabels();
    return !labels.containsKey("k6_cr") || "true".equals(labels.get("runner"));
  }

  /**
   * The runner's resources as {@code spec.load.qos} asks: Guaranteed (limits = requests) or
   * Burstable (no CPU limit).
   */
  static ResourceRequirements resources(LoadSpec load) {
    return load.burstable()
        ? Burstable.resources(load.cpu, load.memory)
        : Guaranteed.resources(load.cpu, load.memory);
  }

  /** The same for a TestRun's runner, which k6-operator builds from plain maps. */
  static Map<String, Object> resourceMap(LoadSpec load) {
    return load.burstable()
        ? Burstable.resourceMap(load.cpu, load.memory)
        : Guaranteed.resourceMap(load.cpu, load.memory);
  }

  /**
   * The runner's variables with their values in the object: the remote-write output's and those the
   * script runs with ({@link dev.vtbench.engine.k6.UserModule#env}); no secret among them.
   */
  static Map<String, String> plainEnv(LoadSpec load, Map<String, String> scriptEnv) {
    Map<String, String> env = new LinkedHashMap<>(K6RemoteWrite.env(load.prometheusRemoteWrite));
    env.putAll(new TreeMap<>(scriptEnv));
    return env;
  }

  /**
   * The remote-write credentials, read by the kubelet from the Secret the spec names: they never
   * pass through the operator, the TestRun or the Job.
   */
  static List<EnvVar> credentialEnv(LoadSpec load) {
    PrometheusRemoteWriteSpec rw = load.prometheusRemoteWrite;
    return new TreeMap<>(K6RemoteWrite.credentialEnv(rw))
        .entrySet().stream()
            .map(
                e ->
                    new EnvVarBuilder()
                        .withName(e.getKey())
                        .withNewValueFrom()
                        .withNewSecretKeyRef(e.getValue(), rw.credentialsSecretRef.name, false)
                        .endValueFrom()
                        .build())
            .toList();
  }

  /** The labels on the k6 runner pod, so the operator's pod informer sees it. */
  static Map<String, String> labels(BenchmarkRunResource run, LoadRequest request) {
    Map<String, String> labels = Labels.of(run, COMPONENT);
    labels.putAll(loadLabels(request));
    return labels;
  }

  /**
   * The load object's metadata: the run's, with the labels that tell one load from another, and a
   * measured load's tiers as it began.
   */
  static ObjectMeta meta(BenchmarkRunResource run, LoadRequest request) {
    ObjectMeta meta = RunMeta.of(run, request.name(), COMPONENT, true);
    meta.getLabels().putAll(loadLabels(request));
    if (request.tierStarts() != null) {
      Map<String, String> annotations =
          meta.getAnnotations() == null
              ? new LinkedHashMap<>()
              : new LinkedHashMap<>(meta.getAnnotations());
      annotations.put(Labels.TIER_STARTS, request.tierStarts());
      meta.setAnnotations(annotations);
    }
    return meta;
  }

  /** What tells one load from another: its scenario, and a warm-up's round. */
  private static Map<String, String> loadLabels(LoadRequest request) {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put(Labels.SCENARIO, request.scenarioId());
    if (request.warmUpFrom() != null) {
      labels.put(Labels.WARM_UP_FROM, request.warmUpFrom());
    }
    return labels;
  }

  /** k6's remote-write output and tags when spec.load.prometheusRemoteWrite is set, else none. */
  static List<String> remoteWriteArgs(BenchmarkRunResource run, String scenarioId) {
    return K6RemoteWrite.args(
        run.getSpec().load.prometheusRemoteWrite,
        run.getMetadata().getNamespace(),
        run.getMetadata().getName(),
        scenarioId);
  }
}
