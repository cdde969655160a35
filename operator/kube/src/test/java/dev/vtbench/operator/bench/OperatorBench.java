package dev.vtbench.operator.bench;

import dev.vtbench.operator.api.BenchmarkRunResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * {@code make operator-bench}: the operator at scale. {@code runs} BenchmarkRuns of one or two
 * scenarios each, spread over {@code namespaces} namespaces and created at once, against a real
 * kube-apiserver, the missing controllers played as the ITs play them, until every run has
 * Succeeded. The operator runs as its own JVM (the shaded jar, sized as the chart's 512Mi pod sizes
 * it); the bench prints its peak RSS and heap, reconcile latency p50/p99 from its own
 * java-operator-sdk timer, the API requests it made per recorded scenario (counted from the API
 * server's audit log), and checks that every planned row is recorded exactly once — the only thing
 * it fails on. Speed is printed beside its target, not asserted.
 *
 * <p>Options (system properties, set by the Makefile from RUNS, NAMESPACES, SCENARIOS): {@code
 * bench.runs} (200), {@code bench.namespaces} (20), {@code bench.scenarios} (2: virtual then
 * platform, so the SUT is reconfigured once; 1: virtual only), {@code bench.timeoutMinutes} (30),
 * {@code bench.operatorJvm} (the operator's JVM options), {@code bench.operatorEnv} (NAME=value
 * pairs added to its environment, e.g. RECONCILE_THREADS=50), {@code bench.jar}, {@code bench.out}.
 */
class OperatorBench {

  static final long RSS_TARGET = 256L << 20;
  static final double P99_TARGET_MS = 100;

  @Test
  void operatorAtScale() throws Exception {
    Report report = run(BenchOptions.fromSystemProperties());
    if (!report.problems().isEmpty()) {
      throw new AssertionError(String.join("\n", report.problems()));
    }
  }

  /** The figures, and what went wrong (lost or duplicated rows, runs that did not succeed). */
  record Report(String text, List<String> problems) {}

  static Report run(BenchOptions o) throws Exception {
    Files.createDirectories(o.out());
    StringBuilder out = new StringBuilder();
    List<String> problems = new ArrayList<>();
    BenchMachine machine = new BenchMachine();
    log(
        "operator-bench: %d runs x %d scenario(s) in %d namespaces; operator JVM %s; env %s",
        o.runs(),
        o.scenarios(),
        o.namespaces(),
        String.join(" ", o.operatorJvm()),
        o.operatorEnv());
    String summary;
    try (InputStream in = OperatorBench.class.getResourceAsStream("/runner-summary.json")) {
      summary = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    try (BenchApiServer api = BenchApiServer.start(o.out())) {
      KubernetesClient k8s = api.client();
      List<String> namespaces = api.namespaces(o.namespaces());
      Instant since;
      Duration wall;
      Map<String, Long> phases;
      long peakHeap;
      long peakLive;
      RunEnds ends = new RunEnds();
      long heapMax;
      long hwm;
      double cpuSeconds;
      String scrape;
      int actions;
      String nmt;
      try (PlayedControllers played = new PlayedControllers(k8s, summary).start();
          OperatorProcess operator =
              OperatorProcess.start(
                  o.jar(), api.kubeconfig(), o.out(), o.operatorJvm(), o.operatorEnv());
          BenchSampler sampler = new BenchSampler(operator, machine).start();
          SharedIndexInformer<BenchmarkRunResource> runs =
              k8s.resources(BenchmarkRunResource.class).inAnyNamespace().inform()) {
        log("operator pid %d ready; creating the runs", operator.pid());
        since = Instant.now();
        long t0 = System.nanoTime();
        String threadModes = o.scenarios() == 2 ? "virtual, platform" : "virtual";
        for (int i = 1; i <= o.runs(); i++) {
          String ns = namespaces.get((i - 1) % namespaces.size());
          String name = "r%03d".formatted(i);
          ends.created(ns, name);
          BenchRuns.create(k8s, ns, name, BenchRuns.SPEC.formatted(threadModes));
        }
        log("%d runs created in %.1f s", o.runs(), (System.nanoTime() - t0) / 1e9);
        long deadline = t0 + o.timeout().toNanos();
        long nextLog = 0;
        while (true) {
          phases = BenchRuns.phases(runs.getStore().list());
          ends.look(runs.getStore().list());
          long succeeded = phases.getOrDefault("Succeeded", 0L);
          long failed = phases.getOrDefault("Failed", 0L);
          if (System.nanoTime() > nextLog || succeeded + failed == o.runs()) {
            log(
                "%4.0f s  %s  operator RSS %d MiB, heap %d MiB, played %d; load %.2f",
                (System.nanoTime() - t0) / 1e9,
                phases,
                operator.procStatusBytes("VmRSS") >> 20,
                sampler.lastHeap >> 20,
                played.actions(),
                machine.load1());
            nextLog = System.nanoTime() + Duration.ofSeconds(15).toNanos();
          }
          if (succeeded + failed == o.runs()) {
            break;
          }
          if (played.failure() != null) {
            throw new IllegalStateException("a played controller failed", played.failure());
          }
          if (!operator.alive()) {
            throw new IllegalStateException("the operator exited; see operator.log");
          }
          if (System.nanoTime() > deadline) {
            problems.add("timed out after " + o.timeout().toMinutes() + " min: " + phases);
            break;
          }
          Thread.sleep(500);
        }
        wall = Duration.ofNanos(System.nanoTime() - t0);
        BenchRuns.checkRows(k8s, runs.getStore().list(), o.runs(), problems);
        sampler.sample();
        scrape = operator.scrape();
        peakHeap = sampler.peakHeap;
        peakLive = sampler.peakLive;
        heapMax = (long) MetricsScrape.sum(scrape, "jvm_memory_max_bytes", "area=\"heap\"");
        hwm = operator.procStatusBytes("VmHWM");
        cpuSeconds = operator.cpuSeconds();
        nmt = operator.nativeMemory(o.operatorJvm(), o.out());
        actions = played.actions();
        Files.writeString(o.out().resolve("operator-metrics.txt"), scrape);
      }
      api.close();
      AuditCount audit =
          AuditCount.of(api.auditLog(), OperatorProcess.AGENT, BenchApiServer.DRIVER_AGENT, since);
      int rows = o.runs() * o.scenarios();
      TreeMap<Double, Double> reconcile =
          MetricsScrape.histogram(scrape, "operator_sdk_controllers_execution_reconcile_seconds");
      double reconciles = reconcile.isEmpty() ? 0 : reconcile.lastEntry().getValue();
      double p50 = MetricsScrape.quantile(reconcile, 0.50) * 1000;
      double p99 = MetricsScrape.quantile(reconcile, 0.99) * 1000;
      double slowest = reconcileMaxMs(scrape);
      double meanMs =
          MetricsScrape.sum(scrape, "operator_sdk_controllers_execution_reconcile_seconds_sum", "")
              * 1000
              / Math.max(1, reconciles);

      line(out, "");
      line(
          out,
          "== operator-bench: %d BenchmarkRuns x %d scenario(s), %d namespaces",
          o.runs(),
          o.scenarios(),
          o.namespaces());
      line(out, "machine      %s", machine.describe());
      line(
          out,
          "operator JVM %s (the chart's 512Mi / 500m pod); env %s",
          String.join(" ", o.operatorJvm()),
          o.operatorEnv());
      line(
          out,
          "outcome      %s in %.0f s; %d rows planned; %d controller writes played",
          phases,
          wall.toMillis() / 1000.0,
          rows,
          actions);
      line(out, "%-34s %12s   %s", "figure", "measured", "target");
      line(
          out,
          "%-34s %9d MiB   <= 256 MiB %s",
          "operator peak RSS (VmHWM)",
          hwm >> 20,
          mark(hwm <= RSS_TARGET));
      line(
          out,
          "%-34s %9d MiB   (max heap %d MiB; sampled every 2 s)",
          "operator peak heap used",
          peakHeap >> 20,
          heapMax >> 20);
      line(
          out,
          "%-34s %9d MiB   (what a major GC left, its peak over the samples)",
          "operator live heap",
          peakLive >> 20);
      line(
          out,
          "%-34s %12s   (mean %.1f ms over %.0f reconciles; the slowest %.0f ms)",
          "reconcile p50 (its bucket)",
          ms(p50),
          meanMs,
          reconciles,
          slowest);
      line(
          out,
          "%-34s %12s   <= 100 ms %s",
          "reconcile p99 (its bucket)",
          ms(p99),
          mark(p99 <= P99_TARGET_MS));
      line(out, "%-34s %s", "run created -> ended", ends.describe());
      line(
          out,
          "%-34s %9.1f       (%d requests; %d at start-up before the runs)",
          "API requests per recorded row",
          audit.operator() / (double) rows,
          audit.operator(),
          audit.operatorBefore());
      line(
          out,
          "%-34s %9.2f s     (%.1f ms per row)",
          "operator CPU time",
          cpuSeconds,
          cpuSeconds * 1000 / rows);
      line(
          out,
          "%-34s %9s       no lost or duplicated row %s",
          "rows recorded exactly once",
          problems.isEmpty() ? "yes" : "NO",
          mark(problems.isEmpty()));
      line(
          out,
          "passes by the step they ended at (reconcile thread's CPU): %s",
          String.join("; ", PassesByStep.describe(scrape)));
      line(out, "operator requests by call: %s", top(audit.byCall(), 10));
      line(
          out,
          "driver (played controllers) requests: %d; other (the API server's own): %d",
          audit.driver(),
          audit.other());
      if (!nmt.isEmpty()) {
        line(out, "native memory (committed, NMT): %s", nmt);
      }
      for (String p : problems) {
        line(out, "PROBLEM: %s", p);
      }
      System.out.print(out);
      System.out.flush();
      Files.writeString(o.out().resolve("report.txt"), out.toString());
      return new Report(out.toString(), problems);
    }
  }

  static String top(Map<String, Long> byCall, int n) {
    return byCall.entrySet().stream()
        .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
        .limit(n)
        .map(e -> e.getKey() + " " + e.getValue())
        .collect(Collectors.joining(", "));
  }

  /**
   * A quantile read from the timer's histogram: the upper bound of its bucket, or, past the last
   * finite bucket (30 s), "> 30 s".
   */
  static String ms(double ms) {
    return Double.isInfinite(ms) ? "> 30000 ms" : String.format(Locale.ROOT, "<= %.0f ms", ms);
  }

  /** The timer's own max (Micrometer's, over its last 2 minutes), in ms. */
  static double reconcileMaxMs(String scrape) {
    return MetricsScrape.sum(scrape, "operator_sdk_controllers_execution_reconcile_seconds_max", "")
        * 1000;
  }

  private static String mark(boolean met) {
    return met ? "met" : "NOT MET";
  }

  private static void line(StringBuilder out, String format, Object... args) {
    out.append(String.format(Locale.ROOT, format, args)).append('\n');
  }

  static void log(String format, Object... args) {
    System.out.println("[operator-bench] " + String.format(Locale.ROOT, format, args));
    System.out.flush();
  }
}
