package dev.vtbench.operator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.results.csv.ResultsCsv;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.api.BenchmarkRunStatus;
import dev.vtbench.operator.reconciler.status.Conditions;
import dev.vtbench.operator.reconciler.status.Conditions.Reason;
import dev.vtbench.operator.results.ResultsStore;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The documented kubectl commands, run with the real kubectl against the real API server: what
 * {@code kubectl get bench} prints, {@code kubectl wait} on the conditions, and
 * hack/cluster-figures.sh fetching a run's CSV parts. The statuses are written the way the
 * reconciler writes them (Conditions, derive, recent) from the reference results.
 */
class KubectlIT {

  static final KubernetesClient k8s = KubeApi.client();
  static Path kubeconfig;
  static Path kubectl;

  @BeforeAll
  static void tools() throws IOException {
    kubeconfig = Files.createTempFile("vtbench-kubeconfig-", ".yaml");
    Files.writeString(kubeconfig, KubeApi.kubeconfig());
    try (Stream<Path> versions = Files.list(Path.of(System.getenv("KUBE_API_TEST_DIR"), "k8s"))) {
      kubectl =
          versions
              .map(v -> v.resolve("kubectl"))
              .filter(Files::isExecutable)
              .findFirst()
              .orElseThrow(() -> new AssertionError("no kubectl: run `make kube-tools`"));
    }
  }

  record Out(int exit, String stdout, String stderr) {}

  static Out exec(Map<String, String> env, String... command) throws Exception {
    ProcessBuilder pb = new ProcessBuilder(command).directory(Path.of("../..").toFile());
    pb.environment().put("KUBECONFIG", kubeconfig.toString());
    pb.environment().putAll(env);
    Process p = pb.start();
    p.getOutputStream().close();
    var out = p.getInputStream().readAllBytes();
    var err = p.getErrorStream().readAllBytes();
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).as(String.join(" ", command)).isTrue();
    return new Out(
        p.exitValue(),
        new String(out, StandardCharsets.UTF_8),
        new String(err, StandardCharsets.UTF_8));
  }

  static Out kubectl(String... args) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(kubectl.toString()));
    cmd.addAll(List.of(args));
    return exec(Map.of(), cmd.toArray(String[]::new));
  }

  static BenchmarkRunResource run(String ns, String name) {
    BenchmarkRunResource run = new BenchmarkRunResource();
    run.getMetadata().setName(name);
    run.getMetadata().setNamespace(ns);
    return k8s.resource(run).create();
  }

  /** Writes a status as the reconciler would: the outcome, the rows' headline, the derivation. */
  static void status(
      BenchmarkRunResource run,
      String succeeded,
      Reason reason,
      String message,
      List<ResultRow> rows) {
    Instant now = Instant.now();
    BenchmarkRunStatus s = new BenchmarkRunStatus();
    s.observedGeneration = run.getMetadata().getGeneration();
    s.phase =
        switch (succeeded) {
          case "True" -> "Succeeded";
          case "False" -> "Failed";
          default -> "Running";
        };
    s.progress = rows.size() + "/30";
    s.runner = "job";
    dev.vtbench.operator.reconciler.status.RunStatus.recent(s, rows);
    Conditions.set(s, Conditions.SUCCEEDED, succeeded, reason, message, 1L, now);
    Conditions.set(
        s,
        Conditions.PROGRESSING,
        "Unknown".equals(succeeded) ? "True" : "False",
        "Unknown".equals(succeeded) ? Reason.Running : Reason.Finished,
        message,
        1L,
        now);
    Conditions.derive(s, now);
    run.setStatus(s);
    k8s.resource(run).updateStatus();
  }

  @Test
  void getShowsTheHeadlineAndWideAddsReadyAndRunner() throws Exception {
    String ns = KubeApi.namespace("kubectl");
    List<ResultRow> rows =
        ResultsCsv.read(Path.of("../../results/reference/bench-hero/matrix.csv"));
    BenchmarkRunResource hero = run(ns, "hero");
    status(hero, "True", Reason.AllScenariosRecorded, "all 30 scenarios recorded", rows);

    Out get = kubectl("get", "bench", "-n", ns);
    assertThat(get.exit()).as(get.stderr()).isZero();
    List<String> lines = get.stdout().lines().toList();
    assertThat(lines.getFirst().split("\\s+"))
        .containsExactly("NAME", "AGE", "PHASE", "PROGRESS", "SCENARIO", "HEADLINE");
    assertThat(lines.get(1))
        .startsWith("hero ")
        .contains("Succeeded")
        .contains("30/30")
        // bench-hero's rows read by today's rules: 400 and 800 VUs' virtual rows are load-generator
        .endsWith(
            "virtual 3.9x platform [3.8-3.9] at 200 VUs, pool 50 (1869 vs 485 req/s): virtual faster;"
                + " the highest level counted (virtual generator saturated at 400, 800 VUs (virtual 2737"
                + " vs platform 486, virtual 2961 vs platform 486 req/s))");

    Out wide = kubectl("get", "vtb", "hero", "-n", ns, "-o", "wide");
    assertThat(wide.stdout().lines().findFirst().orElseThrow().split("\\s+"))
        .containsExactly(
            "NAME", "AGE", "READY", "PHASE", "PROGRESS", "RUNNER", "SCENARIO", "HEADLINE");
    assertThat(wide.stdout().lines().skip(1).findFirst().orElseThrow())
        .matches(
            "hero\\s+\\S+\\s+True\\s+Succeeded\\s+30/30\\s+job\\s+(<none>\\s+)?virtual 3\\.9x platform \\[3\\.8-3\\.9\\] at 200 VUs, .*");
  }

  @Test
  void waitReturnsOnSuccessAndReconcilingFalseOnEitherEnd() throws Exception {
    String ns = KubeApi.namespace("wait");
    List<ResultRow> rows =
        ResultsCsv.read(Path.of("../../results/reference/quickstart/matrix.csv"));
    BenchmarkRunResource ok = run(ns, "ok");
    status(ok, "True", Reason.AllScenariosRecorded, "all recorded", rows);
    BenchmarkRunResource broken = run(ns, "broken");
    status(broken, "False", Reason.LoadFailed, "k6 exited with 107", rows.subList(0, 1));
    BenchmarkRunResource busy = run(ns, "busy");
    status(busy, "Unknown", Reason.Running, "working on scenario 2", rows.subList(0, 1));

    for (String cond : List.of("Succeeded", "Ready", "Reconciling=false")) {
      Out w = kubectl("wait", "-n", ns, "--for=condition=" + cond, "bench/ok", "--timeout=5s");
      assertThat(w.exit()).as("wait for %s on a succeeded run: %s", cond, w.stderr()).isZero();
    }
    Out ended =
        kubectl(
            "wait", "-n", ns, "--for=condition=Reconciling=false", "bench/broken", "--timeout=5s");
    assertThat(ended.exit()).as(ended.stderr()).isZero();
    Out failed =
        kubectl("wait", "-n", ns, "--for=condition=Succeeded", "bench/broken", "--timeout=0s");
    assertThat(failed.exit()).as("a failed run does not satisfy Succeeded").isNotZero();
    Out stalled =
        kubectl(
            "get",
            "bench",
            "broken",
            "-n",
            ns,
            "-o",
            "jsonpath={.status.conditions[?(@.type==\"Stalled\")].message}");
    assertThat(stalled.stdout()).isEqualTo("k6 exited with 107");
    Out running =
        kubectl(
            "wait", "-n", ns, "--for=condition=Reconciling=false", "bench/busy", "--timeout=1s");
    assertThat(running.exit()).as("a running run has not ended").isNotZero();
  }

  @Test
  void clusterFiguresJoinsEveryPartInOrder(@TempDir Path tmp) throws Exception {
    String ns = KubeApi.namespace("figures");
    List<ResultRow> rows =
        ResultsCsv.read(Path.of("../../results/reference/bench-bottleneck/matrix.csv"));
    BenchmarkRunResource run = run(ns, "bottleneck");
    // Small parts, so the 24 rows span several ConfigMaps as a large matrix does past 900 KiB.
    ResultsStore store = new ResultsStore(k8s, 2 * 1024);
    rows.forEach(r -> store.append(run, r));
    List<String> parts = store.parts(run).stream().map(c -> c.getMetadata().getName()).toList();
    assertThat(parts)
        .hasSizeGreaterThan(2)
        .startsWith("bottleneck-results", "bottleneck-results-2");

    // The CLI is operator/local's; here a stand-in records what the script hands it.
    Path args = tmp.resolve("args");
    Path handedCsv = tmp.resolve("handed.csv");
    Path fake = tmp.resolve("vtbench");
    Files.writeString(
        fake,
        "#!/bin/sh\n: > "
            + args
            + "; : > "
            + handedCsv
            + "\nfor a in \"$@\"; do echo \"$a\" >> "
            + args
            + "; case \"$a\" in *.csv) cat \"$a\" >> "
            + handedCsv
            + ";; esac; done\n");
    fake.toFile().setExecutable(true);
    Path out = tmp.resolve("out");
    Map<String, String> env = Map.of("KUBECTL", kubectl.toString(), "VTBENCH", fake.toString());
    Out script = exec(env, "bash", "hack/cluster-figures.sh", "bottleneck", ns, out.toString());
    assertThat(script.exit()).as(script.stderr()).isZero();
    assertThat(ResultsCsv.read(out.resolve("matrix.csv"))).isEqualTo(rows);
    // The parts joined in order into the one matrix.csv handed over: together, the rows.
    assertThat(Files.readAllLines(args))
        .containsExactly(
            "figures",
            out.resolve("matrix.csv").toString(),
            "--out",
            out.toString(),
            "--title",
            "bottleneck");
    assertThat(ResultsCsv.parse(Files.readString(handedCsv))).isEqualTo(rows);
    assertThat(script.stdout()).contains(parts.size() + " part(s)");

    Out missing = exec(env, "bash", "hack/cluster-figures.sh", "nosuchrun", ns, out.toString());
    assertThat(missing.exit()).isEqualTo(2);
    assertThat(missing.stderr()).contains("no ConfigMap nosuchrun-results").contains(ns);
  }

  /**
   * hack/cluster-history.sh: every run whose name starts with the prefix, found by the run label of
   * its results ConfigMaps (so a deleted run that kept its results counts), each run's parts joined
   * in order, all handed to {@code vtbench history}; a run of another name is left out.
   */
  @Test
  void clusterHistoryJoinsEachRunOfThePrefix(@TempDir Path tmp) throws Exception {
    String ns = KubeApi.namespace("history");
    List<ResultRow> rows =
        ResultsCsv.read(Path.of("../../results/reference/bench-bottleneck/matrix.csv"));
    ResultsStore store = new ResultsStore(k8s, 2 * 1024);
    for (String name :
        List.of("nightly-20261125", "nightly-20261126", "nightly-20261127", "other")) {
      BenchmarkRunResource run = run(ns, name);
      rows.forEach(r -> store.append(run, r));
    }
    k8s.resources(BenchmarkRunResource.class).inNamespace(ns).withName("nightly-20261125").delete();

    Path args = tmp.resolve("args");
    Path fake = tmp.resolve("vtbench");
    Files.writeString(
        fake,
        "#!/bin/sh\n: > " + args + "\nfor a in \"$@\"; do echo \"$a\" >> " + args + "; done\n");
    fake.toFile().setExecutable(true);
    Path out = tmp.resolve("out");
    Map<String, String> env = Map.of("KUBECTL", kubectl.toString(), "VTBENCH", fake.toString());
    Out script = exec(env, "bash", "hack/cluster-history.sh", "nightly", ns, out.toString());
    assertThat(script.exit()).as(script.stderr()).isZero();
    List<String> runs = List.of("nightly-20261125", "nightly-20261126", "nightly-20261127");
    List<String> expected = new ArrayList<>(List.of("history"));
    runs.forEach(r -> expected.add(out.resolve(r).resolve("matrix.csv").toString()));
    expected.addAll(List.of("--out", out.toString(), "--title", "nightly"));
    assertThat(Files.readAllLines(args)).containsExactlyElementsOf(expected);
    for (String r : runs) {
      assertThat(ResultsCsv.read(out.resolve(r).resolve("matrix.csv"))).as(r).isEqualTo(rows);
    }

    Out none = exec(env, "bash", "hack/cluster-history.sh", "weekly", ns, out.toString());
    assertThat(none.exit()).isEqualTo(1);
    assertThat(none.stderr()).contains("no results ConfigMap of a run named weekly");
  }

  /**
   * The README's pipeline step, {@code kubectl apply -k examples/gate -n NS}: kustomize renders the
   * baseline ConfigMap under the exact name the BenchmarkRun's configMapRef names, holding a
   * matrix.csv, and the API server takes both.
   */
  @Test
  @SuppressWarnings("unchecked")
  void theGateExampleAppliesWithTheBaselineItNames() throws Exception {
    String ns = KubeApi.namespace("gate-example");
    Out apply = kubectl("apply", "-k", "examples/gate", "-n", ns);
    assertThat(apply.exit()).as(apply.stderr()).isZero();
    var runs =
        k8s.genericKubernetesResources("vtbench.dev/v1alpha1", "BenchmarkRun")
            .inNamespace(ns)
            .list()
            .getItems();
    assertThat(runs).hasSize(1);
    Map<String, Object> ref =
        (Map<String, Object>) runs.getFirst().get("spec", "thresholds", "baseline", "configMapRef");
    assertThat(ref).as("the run names its baseline ConfigMap").isNotNull();
    var baseline = k8s.configMaps().inNamespace(ns).withName((String) ref.get("name")).get();
    assertThat(baseline).as("ConfigMap %s, applied with the run", ref.get("name")).isNotNull();
    assertThat(baseline.getData().get((String) ref.getOrDefault("key", "matrix.csv")))
        .startsWith("ts_iso,thread_mode,");
  }
}
