package dev.vtbench.operator.resources;

import dev.vtbench.engine.k6.K6RemoteWrite;
import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.model.SpecValidator;
import dev.vtbench.engine.plan.SutConfig;
import dev.vtbench.engine.seed.SeedSql;
import dev.vtbench.operator.api.BenchmarkRunResource;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.PodSecurityContext;
import io.fabric8.kubernetes.api.model.PodSecurityContextBuilder;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.ProbeBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.ResourceRequirementsBuilder;
import io.fabric8.kubernetes.api.model.SecurityContext;
import io.fabric8.kubernetes.api.model.SecurityContextBuilder;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.VolumeMountBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The objects a run needs, as the operator wants them: pure functions of the run (no API calls),
 * applied with server-side apply. Every workload is Guaranteed QoS (requests = limits, CPU and
 * memory) so the kubelet's static CPU manager gives pinned tiers whole cores, runs as non-root
 * under the restricted Pod Security profile, and carries its tier's node selector.
 */
public final class Desired {

  public static final int HTTP_PORT = 8080;
  public static final String SUT_CONFIG_ANNOTATION = "vtbench.dev/sut-config";
  public static final String SCRIPT_KEY = "script.js";
  public static final String SEED_KEY = "seed.sql";
  public static final String DATABASE_NAME = "bench";
  public static final String DATABASE_OWNER = "bench";

  /** The uid every vtbench workload runs as (the images' user), never root. */
  public static final long UID = 65532;

  public static final String CNPG_API = "postgresql.cnpg.io/v1";
  public static final String K6_API = "k6.io/v1alpha1";

  private Desired() {}

  // --- database -------------------------------------------------------------------------------

  /** The seed SQL CloudNativePG runs once after initdb, in the application database. */
  public static ConfigMap seed(BenchmarkRunResource run) {
    BenchmarkRunSpec.Seed seed = run.getSpec().database.seed;
    return new ConfigMapBuilder()
        .withMetadata(meta(run, ResourceNames.seed(run), "database", true))
        .withData(Map.of(SEED_KEY, SeedSql.render(seed.customers, seed.orders)))
        .build();
  }

  /**
   * A one-instance CloudNativePG Cluster with Guaranteed resources, bootstrapped with the seed SQL;
   * the application's credentials stay in CloudNativePG's {@code -app} Secret.
   */
  public static GenericKubernetesResource database(BenchmarkRunResource run) {
    BenchmarkRunSpec.Database db = run.getSpec().database;
    Map<String, Object> spec = new LinkedHashMap<>();
    spec.put("instances", 1);
    if (db.image != null && !db.image.isBlank()) {
      spec.put("imageName", db.image);
    }
    spec.put("storage", Map.of("size", db.storage));
    // The largest Hikari pool must fit, plus CloudNativePG's own and a psql or two.
    int maxPool =
        run.getSpec().matrix.hikariPoolSizes.stream().mapToInt(Integer::intValue).max().orElse(0);
    spec.put(
        "postgresql",
        Map.of(
            "parameters",
            Map.of("max_connections", Integer.toString(Math.max(100, maxPool + 20)))));
    spec.put(
        "resources",
        Map.of(
            "requests", Map.of("cpu", db.cpu, "memory", db.memory),
            "limits", Map.of("cpu", db.cpu, "memory", db.memory)));
    if (!db.nodeSelector.isEmpty()) {
      spec.put("affinity", Map.of("nodeSelector", new TreeMap<>(db.nodeSelector)));
    }
    // part-of and the tier on CloudNativePG's pods too, so one PodMonitor finds vtbench's
    // databases (and takes the run from cnpg.io/cluster).
    spec.put("inheritedMetadata", Map.of("labels", Labels.inherited("database")));
    spec.put(
        "bootstrap",
        Map.of(
            "initdb",
            Map.of(
                "database",
                DATABASE_NAME,
                "owner",
                DATABASE_OWNER,
                "postInitApplicationSQLRefs",
                Map.of(
                    "configMapRefs",
                    List.of(Map.of("name", ResourceNames.seed(run), "key", SEED_KEY))))));
    GenericKubernetesResource cluster = new GenericKubernetesResource();
    cluster.setApiVersion(CNPG_API);
    cluster.setKind("Cluster");
    cluster.setMetadata(meta(run, ResourceNames.database(run), "database", true));
    cluster.setAdditionalProperty("spec", spec);
    return cluster;
  }

  // --- stub and SUT ---------------------------------------------------------------------------

  public static Deployment stub(BenchmarkRunResource run) {
    BenchmarkRunSpec.Stub stub = run.getSpec().stub;
    Map<String, String> env = new LinkedHashMap<>();
    env.put("STUB_PORT", Integer.toString(HTTP_PORT));
    env.put("STUB_ADDRESS", "0.0.0.0");
    env.put("JAVA_TOOL_OPTIONS", jvmOptions(stub.cpu, stub.pinned));
    Container c =
        container("stub", stub.image, env, resources(stub.cpu, stub.memory), List.of()).build();
    return deployment(
        run, ResourceNames.stub(run), "stub", Map.of(), podSpec(c, List.of(), stub.nodeSelector));
  }

  /**
   * The SUT for {@code config}. A changed config changes the pod template (env and the config hash
   * annotation) and so restarts the SUT; an unchanged one leaves it running. Recreate, not a
   * rolling update: two SUTs would need twice the pinned cores, and would share the database.
   */
  public static Deployment sut(BenchmarkRunResource run, SutConfig config) {
    BenchmarkRunSpec.Sut sut = run.getSpec().sut;
    Map<String, String> env = new LinkedHashMap<>(config.env());
    env.put("SERVER_PORT", Integer.toString(HTTP_PORT));
    env.put("SERVER_ADDRESS", "0.0.0.0");
    env.put("STUB_URL", "http://" + ResourceNames.stub(run) + ":" + HTTP_PORT);
    env.put("DB_SECRET_DIR", "/etc/vtbench/db");
    env.put("JAVA_TOOL_OPTIONS", jvmOptions(sut.cpu, sut.pinned));
    Volume secret =
        new VolumeBuilder()
            .withName("db")
            .withNewSecret()
            .withSecretName(ResourceNames.databaseAppSecret(run))
            .withDefaultMode(0440)
            .endSecret()
            .build();
    Container c =
        container(
                "sut",
                sut.image,
                env,
                resources(sut.cpu, sut.memory),
                List.of(mount("db", "/etc/vtbench/db", true)))
            .build();
    return deployment(
        run,
        ResourceNames.sut(run),
        "sut",
        Map.of(SUT_CONFIG_ANNOTATION, configHash(config)),
        podSpec(c, List.of(secret), sut.nodeSelector));
  }

  public static Service service(BenchmarkRunResource run, String name, String component) {
    return new ServiceBuilder()
        .withMetadata(meta(run, name, component, true))
        .withNewSpec()
        .withSelector(Labels.selector(run, component))
        .addNewPort()
        .withName("http")
        .withPort(HTTP_PORT)
        .withNewTargetPort("http")
        .endPort()
        .endSpec()
        .build();
  }

  /** A short, stable hash of a SUT config: equal configs, equal hashes. */
  public static String configHash(SutConfig config) {
    return config.key();
  }

  // --- load -----------------------------------------------------------------------------------

  public static ConfigMap script(BenchmarkRunResource run, String name, String script) {
    return new ConfigMapBuilder()
        .withMetadata(meta(run, name, "load", true))
        .withData(Map.of(SCRIPT_KEY, script))
        .build();
  }

  /** The labels on the k6 runner pod, so the operator's pod informer sees it. */
  public static Map<String, String> runnerLabels(BenchmarkRunResource run, String scenarioId) {
    Map<String, String> labels = Labels.of(run, "load");
    labels.put(Labels.SCENARIO, scenarioId);
    return labels;
  }

  /**
   * A k6-operator TestRun: one runner (parallelism 1: the summary is one process's), Guaranteed,
   * and no {@code cleanup: post}, which would delete the runner pod and its summary before the
   * operator reads it.
   */
  public static GenericKubernetesResource testRun(
      BenchmarkRunResource run, String name, String scenarioId) {
    BenchmarkRunSpec.Load load = run.getSpec().load;
    Map<String, Object> runner = new LinkedHashMap<>();
    runner.put("image", load.image);
    runner.put("metadata", Map.of("labels", runnerLabels(run, scenarioId)));
    runner.put("resources", resourceMap(load.cpu, load.memory));
    if (!load.nodeSelector.isEmpty()) {
      runner.put("nodeSelector", new TreeMap<>(load.nodeSelector));
    }
    runner.put(
        "securityContext",
        Map.of(
            "runAsNonRoot",
            true,
            "runAsUser",
            UID,
            "runAsGroup",
            UID,
            "seccompProfile",
            Map.of("type", "RuntimeDefault")));
    runner.put(
        "containerSecurityContext",
        Map.of(
            "allowPrivilegeEscalation",
            false,
            "capabilities",
            Map.of("drop", List.of("ALL")),
            "runAsNonRoot",
            true));
    Map<String, String> rwEnv = K6RemoteWrite.env(load.prometheusRemoteWrite);
    if (!rwEnv.isEmpty()) {
      List<Map<String, String>> env = new ArrayList<>();
      rwEnv.forEach((k, v) -> env.add(Map.of("name", k, "value", v)));
      runner.put("env", env);
    }
    List<String> args = new ArrayList<>(List.of("--no-usage-report", "--no-color"));
    args.addAll(remoteWriteArgs(run, scenarioId));
    Map<String, Object> spec = new LinkedHashMap<>();
    spec.put("parallelism", 1);
    spec.put("script", Map.of("configMap", Map.of("name", name, "file", SCRIPT_KEY)));
    // k6-operator splits this string on spaces; no argument holds one.
    spec.put("arguments", String.join(" ", args));
    spec.put("runner", runner);
    GenericKubernetesResource testRun = new GenericKubernetesResource();
    testRun.setApiVersion(K6_API);
    testRun.setKind("TestRun");
    ObjectMeta meta = meta(run, name, "load", true);
    meta.getLabels().put(Labels.SCENARIO, scenarioId);
    testRun.setMetadata(meta);
    testRun.setAdditionalProperty("spec", spec);
    return testRun;
  }

  /** The same load as a plain Job, for clusters without k6-operator. */
  public static Job job(BenchmarkRunResource run, String name, String scenarioId) {
    BenchmarkRunSpec.Load load = run.getSpec().load;
    Volume script =
        new VolumeBuilder()
            .withName("script")
            .withNewConfigMap()
            .withName(name)
            .endConfigMap()
            .build();
    Container c =
        new ContainerBuilder()
            .withName("k6")
            .withImage(load.image)
            .withImagePullPolicy("IfNotPresent")
            .withCommand("k6")
            .withArgs(jobArgs(run, scenarioId))
            .withEnv(
                K6RemoteWrite.env(load.prometheusRemoteWrite).entrySet().stream()
                    .map(e -> new EnvVar(e.getKey(), e.getValue(), null))
                    .toList())
            .withResources(resources(load.cpu, load.memory))
            .withSecurityContext(containerSecurity())
            .withVolumeMounts(mount("script", "/scripts", true), mount("tmp", "/tmp", false))
            .withTerminationMessagePolicy("File")
            .build();
    PodSpec pod =
        new PodSpecBuilder()
            .withRestartPolicy("Never")
            .withSecurityContext(podSecurity())
            .withAutomountServiceAccountToken(false)
            .withEnableServiceLinks(false)
            .withContainers(c)
            .withVolumes(script, emptyDir("tmp"))
            .withNodeSelector(load.nodeSelector.isEmpty() ? null : new TreeMap<>(load.nodeSelector))
            .build();
    ObjectMeta meta = meta(run, name, "load", true);
    meta.getLabels().put(Labels.SCENARIO, scenarioId);
    return new JobBuilder()
        .withMetadata(meta)
        .withNewSpec()
        // A failed k6 is a failed scenario: no retry would measure the same thing.
        .withBackoffLimit(0)
        .withNewTemplate()
        .withNewMetadata()
        .withLabels(runnerLabels(run, scenarioId))
        .endMetadata()
        .withSpec(pod)
        .endTemplate()
        .endSpec()
        .build();
  }

  static List<String> jobArgs(BenchmarkRunResource run, String scenarioId) {
    List<String> args =
        new ArrayList<>(List.of("run", "--quiet", "--no-usage-report", "--no-color", "--address="));
    args.addAll(remoteWriteArgs(run, scenarioId));
    args.add("/scripts/" + SCRIPT_KEY);
    return args;
  }

  /** k6's remote-write output and tags when spec.load.prometheusRemoteWrite is set, else none. */
  static List<String> remoteWriteArgs(BenchmarkRunResource run, String scenarioId) {
    return K6RemoteWrite.args(
        run.getSpec().load.prometheusRemoteWrite,
        run.getMetadata().getNamespace(),
        run.getMetadata().getName(),
        scenarioId);
  }

  // --- results --------------------------------------------------------------------------------

  /**
   * A results ConfigMap. Owned by the run (and so deleted with it) only when {@code
   * spec.results.keepOnDelete} is false.
   */
  public static ConfigMap results(BenchmarkRunResource run, String name, Map<String, String> data) {
    return new ConfigMapBuilder()
        .withMetadata(meta(run, name, "results", !run.getSpec().results.keepOnDelete))
        .withData(data)
        .build();
  }

  // --- helpers --------------------------------------------------------------------------------

  public static ObjectMeta meta(
      BenchmarkRunResource run, String name, String component, boolean owned) {
    ObjectMetaBuilder b =
        new ObjectMetaBuilder()
            .withName(name)
            .withNamespace(run.getMetadata().getNamespace())
            .withLabels(Labels.of(run, component));
    if (owned) {
      b.withOwnerReferences(owner(run));
    }
    return b.build();
  }

  public static OwnerReference owner(BenchmarkRunResource run) {
    return new OwnerReferenceBuilder()
        .withApiVersion(run.getApiVersion())
        .withKind(run.getKind())
        .withName(run.getMetadata().getName())
        .withUid(run.getMetadata().getUid())
        .withController(true)
        .withBlockOwnerDeletion(true)
        .build();
  }

  static Deployment deployment(
      BenchmarkRunResource run,
      String name,
      String component,
      Map<String, String> podAnnotations,
      PodSpec pod) {
    Map<String, String> podLabels = Labels.of(run, component);
    return new DeploymentBuilder()
        .withMetadata(meta(run, name, component, true))
        .withNewSpec()
        .withReplicas(1)
        .withNewStrategy()
        .withType("Recreate")
        .endStrategy()
        .withNewSelector()
        .withMatchLabels(Labels.selector(run, component))
        .endSelector()
        .withNewTemplate()
        .withNewMetadata()
        .withLabels(podLabels)
        .withAnnotations(podAnnotations.isEmpty() ? null : podAnnotations)
        .endMetadata()
        .withSpec(pod)
        .endTemplate()
        .endSpec()
        .build();
  }

  static ContainerBuilder container(
      String name,
      String image,
      Map<String, String> env,
      ResourceRequirements resources,
      List<VolumeMount> mounts) {
    List<EnvVar> vars = new ArrayList<>();
    env.forEach((k, v) -> vars.add(new EnvVar(k, v, null)));
    List<VolumeMount> allMounts = new ArrayList<>(mounts);
    allMounts.add(mount("tmp", "/tmp", false));
    return new ContainerBuilder()
        .withName(name)
        .withImage(image)
        .withImagePullPolicy("IfNotPresent")
        .withEnv(vars)
        .addNewPort()
        .withName("http")
        .withContainerPort(HTTP_PORT)
        .endPort()
        .withResources(resources)
        .withSecurityContext(containerSecurity())
        .withVolumeMounts(allMounts)
        .withStartupProbe(probe("/livez", 2, 90))
        .withLivenessProbe(probe("/livez", 10, 3))
        .withReadinessProbe(probe("/readyz", 5, 2));
  }

  static PodSpec podSpec(Container c, List<Volume> volumes, Map<String, String> nodeSelector) {
    List<Volume> all = new ArrayList<>(volumes);
    all.add(emptyDir("tmp"));
    return new PodSpecBuilder()
        .withSecurityContext(podSecurity())
        .withAutomountServiceAccountToken(false)
        .withEnableServiceLinks(false)
        .withContainers(c)
        .withVolumes(all)
        .withNodeSelector(nodeSelector.isEmpty() ? null : new TreeMap<>(nodeSelector))
        .build();
  }

  static Probe probe(String path, int periodSeconds, int failureThreshold) {
    return new ProbeBuilder()
        .withNewHttpGet()
        .withPath(path)
        .withNewPort("http")
        .endHttpGet()
        .withPeriodSeconds(periodSeconds)
        .withFailureThreshold(failureThreshold)
        .withTimeoutSeconds(2)
        .build();
  }

  /** Restricted Pod Security, pod level. */
  static PodSecurityContext podSecurity() {
    return new PodSecurityContextBuilder()
        .withRunAsNonRoot(true)
        .withRunAsUser(UID)
        .withRunAsGroup(UID)
        .withFsGroup(UID)
        .withNewSeccompProfile()
        .withType("RuntimeDefault")
        .endSeccompProfile()
        .build();
  }

  /** Restricted Pod Security, container level. */
  static SecurityContext containerSecurity() {
    return new SecurityContextBuilder()
        .withAllowPrivilegeEscalation(false)
        .withReadOnlyRootFilesystem(true)
        .withRunAsNonRoot(true)
        .withNewCapabilities()
        .withDrop("ALL")
        .endCapabilities()
        .build();
  }

  /** Requests = limits for CPU and memory: Guaranteed QoS. */
  static ResourceRequirements resources(String cpu, String memory) {
    Map<String, Quantity> q = Map.of("cpu", new Quantity(cpu), "memory", new Quantity(memory));
    return new ResourceRequirementsBuilder().withRequests(q).withLimits(q).build();
  }

  static Map<String, Object> resourceMap(String cpu, String memory) {
    Map<String, String> q = Map.of("cpu", cpu, "memory", memory);
    return Map.of("requests", q, "limits", q);
  }

  static VolumeMount mount(String volume, String path, boolean readOnly) {
    return new VolumeMountBuilder()
        .withName(volume)
        .withMountPath(path)
        .withReadOnly(readOnly)
        .build();
  }

  static Volume emptyDir(String name) {
    return new VolumeBuilder().withName(name).withNewEmptyDir().endEmptyDir().build();
  }

  /**
   * The JVM sizes its heap from the container's memory limit and its thread pools from the CPUs it
   * sees; an unpinned tier with a fractional CPU still gets at least one processor.
   */
  static String jvmOptions(String cpu, boolean pinned) {
    return "-XX:MaxRAMPercentage=75 -XX:ActiveProcessorCount=" + SpecValidator.cpus(cpu);
  }

  static String hash(String text) {
    try {
      byte[] d = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(d, 0, 6);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Name and kind of an object, for messages. */
  public static String describe(HasMetadata o) {
    return o.getKind() + " " + o.getMetadata().getName();
  }
}
