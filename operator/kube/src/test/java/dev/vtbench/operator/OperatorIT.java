package dev.vtbench.operator;

import static dev.vtbench.operator.KubeApi.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.vtbench.engine.plan.Planner;
import dev.vtbench.engine.plan.Scenario;
import dev.vtbench.engine.results.csv.ResultsCsv;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.api.BenchmarkRunStatus;
import dev.vtbench.operator.gitops.ArgoHealth;
import dev.vtbench.operator.gitops.KStatus;
import dev.vtbench.operator.load.LoadScript;
import dev.vtbench.operator.load.TestLoads;
import dev.vtbench.operator.resources.Labels;
import dev.vtbench.operator.resources.ResourceNames;
import dev.vtbench.operator.results.ResultsStore;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.javaoperatorsdk.operator.Operator;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The operator, in-process, against a real kube-apiserver and etcd, driving whole runs while the
 * test plays the controllers a bare API server lacks (see {@link Controllers}). The runner's output
 * is a real k6 summary written by the cluster script (runner-summary.json: 296 requests in a 3 s
 * hold, SUT cpuset 1, 1.3 CPU seconds, Hikari peak 12).
 */
class OperatorIT {

  static final Duration WAIT = Duration.ofSeconds(60);
  static final KubernetesClient k8s = KubeApi.client();
  static String summary;

  /** {@link #summary} with six 5 s SUT windows of a warm JVM: a warm-up that finds it steady. */
  static String steadySummary;

  @RegisterExtension final InProcessOperator operator = new InProcessOperator();

  @BeforeAll
  static void server() throws Exception {
    summary = runnerSummary();
    steadySummary = withWindows(summary, "[5,5000,1.5,0.01,0.003]");
  }

  /**
   * {@code summary} with six 5 s SUT windows, each the compact {@code [seconds, requests,
   * cpuSeconds, compileSeconds, jitCpuSeconds]} the cluster script writes.
   */
  static String withWindows(String summary, String window) {
    String s = summary.strip();
    assertThat(s).endsWith("}}");
    return s.substring(0, s.length() - 2)
        + ",\"windows\":{\"windowSeconds\":5,\"list\":["
        + String.join(",", java.util.Collections.nCopies(6, window))
        + "]}}}";
  }

  /** The real k6 cluster-script summary a finished runner leaves as its termination message. */
  static String runnerSummary() throws Exception {
    return Files.readString(Path.of(OperatorIT.class.getResource("/runner-summary.json").toURI()));
  }

  /** The operator in-process, watching {@code ns} only. */
  static Operator startOperator(String ns) {
    return OperatorMain.start(KubeApi.newClient(), Map.of("WATCH_NAMESPACES", ns));
  }

  static BenchmarkRunResource create(String ns, String name, String spec) {
    String yaml =
        """
        apiVersion: vtbench.dev/v1alpha1
        kind: BenchmarkRun
        metadata:
          name: %s
        spec:
        %s
        """
            .formatted(name, spec.indent(2));
    BenchmarkRunResource run =
        k8s.resources(BenchmarkRunResource.class)
            .load(new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8)))
            .item();
    return k8s.resources(BenchmarkRunResource.class).inNamespace(ns).resource(run).create();
  }

  static BenchmarkRunResource get(String ns, String name) {
    return k8s.resources(BenchmarkRunResource.class).inNamespace(ns).withName(name).get();
  }

  /** Waits until the run's status satisfies {@code check}; returns that status. */
  static BenchmarkRunStatus awaitStatus(
      String ns, String name, String what, Predicate<BenchmarkRunStatus> check) {
    return await(
        what,
        WAIT,
        () -> {
          BenchmarkRunResource r = get(ns, name);
          return r != null && r.getStatus() != null && check.test(r.getStatus())
              ? r.getStatus()
              : null;
        });
  }

  /** The rows of run {@code name} once it has Succeeded, read from its results ConfigMap. */
  static List<ResultRow> succeededRows(String ns, String name) {
    awaitStatus(ns, name, "Succeeded", condition("Succeeded", "True", "AllScenariosRecorded"));
    String csv =
        await(
            "the results",
            WAIT,
            () ->
                k8s.configMaps()
                    .inNamespace(ns)
                    .withName(name + "-results")
                    .get()
                    .getData()
                    .get(ResultsStore.CSV_KEY));
    return ResultsCsv.parse(csv);
  }

  static Predicate<BenchmarkRunStatus> condition(String type, String status, String reason) {
    return s ->
        s.conditions.stream()
            .anyMatch(
                c ->
                    type.equals(c.getType())
                        && status.equals(c.getStatus())
                        && (reason == null || reason.equals(c.getReason())));
  }

  static Condition conditionOf(BenchmarkRunStatus s, String type) {
    return s.conditions.stream().filter(c -> type.equals(c.getType())).findFirst().orElseThrow();
  }

  /**
   * What Flux (kstatus) and Argo CD (gitops/argocd/health.lua) make of the run as the API server
   * has it now, and the derived conditions in line with Succeeded, each naming the generation it
   * describes. The object is written to target/gitops-captured/{@code capture}.yaml: the fixtures
   * under gitops/argocd/testdata were taken from there.
   */
  @SuppressWarnings("unchecked")
  static Map<String, Object> gitOps(
      String ns, String name, String kstatus, String argo, String capture) throws Exception {
    GenericKubernetesResource live =
        k8s.genericKubernetesResources("vtbench.dev/v1alpha1", "BenchmarkRun")
            .inNamespace(ns)
            .withName(name)
            .get();
    Map<String, Object> obj = k8s.getKubernetesSerialization().convertValue(live, Map.class);
    assertThat(KStatus.compute(obj).status()).as("kstatus of " + name).isEqualTo(kstatus);
    assertThat(ArgoHealth.of(obj).status()).as("Argo CD health of " + name).isEqualTo(argo);
    BenchmarkRunStatus status = get(ns, name).getStatus();
    String succeeded = conditionOf(status, "Succeeded").getStatus();
    Condition ready = conditionOf(status, "Ready");
    Condition reconciling = conditionOf(status, "Reconciling");
    Condition stalled = conditionOf(status, "Stalled");
    assertThat(ready.getStatus()).isEqualTo("True".equals(succeeded) ? "True" : "False");
    assertThat(reconciling.getStatus()).isEqualTo("Unknown".equals(succeeded) ? "True" : "False");
    assertThat(stalled.getStatus()).isEqualTo("False".equals(succeeded) ? "True" : "False");
    if (!"Unknown".equals(succeeded)) {
      assertThat(ready.getReason()).isEqualTo(conditionOf(status, "Succeeded").getReason());
    }
    assertThat(status.conditions)
        .allSatisfy(c -> assertThat(c.getObservedGeneration()).isEqualTo(1L));
    ((Map<String, Object>) obj.get("metadata")).remove("managedFields");
    Path out = Path.of("target/gitops-captured", capture + ".yaml");
    Files.createDirectories(out.getParent());
    Files.writeString(out, k8s.getKubernetesSerialization().asYaml(obj));
    return obj;
  }

  static final String SMALL =
      """
      workload: {endpoint: order-summary, stubDelay: 100ms}
      sut: {cpu: 1, memory: 1Gi, image: vtbench/sut:test, nodeSelector: {vtbench.dev/tier: sut}}
      stub: {cpu: 1, memory: 512Mi}
      database: {cpu: 1, memory: 1Gi, storage: 1Gi, seed: {customers: 1000, orders: 10000}}
      load: {ramp: 1s, warmup: 1s, hold: 3s, cpu: 1, memory: 256Mi, runner: %s, sutWarmup: %s}
      """;

  /**
   * Database → stub and SUT → JIT warm-up → measured load → row, for two scenarios whose SUT
   * configs differ, through k6-operator TestRuns; every object checked as it appears.
   */
  @Test
  void aWholeRunThroughTestRunsPlayingTheMissingControllers() throws Exception {
    String ns = operator.startInNewNamespace("whole");
    Controllers play = new Controllers(k8s, ns);
    BenchmarkRunResource run =
        create(
            ns,
            "hello",
            SMALL.formatted("testrun", "30s")
                + "matrix: {threadModes: [platform, virtual], hikariPoolSizes: [10],"
                + " concurrency: [10], repetitions: 1}\n");
    List<Scenario> plan = Planner.plan(run.getSpec());
    assertThat(plan).hasSize(2);

    // The database: Guaranteed, seeded through bootstrap SQL, owned by the run.
    GenericKubernetesResource cluster =
        await("the CloudNativePG Cluster", WAIT, () -> play.cluster("hello-db"));
    @SuppressWarnings("unchecked")
    Map<String, Object> cs = (Map<String, Object>) cluster.getAdditionalProperties().get("spec");
    assertThat(cs).containsEntry("instances", 1);
    assertThat(cs.get("resources"))
        .isEqualTo(
            Map.of(
                "requests", Map.of("cpu", "1", "memory", "1Gi"),
                "limits", Map.of("cpu", "1", "memory", "1Gi")));
    assertThat(cs.get("bootstrap").toString())
        .contains("postInitApplicationSQLRefs")
        .contains("name=hello-seed")
        .contains("key=seed.sql")
        // then, as the superuser too, the function through which the SUT reads the database's CPU
        .contains("key=db-cpu.sql");
    assertThat(cs.get("postgresql").toString()).contains("max_connections=100");
    ownedBy(cluster, run);
    // Who may talk to whom, in place before the run's first pod (released with it: gone()).
    assertThat(k8s.network().v1().networkPolicies().inNamespace(ns).list().getItems())
        .extracting(p -> p.getMetadata().getName())
        .containsExactlyInAnyOrder("hello-sut", "hello-stub", "hello-db");
    ConfigMap seed = k8s.configMaps().inNamespace(ns).withName("hello-seed").get();
    assertThat(seed.getData().get("seed.sql")).contains("generate_series").contains("1000");
    assertThat(seed.getData().get("db-cpu.sql"))
        .contains("SECURITY DEFINER")
        .contains("REVOKE ALL ON FUNCTION vtbench_db_cpu_seconds() FROM PUBLIC")
        .contains("TO bench;");
    BenchmarkRunStatus status =
        awaitStatus(
            ns,
            "hello",
            "DatabaseReady=False",
            condition("DatabaseReady", "False", "DatabaseProvisioning"));
    assertThat(status.phase).isEqualTo("Provisioning");
    assertThat(status.observedGeneration).isEqualTo(1L);
    assertThat(status.progress).isEqualTo("0/2");
    assertThat(status.startedAt).isNotNull();
    assertThat(conditionOf(status, "Succeeded").getStatus()).isEqualTo("Unknown");
    assertThat(conditionOf(status, "DatabaseReady").getMessage()).contains("hello-db");
    gitOps(ns, "hello", KStatus.IN_PROGRESS, "Progressing", "provisioning");
    assertThat(conditionOf(status, "Reconciling").getReason()).isEqualTo("Running");

    play.clusterReady("hello-db");

    // The stub and the SUT in the first scenario's configuration.
    Deployment sut = await("the SUT Deployment", WAIT, () -> play.deployment("hello-sut"));
    Deployment stub = await("the stub Deployment", WAIT, () -> play.deployment("hello-stub"));
    checkWorkload(sut, run, "1", "1Gi");
    checkWorkload(stub, run, "1", "512Mi");
    assertThat(sut.getSpec().getStrategy().getType()).isEqualTo("Recreate");
    assertThat(sut.getSpec().getTemplate().getSpec().getNodeSelector())
        .isEqualTo(Map.of("vtbench.dev/tier", "sut"));
    Map<String, String> env = env(sut);
    assertThat(env)
        .containsEntry("VT_ENABLED", Boolean.toString(plan.get(0).sut().virtualThreads()))
        .containsEntry("HIKARI_MAX_POOL", "10")
        .containsEntry("CONN_MODE", "released")
        .containsEntry("STUB_URL", "http://hello-stub:8080")
        .containsEntry("DB_SECRET_DIR", "/etc/vtbench/db")
        .containsEntry("DB_CPU_FUNCTION", "vtbench_db_cpu_seconds")
        .containsEntry("DB_CFS_FUNCTION", "vtbench_db_cfs");
    assertThat(env.keySet()).noneMatch(k -> k.contains("PASSWORD"));
    assertThat(sut.getSpec().getTemplate().getSpec().getVolumes())
        .anyMatch(
            v -> v.getSecret() != null && "hello-db-app".equals(v.getSecret().getSecretName()));
    assertThat(k8s.services().inNamespace(ns).withName("hello-sut").get()).isNotNull();
    assertThat(k8s.services().inNamespace(ns).withName("hello-stub").get()).isNotNull();
    status =
        awaitStatus(ns, "hello", "SutReady=False", condition("SutReady", "False", "SutStarting"));
    assertThat(status.phase).isEqualTo("Running");
    assertThat(status.scenario).isEqualTo(plan.get(0).id());

    // the first config's SUT pod, as the kubelet reports it: the row records this digest. Running
    // before its Deployment says available, as on a cluster: a pod that appeared only after the
    // warm-up started would read as another SUT start, and the operator would (rightly) replace
    // that warm-up's TestRun under the test's feet (the clean-clone CI caught it so)
    play.runningPod("hello-sut", "hello-sut-first", "docker.io/vtbench/sut@sha256:feed");
    play.available("hello-stub");
    play.available("hello-sut");

    // Every SUT start gets its JIT warm-up first, then the measured load.
    for (int i = 0; i < plan.size(); i++) {
      Scenario s = plan.get(i);
      String warm = ResourceNames.load(run, s.index(), true);
      GenericKubernetesResource tr = await(warm, WAIT, () -> play.testRun(warm));
      checkTestRun(tr, run, s.id() + "-jit-warmup");
      ConfigMap script = k8s.configMaps().inNamespace(ns).withName(warm).get();
      assertThat(script.getData().get("script.js"))
          .contains("http://hello-sut:8080")
          .contains("probeStart")
          .contains("/dev/termination-log");
      awaitStatus(
          ns, "hello", "LoadRunning=True WarmingUp", condition("LoadRunning", "True", "WarmingUp"));
      // k6-operator's own Jobs and initializer pod carry the runner labels: the operator must
      // neither delete them nor read the initializer's exit as the load's outcome.
      String runnerJob = play.startTestRun(warm);
      Thread.sleep(2_000);
      assertThat(play.job(runnerJob)).as("k6-operator's runner Job left alone").isNotNull();
      assertThat(get(ns, "hello").getStatus().phase).isEqualTo("Running");
      play.finishTestRun(warm, 0, steadySummary);

      String measured = ResourceNames.load(run, s.index(), false);
      GenericKubernetesResource m = await(measured, WAIT, () -> play.testRun(measured));
      checkTestRun(m, run, s.id());
      awaitStatus(ns, "hello", "warm-up recorded", st -> st.warmedUp != null);
      // one 20 s round (the spec caps at 30 s) whose windows agree: steady, measured at once
      assertThat(get(ns, "hello").getStatus().warmUp.underLoadSeconds).isEqualTo(20.0);
      assertThat(get(ns, "hello").getStatus().warmUp.steady).isTrue();
      play.finishTestRun(measured, 0, summary);
      int done = i + 1;
      status =
          awaitStatus(
              ns,
              "hello",
              done + " scenario(s) recorded",
              st -> Objects.equals(st.scenariosDone, done));
      assertThat(status.progress).isEqualTo(done + "/2");
      if (done == 1) {
        // Recorded, not the last: the run goes on to the next SUT configuration.
        gitOps(ns, "hello", KStatus.IN_PROGRESS, "Progressing", "running");
      }
      await(measured + " deleted", WAIT, () -> play.testRun(measured) == null ? true : null);
      await(
          warm + " deleted",
          WAIT,
          () -> k8s.configMaps().inNamespace(ns).withName(warm).get() == null ? true : null);

      if (i == 0) {
        // The second scenario's SUT config differs: the template changes, the SUT restarts.
        String next = Boolean.toString(plan.get(1).sut().virtualThreads());
        await(
            "SUT reconfigured",
            WAIT,
            () -> next.equals(env(play.deployment("hello-sut")).get("VT_ENABLED")) ? true : null);
        awaitStatus(
            ns, "hello", "SutReady=False after the change", condition("SutReady", "False", null));
        play.available("hello-sut");
      }
    }

    status =
        awaitStatus(
            ns, "hello", "Succeeded", condition("Succeeded", "True", "AllScenariosRecorded"));
    assertThat(status.phase).isEqualTo("Succeeded");
    assertThat(status.finishedAt).isNotNull();
    assertThat(conditionOf(status, "Progressing").getStatus()).isEqualTo("False");
    assertThat(status.recentScenarios).hasSize(2);
    // one repetition per thread mode: a ratio, no interval, and why there is no verdict
    assertThat(status.summary)
        .startsWith("virtual ")
        .contains("x platform at 10 VUs, pool 10 (")
        .endsWith("req/s): no verdict (1 repetition, need 3)");
    assertThat(status.resultsConfigMaps).contains("hello-results", "hello-figures");
    gitOps(ns, "hello", KStatus.CURRENT, "Healthy", "succeeded");
    assertThat(conditionOf(status, "Ready").getReason()).isEqualTo("AllScenariosRecorded");
    assertThat(conditionOf(status, "Reconciling").getReason()).isEqualTo("Finished");

    // The CSV: local mode's header and meaning, one row per scenario, the SUT's view from inside.
    ConfigMap results = k8s.configMaps().inNamespace(ns).withName("hello-results").get();
    String csv = results.getData().get(ResultsStore.CSV_KEY);
    assertThat(csv).startsWith(ResultsCsv.header() + "\n");
    List<ResultRow> rows = ResultsCsv.parse(csv);
    assertThat(rows)
        .extracting(ResultRow::scenarioId)
        .containsExactly(plan.get(0).id(), plan.get(1).id());
    ResultRow r = rows.getFirst();
    assertThat(r.throughputRps()).isCloseTo(296 / 3.0, within(0.01));
    assertThat(r.httpReqs()).isEqualTo(296);
    assertThat(r.errorRate()).isZero();
    assertThat(r.p99Ms()).isCloseTo(105.2, within(0.1));
    assertThat(r.sutCpuset()).isEqualTo("1");
    // 1.3 CPU seconds over the 3 s hold; the CSV keeps one decimal
    assertThat(r.appCpuPct()).isCloseTo(100 * 1.3 / 3, within(0.05));
    assertThat(r.pgCpuPct()).isNull();
    assertThat(r.hikariActiveMax()).isEqualTo(12);
    assertThat(r.pinnedEvents()).isZero();
    assertThat(r.concurrency()).isEqualTo(10);
    assertThat(r.hikariPool()).isEqualTo(10);
    // Where it ran: the JDK the SUT reported, and the image digest of the pod that ran the config;
    // the second config's pod was never observed, so its row names the spec's image.
    assertThat(r.jdkVersion()).isEqualTo("25.0.3+9-LTS");
    assertThat(r.sutArtifact()).isEqualTo("docker.io/vtbench/sut@sha256:feed");
    assertThat(rows.get(1).sutArtifact()).isEqualTo("vtbench/sut:test");
    assertThat(r.meanMs()).isCloseTo(101.81, within(0.01));
    // every SUT start had one warm-up round, which found it steady (the 3 s hold is too short to
    // judge on its own: it has no whole 5 s window)
    assertThat(rows).allSatisfy(row -> assertThat(row.warmupS()).isEqualTo(20.0));
    assertThat(rows).allSatisfy(row -> assertThat(row.steadyState()).isTrue());
    // Kept when the run goes (keepOnDelete defaults to true): no owner.
    assertThat(results.getMetadata().getOwnerReferences()).isEmpty();
    ConfigMap figures = k8s.configMaps().inNamespace(ns).withName("hello-figures").get();
    assertThat(figures.getData()).containsKey("summary.md");
    // one concurrency level, two thread modes: the modes figure, not a one-point hero figure
    assertThat(figures.getBinaryData()).containsKey("modes.png").doesNotContainKey("hero.png");

    // A finished run frees its cores and database at once, and says when: in the pass that wrote
    // Succeeded, so later passes of the ended run make no request.
    await("workloads released", WAIT, () -> gone(ns, "hello") ? true : null);
    BenchmarkRunStatus ended = get(ns, "hello").getStatus();
    assertThat(ended.releasedAt).isNotNull();
    assertThat(java.time.Instant.parse(ended.releasedAt))
        .isAfterOrEqualTo(java.time.Instant.parse(ended.finishedAt));
    assertThat(
            k8s.v1().events().inNamespace(ns).list().getItems().stream()
                .map(e -> e.getReason())
                .collect(Collectors.toSet()))
        .contains(
            "DatabaseReady", "WarmUpStarted", "LoadStarted", "ScenarioRecorded", "RunSucceeded");
  }

  /**
   * Plain Jobs (no k6-operator needed); the operator stopped mid-load and the load finishing while
   * it is down; a leftover Job of a recorded scenario; then the run deleted mid-way.
   */
  @Test
  void restartResumesWithoutLosingOrDuplicatingAndDeletionKeepsTheResults() {
    String ns = operator.startInNewNamespace("restart");
    Controllers play = new Controllers(k8s, ns);
    BenchmarkRunResource run =
        create(
            ns,
            "again",
            SMALL.formatted("job", "0s")
                + "matrix: {threadModes: [platform], hikariPoolSizes: [10], concurrency: [5, 10, 20],"
                + " repetitions: 1}\n");
    List<Scenario> plan = Planner.plan(run.getSpec());
    await("Cluster", WAIT, () -> play.cluster("again-db"));
    play.clusterReady("again-db");
    await("SUT", WAIT, () -> play.deployment("again-sut"));
    await("stub", WAIT, () -> play.deployment("again-stub"));
    play.available("again-sut");
    play.available("again-stub");

    // One SUT configuration: one Job runs its three scenarios as stages, the later two in order
    // after the first in init containers of its one pod.
    String first = ResourceNames.load(run, plan.get(0).index(), false);
    Job job = await(first, WAIT, () -> play.job(first));
    checkJob(job, run, plan.get(0).id());
    assertThat(job.getMetadata().getAnnotations())
        .containsEntry(
            LoadScript.STAGES, plan.stream().map(Scenario::id).collect(Collectors.joining(",")));
    String pod = first + "-xyz12";

    // Killed mid-stage; the first stage ends while nobody watches.
    operator.stop();
    play.stagedPod(first, pod, List.of(summary));
    operator.start(ns);
    BenchmarkRunStatus status =
        awaitStatus(
            ns, "again", "first row after restart", st -> Objects.equals(st.scenariosDone, 1));
    // the load goes on with its next stage: the same Job, nothing new created
    assertThat(play.job(first)).isNotNull();
    assertThat(play.job(ResourceNames.load(run, plan.get(1).index(), false))).isNull();

    // A load object of an earlier try at the next scenario (an operator stopped between creating
    // it and a restart that found the stage running): not this run's load now, so it goes.
    String other = ResourceNames.load(run, plan.get(1).index(), false);
    k8s.resource(TestLoads.job(get(ns, "again"), other, plan.get(1).id())).create();
    await(other + " removed as stale", WAIT, () -> play.job(other) == null ? true : null);

    // Restarted again with nothing new to record: still one row; then the second stage ends.
    operator.stop();
    operator.start(ns);
    play.stagedPod(first, pod, List.of(summary, summary));
    status = awaitStatus(ns, "again", "second row", st -> Objects.equals(st.scenariosDone, 2));
    assertThat(status.progress).isEqualTo("2/3");
    // Same SUT config for every scenario (one thread mode, one pool): never restarted.
    assertThat(play.deployment("again-sut").getMetadata().getGeneration()).isEqualTo(1L);
    List<ResultRow> rows = new ResultsStore(k8s).rows(get(ns, "again"));
    assertThat(rows)
        .extracting(ResultRow::scenarioId)
        .containsExactly(plan.get(0).id(), plan.get(1).id());

    // Deleted mid-run, its third stage running: everything goes but the results.
    assertThat(play.job(first)).isNotNull();
    k8s.resources(BenchmarkRunResource.class).inNamespace(ns).withName("again").delete();
    await("run deleted", WAIT, () -> get(ns, "again") == null ? true : null);
    assertThat(gone(ns, "again")).isTrue();
    assertThat(play.job(first)).isNull();
    assertThat(k8s.configMaps().inNamespace(ns).withName(first).get()).isNull();
    ConfigMap results = k8s.configMaps().inNamespace(ns).withName("again-results").get();
    assertThat(ResultsCsv.parse(results.getData().get(ResultsStore.CSV_KEY))).hasSize(2);
  }

  /** k6-operator says "finished" although the runner failed: the run fails, naming the pod. */
  @Test
  void aFailedRunnerFailsTheRunEvenWhenItsTestRunSaysFinished() throws Exception {
    String ns = operator.startInNewNamespace("failing");
    Controllers play = new Controllers(k8s, ns);
    BenchmarkRunResource run = oneScenario(ns, "broken");
    String load = firstTestRun(play, run);
    play.finishTestRun(load, 107, "script error: ReferenceError: x is not defined");
    BenchmarkRunStatus status =
        awaitStatus(ns, "broken", "Failed", condition("Succeeded", "False", "LoadFailed"));
    assertThat(status.phase).isEqualTo("Failed");
    assertThat(conditionOf(status, "Succeeded").getMessage())
        .contains(load + "-1-abcde")
        .contains("exited with 107")
        .contains("ReferenceError");
    // Flux's wait fails on it (kstatus Failed), Argo CD shows it Degraded with the reason.
    Map<String, Object> obj = gitOps(ns, "broken", KStatus.FAILED, "Degraded", "failed");
    assertThat(KStatus.compute(obj).message()).contains("exited with 107");
    assertThat(ArgoHealth.of(obj).message()).startsWith("LoadFailed: ").contains("exited with 107");
    assertThat(conditionOf(status, "Stalled").getReason()).isEqualTo("LoadFailed");
    await("workloads released", WAIT, () -> gone(ns, "broken") ? true : null);
  }

  /**
   * The spec pins the SUT to 1 CPU, but the runner saw it on all 4 of its node's CPUs (a kubelet
   * without the static CPU manager): the run fails naming the cpuset and the fix, and records no
   * row.
   */
  @Test
  void aSutWithoutTheExclusiveCoresItAskedForFailsTheRun() throws Exception {
    String ns = operator.startInNewNamespace("unpinned");
    Controllers play = new Controllers(k8s, ns);
    BenchmarkRunResource run = oneScenario(ns, "shared");
    String load = firstTestRun(play, run);
    String onTheSharedPool =
        summary.replace(
            "\"cpuset\":\"1\"", "\"cpuset\":\"0-3\",\"onlineCpus\":\"0-3\",\"node\":\"n1\"");
    assertThat(onTheSharedPool).contains("\"cpuset\":\"0-3\"");
    play.finishTestRun(load, 0, onTheSharedPool);

    BenchmarkRunStatus status =
        awaitStatus(ns, "shared", "Failed", condition("Succeeded", "False", "PinningNotGranted"));
    assertThat(status.phase).isEqualTo("Failed");
    assertThat(conditionOf(status, "Succeeded").getMessage())
        .contains("cpuset 0-3 (4 CPUs)")
        .contains("asks for 1 exclusive CPUs")
        .contains("static CPU manager");
    assertThat(status.scenariosDone == null ? 0 : status.scenariosDone).isZero();
    ConfigMap results = k8s.configMaps().inNamespace(ns).withName("shared-results").get();
    assertThat(
            results == null
                ? List.of()
                : ResultsCsv.parse(results.getData().getOrDefault(ResultsStore.CSV_KEY, "")))
        .isEmpty();
    await("workloads released", WAIT, () -> gone(ns, "shared") ? true : null);
  }

  /** A run of one scenario (virtual, pool 10, 10 VUs) through TestRuns, without JIT warm-up. */
  static BenchmarkRunResource oneScenario(String ns, String name) {
    return create(
        ns,
        name,
        SMALL.formatted("testrun", "0s")
            + "matrix: {threadModes: [virtual], hikariPoolSizes: [10], concurrency: [10],"
            + " repetitions: 1}\n");
  }

  /**
   * Plays the database, the SUT and the stub up to the first load's TestRun (a run with no JIT
   * warm-up, {@code sutWarmup: 0s}); returns the TestRun's name.
   */
  static String firstTestRun(Controllers play, BenchmarkRunResource run) {
    String load = firstLoadName(play, run);
    await(load, WAIT, () -> play.testRun(load));
    return load;
  }

  /**
   * The run's database Ready and its SUT and stub available, as their controllers would report
   * them; the name of the load of its first scenario, which the operator creates next.
   */
  static String firstLoadName(Controllers play, BenchmarkRunResource run) {
    String name = run.getMetadata().getName();
    await("Cluster", WAIT, () -> play.cluster(name + "-db"));
    play.clusterReady(name + "-db");
    await("SUT", WAIT, () -> play.deployment(name + "-sut"));
    await("stub", WAIT, () -> play.deployment(name + "-stub"));
    play.available(name + "-sut");
    play.available(name + "-stub");
    return ResourceNames.load(run, Planner.plan(run.getSpec()).get(0).index(), false);
  }

  /** 1,000 scenarios: the status stays small, and the CSV splits across ConfigMaps whole. */
  @Test
  void aThousandScenariosKeepStatusSmallAndTheCsvWhole() {
    String ns = KubeApi.namespace("scale");
    BenchmarkRunResource run =
        create(
            ns,
            "big",
            "matrix: {threadModes: [platform, virtual], hikariPoolSizes: [10, 20, 40, 80, 160],"
                + " concurrency: [10, 20, 30, 40, 50, 60, 70, 80, 90, 100], repetitions: 10}\n");
    List<Scenario> plan = Planner.plan(run.getSpec());
    assertThat(plan).hasSize(1000);
    ResultsStore store = new ResultsStore(k8s, 64 * 1024);
    ResultRow template = ResultsCsv.parse(csvOf(summaryRow())).getFirst();
    for (Scenario s : plan) {
      store.append(
          run,
          template.toBuilder()
              .scenarioId(s.id())
              .threadMode(s.threadMode())
              .hikariPool(s.hikariPool())
              .concurrency(s.concurrency())
              .rep(s.rep())
              .build());
    }
    // A second append of a recorded scenario changes nothing.
    store.append(run, template.toBuilder().scenarioId(plan.get(7).id()).build());
    List<ConfigMap> parts = store.parts(run);
    assertThat(parts).hasSizeGreaterThan(1);
    for (ConfigMap p : parts) {
      assertThat(p.getData().get(ResultsStore.CSV_KEY)).startsWith(ResultsCsv.header() + "\n");
    }
    List<ResultRow> rows = store.rows(run);
    assertThat(rows)
        .extracting(ResultRow::scenarioId)
        .containsExactlyElementsOf(plan.stream().map(Scenario::id).toList());

    BenchmarkRunResource withStatus = get(ns, "big");
    BenchmarkRunStatus status = new BenchmarkRunStatus();
    // Filled the way the reconciler fills it.
    dev.vtbench.operator.reconciler.status.RunStatus.recent(status, rows);
    status.progress = rows.size() + "/" + plan.size();
    status.resultsConfigMaps = parts.stream().map(p -> p.getMetadata().getName()).toList();
    withStatus.setStatus(status);
    BenchmarkRunResource stored =
        k8s.resources(BenchmarkRunResource.class)
            .inNamespace(ns)
            .resource(withStatus)
            .updateStatus();
    int bytes =
        io.fabric8.kubernetes.client.utils.Serialization.asJson(stored.getStatus())
            .getBytes(StandardCharsets.UTF_8)
            .length;
    assertThat(bytes).as("status bytes for 1,000 scenarios").isLessThan(64 * 1024);
    assertThat(stored.getStatus().recentScenarios).hasSize(20);
  }

  static ResultRow summaryRow() {
    return ResultRow.builder()
        .ts(java.time.Instant.parse("2026-11-22T00:00:00Z"))
        .threadMode("platform")
        .hikariPool(10)
        .pathMode("normal")
        .connMode("released")
        .concurrency(10)
        .rep(1)
        .throughputRps(98.7)
        .p50Ms(101.6)
        .p95Ms(103.6)
        .p99Ms(105.2)
        .p999Ms(105.7)
        .maxMs(105.8)
        .errorRate(0.0)
        .httpReqs(296L)
        .scenarioId("x")
        .build();
  }

  static String csvOf(ResultRow row) {
    return ResultsCsv.append("", row);
  }

  // --- checks ---------------------------------------------------------------------------------

  static void ownedBy(HasMetadata o, BenchmarkRunResource run) {
    List<OwnerReference> refs = o.getMetadata().getOwnerReferences();
    assertThat(refs).hasSize(1);
    assertThat(refs.getFirst().getUid()).isEqualTo(run.getMetadata().getUid());
    assertThat(refs.getFirst().getKind()).isEqualTo("BenchmarkRun");
    assertThat(refs.getFirst().getController()).isTrue();
    assertThat(o.getMetadata().getLabels())
        .containsEntry(Labels.RUN, run.getMetadata().getName())
        .containsEntry(Labels.MANAGED_BY, Labels.MANAGER);
  }

  /** Guaranteed QoS, restricted Pod Security, probes, owned and labelled. */
  static void checkWorkload(Deployment d, BenchmarkRunResource run, String cpu, String memory) {
    ownedBy(d, run);
    var pod = d.getSpec().getTemplate().getSpec();
    Container c = pod.getContainers().getFirst();
    assertThat(c.getResources().getRequests())
        .isEqualTo(c.getResources().getLimits())
        .containsEntry("cpu", new Quantity(cpu))
        .containsEntry("memory", new Quantity(memory));
    assertThat(pod.getSecurityContext().getRunAsNonRoot()).isTrue();
    assertThat(pod.getSecurityContext().getRunAsUser()).isEqualTo(65532L);
    assertThat(pod.getSecurityContext().getSeccompProfile().getType()).isEqualTo("RuntimeDefault");
    assertThat(c.getSecurityContext().getAllowPrivilegeEscalation()).isFalse();
    assertThat(c.getSecurityContext().getReadOnlyRootFilesystem()).isTrue();
    assertThat(c.getSecurityContext().getCapabilities().getDrop()).containsExactly("ALL");
    assertThat(c.getReadinessProbe().getHttpGet().getPath()).isEqualTo("/readyz");
    assertThat(c.getLivenessProbe().getHttpGet().getPath()).isEqualTo("/livez");
    assertThat(pod.getAutomountServiceAccountToken()).isFalse();
  }

  @SuppressWarnings("unchecked")
  static void checkTestRun(
      GenericKubernetesResource tr, BenchmarkRunResource run, String scenario) {
    ownedBy(tr, run);
    Map<String, Object> spec = (Map<String, Object>) tr.getAdditionalProperties().get("spec");
    assertThat(spec).containsEntry("parallelism", 1).doesNotContainKey("cleanup");
    Map<String, Object> runner = (Map<String, Object>) spec.get("runner");
    Map<String, Object> res = (Map<String, Object>) runner.get("resources");
    assertThat(res.get("requests")).isEqualTo(res.get("limits"));
    assertThat(res.get("requests")).isEqualTo(Map.of("cpu", "1", "memory", "256Mi"));
    assertThat(((Map<String, Object>) runner.get("metadata")).get("labels").toString())
        .contains(Labels.SCENARIO + "=" + scenario);
    assertThat(((Map<String, Object>) runner.get("securityContext")).get("runAsNonRoot"))
        .isEqualTo(true);
  }

  static void checkJob(Job job, BenchmarkRunResource run, String scenario) {
    ownedBy(job, run);
    assertThat(job.getSpec().getBackoffLimit()).isZero();
    var pod = job.getSpec().getTemplate().getSpec();
    Container c = pod.getContainers().getFirst();
    assertThat(c.getResources().getRequests()).isEqualTo(c.getResources().getLimits());
    assertThat(c.getSecurityContext().getAllowPrivilegeEscalation()).isFalse();
    assertThat(pod.getSecurityContext().getRunAsNonRoot()).isTrue();
    assertThat(job.getSpec().getTemplate().getMetadata().getLabels())
        .containsEntry(Labels.SCENARIO, scenario);
  }

  static Map<String, String> env(Deployment d) {
    return d.getSpec().getTemplate().getSpec().getContainers().getFirst().getEnv().stream()
        .collect(Collectors.toMap(EnvVar::getName, e -> e.getValue() == null ? "" : e.getValue()));
  }

  /** Nothing of the run is left but its results ConfigMaps. */
  static boolean gone(String ns, String run) {
    String sel = Labels.RUN + "=" + run;
    return k8s.apps()
            .deployments()
            .inNamespace(ns)
            .withLabel(Labels.RUN, run)
            .list()
            .getItems()
            .isEmpty()
        && k8s.services().inNamespace(ns).withLabel(Labels.RUN, run).list().getItems().isEmpty()
        && k8s.network()
            .v1()
            .networkPolicies()
            .inNamespace(ns)
            .withLabel(Labels.RUN, run)
            .list()
            .getItems()
            .isEmpty()
        && k8s.batch()
            .v1()
            .jobs()
            .inNamespace(ns)
            .withLabel(Labels.RUN, run)
            .list()
            .getItems()
            .isEmpty()
        && k8s.genericKubernetesResources("postgresql.cnpg.io/v1", "Cluster")
            .inNamespace(ns)
            .withLabel(Labels.RUN, run)
            .list()
            .getItems()
            .isEmpty()
        && k8s.genericKubernetesResources("k6.io/v1alpha1", "TestRun")
            .inNamespace(ns)
            .withLabel(Labels.RUN, run)
            .list()
            .getItems()
            .isEmpty()
        && k8s.configMaps().inNamespace(ns).withLabelSelector(sel).list().getItems().stream()
            .allMatch(c -> "results".equals(c.getMetadata().getLabels().get(Labels.COMPONENT)));
  }
}
