package dev.vtbench.operator.resources;

import dev.vtbench.engine.k6.K6RemoteWrite;
import dev.vtbench.engine.k6.K6Script;
import dev.vtbench.engine.k6.UserModule;
import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.operator.api.BenchmarkRunResource;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The load: one scenario's k6 script in a ConfigMap, run by k6-operator (a TestRun) or, on clusters
 * without it, by a plain Job (an Indexed Job of spec.load.parallelism pods for several runners).
 * Both name their runner pod's labels the same way, so the operator's pod informer sees either.
 */
public final class LoadTier {

  public static final String K6_API = "k6.io/v1alpha1";
  public static final String SCRIPT_KEY = "script.js";

  public static final String COMPONENT = "load";

  private LoadTier() {}

  /**
   * What one load runs: vtbench's script, the user's own k6 module it imports (null: none; {@link
   * UserModule}) and the variables k6 runs with ({@link UserModule#env}).
   */
  public record Script(
      String main, String userModule, Map<String, String> env, List<String> before) {

    public Script {
      env = Map.copyOf(env);
      before = List.copyOf(before);
    }

    /** One stage's script, with the user's module and the variables k6 runs with. */
    public Script(String main, String userModule, Map<String, String> env) {
      this(main, userModule, env, List.of());
    }

    /** vtbench's script alone. */
    public static Script of(String main) {
      return new Script(main, null, Map.of());
    }

    /** Every stage's script in the order they run: {@link #before}, then {@link #main}. */
    public List<String> stages() {
      List<String> all = new ArrayList<>(before);
      all.add(main);
      return all;
    }
  }

  /**
   * Annotation of a load that runs several scenarios one after another ({@link
   * dev.vtbench.engine.run.RunCursor#stages}): their ids in the order they run, comma-separated.
   * Without it a load runs the one scenario its {@link Labels#SCENARIO} label names.
   */
  public static final String STAGES = "vtbench.dev/stages";

  /**
   * The scenario ids {@code load} runs, in order: its {@value #STAGES} annotation, else the one its
   * {@link Labels#SCENARIO} label names.
   */
  public static List<String> stages(HasMetadata load) {
    Map<String, String> annotations = load.getMetadata().getAnnotations();
    String staged = annotations == null ? null : annotations.get(STAGES);
    if (staged != null && !staged.isBlank()) {
      return List.of(staged.split(","));
    }
    Map<String, String> labels = load.getMetadata().getLabels();
    String one = labels == null ? null : labels.get(Labels.SCENARIO);
    return one == null ? List.of() : List.of(one);
  }

  /**
   * The ConfigMap key of the script of stage {@code position} (from 0) of {@code count}: the last
   * stage's is {@value #SCRIPT_KEY}, as a load of one scenario has it.
   */
  public static String scriptKey(int position, int count) {
    return position == count - 1 ? SCRIPT_KEY : "stage-" + (position + 1) + ".js";
  }

  /**
   * The container that runs stage {@code position} (from 0) of {@code count}: the last stage runs
   * in the pod's container {@code k6}, each earlier one in an init container before it, so the
   * kubelet runs them one after another in one pod and keeps each one's termination message (its
   * summary) in the pod's status as soon as it exits.
   */
  public static String stageContainer(int position, int count) {
    return position == count - 1 ? "k6" : "k6-stage-" + (position + 1);
  }

  public static ConfigMap script(BenchmarkRunResource run, String name, String script) {
    return script(run, name, Script.of(script));
  }

  /**
   * The load's ConfigMap: vtbench's script under {@value #SCRIPT_KEY} and the user's module beside
   * it under {@link UserModule#FILE_NAME}, the name the script imports; the runner mounts every key
   * as a file of one folder.
   */
  public static ConfigMap script(BenchmarkRunResource run, String name, Script script) {
    Map<String, String> data = new TreeMap<>();
    List<String> stages = script.stages();
    for (int i = 0; i < stages.size(); i++) {
      data.put(scriptKey(i, stages.size()), stages.get(i));
    }
    if (script.userModule() != null) {
      data.put(UserModule.FILE_NAME, script.userModule());
    }
    return new ConfigMapBuilder()
        .withMetadata(RunMeta.of(run, name, COMPONENT, true))
        .withData(data)
        .build();
  }

  /**
   * A k6-operator TestRun: spec.load.parallelism runners, each with its summary, Guaranteed, and no
   * {@code cleanup: post}, which would delete the runner pod and its summary before the operator
   * reads it. All three pods k6-operator creates from it (initializer, starter, runner) get the
   * restricted security context and no service-account token: none of them talks to the API server,
   * and k6-operator mounts the namespace's default token unless told otherwise. Its pods are placed
   * by {@link Placement}: runners spread, and off a dedicated SUT's nodes.
   */
  public static GenericKubernetesResource testRun(
      BenchmarkRunResource run, String name, String scenarioId) {
    return testRun(run, name, scenarioId, null);
  }

  /**
   * The TestRun of one warm-up step, labelled (with its runner pods) {@link Labels#WARM_UP_FROM}
   * {@code warmUpFrom}; null for a measured load.
   */
  public static GenericKubernetesResource testRun(
      BenchmarkRunResource run, String name, String scenarioId, String warmUpFrom) {
    return testRun(run, name, scenarioId, warmUpFrom, Map.of());
  }

  /**
   * {@link #testRun(BenchmarkRunResource, String, String, String)} with the script's {@code env}.
   */
  public static GenericKubernetesResource testRun(
      BenchmarkRunResource run,
      String name,
      String scenarioId,
      String warmUpFrom,
      Map<String, String> scriptEnv) {
    BenchmarkRunSpec.Load load = run.getSpec().load;
    Map<String, Object> runner = new LinkedHashMap<>();
    runner.put("image", load.image);
    runner.put("metadata", Map.of("labels", runnerLabels(run, scenarioId, warmUpFrom)));
    runner.put("resources", Guaranteed.resourceMap(load.cpu, load.memory));
    if (!load.nodeSelector.isEmpty()) {
      runner.put("nodeSelector", new TreeMap<>(load.nodeSelector));
    }
    // Not the TestRun's `separate`, which k6-operator makes a required anti-affinity against every
    // k6 runner of the namespace: N runners would then need N nodes.
    runner.put("affinity", Placement.asMap(Placement.runner(run, scenarioId)));
    hardenK6OperatorPod(runner);
    List<Object> env = new ArrayList<>();
    plainEnv(load, scriptEnv).forEach((k, v) -> env.add(Map.of("name", k, "value", v)));
    // TestRun's spec is plain maps: the same variables, spelled as the API writes them.
    credentialEnv(load)
        .forEach(
            v ->
                env.add(
                    Map.of(
                        "name",
                        v.getName(),
                        "valueFrom",
                        Map.of(
                            "secretKeyRef",
                            Map.of(
                                "name", v.getValueFrom().getSecretKeyRef().getName(),
                                "key", v.getValueFrom().getSecretKeyRef().getKey())))));
    if (!env.isEmpty()) {
      runner.put("env", env);
    }
    List<String> args = new ArrayList<>(List.of("--no-usage-report", "--no-color"));
    args.addAll(remoteWriteArgs(run, scenarioId));
    Map<String, Object> spec = new LinkedHashMap<>();
    // k6-operator gives each runner its execution segment and starts them together
    spec.put("parallelism", load.parallelism);
    spec.put("script", Map.of("configMap", Map.of("name", name, "file", SCRIPT_KEY)));
    // k6-operator splits this string on spaces; no argument holds one.
    spec.put("arguments", String.join(" ", args));
    spec.put("runner", runner);
    // Spelled out: v0.0.19 copies the runner when the initializer is absent, later versions do not.
    spec.put("initializer", new LinkedHashMap<>(runner));
    // The starter only PATCHes the runner's REST API with curl: its own image and resources.
    Map<String, Object> starter = new LinkedHashMap<>();
    hardenK6OperatorPod(starter);
    // A pod of the run too, though it carries none of the run's labels.
    var awayFromSut = Placement.awayFromSut(run);
    if (awayFromSut != null) {
      starter.put("affinity", Placement.asMap(awayFromSut));
    }
    spec.put("starter", starter);
    GenericKubernetesResource testRun = new GenericKubernetesResource();
    testRun.setApiVersion(K6_API);
    testRun.setKind("TestRun");
    testRun.setMetadata(meta(run, name, scenarioId, warmUpFrom));
    testRun.setAdditionalProperty("spec", spec);
    return testRun;
  }

  /**
   * Restricted Pod Security and no service-account token on a TestRun pod ({@code runner}, {@code
   * initializer} or {@code starter}); k6-operator takes the token setting as a string.
   */
  private static void hardenK6OperatorPod(Map<String, Object> pod) {
    pod.put("securityContext", PodHardening.runnerPodSecurity());
    pod.put("containerSecurityContext", PodHardening.runnerContainerSecurity());
    pod.put("automountServiceAccountToken", "false");
  }

  /** The same load as a plain Job, for clusters without k6-operator. */
  public static Job job(BenchmarkRunResource run, String name, String scenarioId) {
    return job(run, name, scenarioId, null);
  }

  /**
   * The Job of one warm-up step: see {@link #testRun(BenchmarkRunResource, String, String,
   * String)}.
   */
  public static Job job(
      BenchmarkRunResource run, String name, String scenarioId, String warmUpFrom) {
    return job(run, name, scenarioId, warmUpFrom, Map.of());
  }

  /** {@link #job(BenchmarkRunResource, String, String, String)} with the script's {@code env}. */
  public static Job job(
      BenchmarkRunResource run,
      String name,
      String scenarioId,
      String warmUpFrom,
      Map<String, String> scriptEnv) {
    return job(run, name, List.of(scenarioId), warmUpFrom, scriptEnv);
  }

  /**
   * The Job of a load that runs the scenarios {@code stages} one after another in one pod per
   * runner (a measured load of one SUT configuration, {@link
   * dev.vtbench.engine.run.RunCursor#stages}): each earlier stage is an init container like the k6
   * container, running its own script ({@link #stageContainer}, {@link #scriptKey}), so the pod is
   * scheduled, started and its image pulled once. Labelled as the first stage's, annotated {@value
   * #STAGES} with them all.
   */
  public static Job job(
      BenchmarkRunResource run,
      String name,
      List<String> stages,
      String warmUpFrom,
      Map<String, String> scriptEnv) {
    String scenarioId = stages.getFirst();
    BenchmarkRunSpec.Load load = run.getSpec().load;
    Volume script =
        new VolumeBuilder()
            .withName("script")
            .withNewConfigMap()
            .withName(name)
            .endConfigMap()
            .build();
    Map<String, String> env = new LinkedHashMap<>(plainEnv(load, scriptEnv));
    if (load.parallelism > 1) {
      // the script takes runner JOB_COMPLETION_INDEX's segment of each scenario
      env.put(K6Script.RUNNERS_ENV, Integer.toString(load.parallelism));
    }
    Container c =
        PodHardening.container(
                "k6",
                load.image,
                Guaranteed.resources(load.cpu, load.memory),
                env,
                List.of(PodHardening.mount("script", "/scripts", true)))
            .addAllToEnv(credentialEnv(load))
            .withCommand("k6")
            // the pod's container runs the last stage (the only one of a one-scenario load)
            .withArgs(jobArgs(run, stages.getLast(), SCRIPT_KEY))
            .withTerminationMessagePolicy("File")
            .build();
    List<Container> earlier = new ArrayList<>();
    for (int i = 0; i < stages.size() - 1; i++) {
      earlier.add(
          new ContainerBuilder(c)
              .withName(stageContainer(i, stages.size()))
              .withArgs(jobArgs(run, stages.get(i), scriptKey(i, stages.size())))
              .build());
    }
    ObjectMeta meta = meta(run, name, scenarioId, warmUpFrom);
    if (stages.size() > 1) {
      Map<String, String> annotations = new LinkedHashMap<>();
      if (meta.getAnnotations() != null) {
        annotations.putAll(meta.getAnnotations());
      }
      annotations.put(STAGES, String.join(",", stages));
      meta.setAnnotations(annotations);
    }
    return new JobBuilder()
        .withMetadata(meta)
        .withNewSpec()
        // A failed k6 is a failed scenario: no retry would measure the same thing.
        .withBackoffLimit(0)
        // One pod per runner, each with its index (JOB_COMPLETION_INDEX), all at once. Unlike
        // k6-operator's starter nothing starts them together: each runs its schedule from its own
        // start, seconds apart at most once scheduled (docs/cluster.md).
        .withCompletionMode(load.parallelism > 1 ? "Indexed" : null)
        .withCompletions(load.parallelism > 1 ? load.parallelism : null)
        .withParallelism(load.parallelism > 1 ? load.parallelism : null)
        .withNewTemplate()
        .withNewMetadata()
        .withLabels(runnerLabels(run, scenarioId, warmUpFrom))
        .endMetadata()
        .withSpec(
            PodHardening.pod(c, List.of(script), load.nodeSelector)
                .withInitContainers(earlier)
                .withAffinity(Placement.runner(run, scenarioId))
                .withRestartPolicy("Never")
                .build())
        .endTemplate()
        .endSpec()
        .build();
  }

  /**
   * The runner's variables with their values in the object: the remote-write output's and those the
   * script runs with ({@link UserModule#env}); no secret among them.
   */
  private static Map<String, String> plainEnv(
      BenchmarkRunSpec.Load load, Map<String, String> scriptEnv) {
    Map<String, String> env = new LinkedHashMap<>(K6RemoteWrite.env(load.prometheusRemoteWrite));
    env.putAll(new TreeMap<>(scriptEnv));
    return env;
  }

  /**
   * The remote-write credentials, read by the kubelet from the Secret the spec names: they never
   * pass through the operator, the TestRun or the Job.
   */
  static List<EnvVar> credentialEnv(BenchmarkRunSpec.Load load) {
    BenchmarkRunSpec.PrometheusRemoteWrite rw = load.prometheusRemoteWrite;
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
  static Map<String, String> runnerLabels(
      BenchmarkRunResource run, String scenarioId, String warmUpFrom) {
    Map<String, String> labels = Labels.of(run, COMPONENT);
    labels.putAll(loadLabels(scenarioId, warmUpFrom));
    return labels;
  }

  private static ObjectMeta meta(
      BenchmarkRunResource run, String name, String scenarioId, String warmUpFrom) {
    ObjectMeta meta = RunMeta.of(run, name, COMPONENT, true);
    meta.getLabels().putAll(loadLabels(scenarioId, warmUpFrom));
    return meta;
  }

  /** What tells one load from another: its scenario, and a warm-up's step. */
  private static Map<String, String> loadLabels(String scenarioId, String warmUpFrom) {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put(Labels.SCENARIO, scenarioId);
    if (warmUpFrom != null) {
      labels.put(Labels.WARM_UP_FROM, warmUpFrom);
    }
    return labels;
  }

  private static List<String> jobArgs(BenchmarkRunResource run, String scenarioId, String key) {
    List<String> args =
        new ArrayList<>(List.of("run", "--quiet", "--no-usage-report", "--no-color", "--address="));
    args.addAll(remoteWriteArgs(run, scenarioId));
    args.add("/scripts/" + key);
    return args;
  }

  /** k6's remote-write output and tags when spec.load.prometheusRemoteWrite is set, else none. */
  private static List<String> remoteWriteArgs(BenchmarkRunResource run, String scenarioId) {
    return K6RemoteWrite.args(
        run.getSpec().load.prometheusRemoteWrite,
        run.getMetadata().getNamespace(),
        run.getMetadata().getName(),
        scenarioId);
  }
}
