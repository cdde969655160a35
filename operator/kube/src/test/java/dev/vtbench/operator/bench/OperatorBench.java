package dev.vtbench.operator.bench;

import dev.vtbench.engine.plan.Planner;
import dev.vtbench.engine.plan.Scenario;
import dev.vtbench.engine.results.ResultRow;
import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.results.ResultsStore;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
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
 * {@code bench.operatorJvm} (the operator's JVM options), {@code bench.jar}, {@code bench.out}.
 */
class OperatorBench {

  static final long RSS_TARGET = 256L << 20;
  static final double P99_TARGET_MS = 100;

  static final String SPEC =
      """
      workload: {endpoint: order-summary, stubDelay: 100ms}
      sut: {cpu: 1, memory: 1Gi, image: vtbench/sut:test}
      stub: {cpu: 1, memory: 512Mi}
      database: {cpu: 1, memory: 1Gi, storage: 1Gi, seed: {customers: 1000, orders: 10000}}
      load: {ramp: 1s, warmup: 1s, hold: 3s, cpu: 1, memory: 256Mi, runner: job, sutWarmup: 0s}
      matrix: {threadModes: [%s], hikariPoolSizes: [10], concurrency: [10], repetitions: 1}
      """;

  record Options(
      int runs,
      int namespaces,
      int scenarios,
      Duration timeout,
      List<String> operatorJvm,
      Path jar,
      Path out) {

    static Options fromSystemProperties() {
      Function<String, String> p = System::getProperty;
      int scenarios = Integer.parseInt(or(p.apply("bench.scenarios"), "2"));
      if (scenarios != 1 && scenarios != 2) {
        throw new IllegalArgumentException("bench.scenarios is 1 or 2, not " + scenarios);
      }
      return new Options(
          Integer.parseInt(or(p.apply("bench.runs"), "200")),
          Integer.parseInt(or(p.apply("bench.namespaces"), "20")),
          scenarios,
          Duration.ofMinutes(Long.parseLong(or(p.apply("bench.timeoutMinutes"), "30"))),
          Arrays.stream(
                  or(p.apply("bench.operatorJvm"), "-XX:MaxRAM=512m -XX:ActiveProcessorCount=1")
                      .split("\\s+"))
              .filter(s -> !s.isBlank())
              .toList(),
          Path.of(or(p.apply("bench.jar"), "target/vtbench-operator-0.1.0-SNAPSHOT-all.jar")),
          Path.of(or(p.apply("bench.out"), "target/operator-bench")));
    }

    private static String or(String v, String dflt) {
      return v == null || v.isBlank() ? dflt : v;
    }
  }

  @Test
  void operatorAtScale() throws Exception {
    Report report = run(Options.fromSystemProperties());
    if (!report.problems().isEmpty()) {
      throw new AssertionError(String.join("\n", report.problems()));
    }
  }

  /** The figures, and what went wrong (lost or duplicated rows, runs that did not succeed). */
  record Report(String text, List<String> problems) {}

  static Report run(Options o) throws Exception {
    Files.createDirectories(o.out());
    StringBuilder out = new StringBuilder();
    List<String> problems = new ArrayList<>();
    Machine machine = new Machine();
    log(
        "operator-bench: %d runs x %d scenario(s) in %d namespaces; operator JVM %s",
        o.runs(), o.scenarios(), o.namespaces(), String.join(" ", o.operatorJvm()));
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
      long heapMax;
      long hwm;
      double cpuSeconds;
      String scrape;
      int actions;
      String nmt;
      try (PlayedControllers played = new PlayedControllers(k8s, summary).start();
          OperatorProcess operator =
              OperatorProcess.start(o.jar(), api.kubeconfig(), o.out(), o.operatorJvm());
          Sampler sampler = new Sampler(operator, machine).start();
          SharedIndexInformer<BenchmarkRunResource> runs =
              k8s.resources(BenchmarkRunResource.class).inAnyNamespace().inform()) {
        log("operator pid %d ready; creating the runs", operator.pid());
        since = Instant.now();
        long t0 = System.nanoTime();
        String threadModes = o.scenarios() == 2 ? "virtual, platform" : "virtual";
        for (int i = 1; i <= o.runs(); i++) {
          create(
              k8s,
              namespaces.get((i - 1) % namespaces.size()),
              "r%03d".formatted(i),
              SPEC.formatted(threadModes));
        }
        log("%d runs created in %.1f s", o.runs(), (System.nanoTime() - t0) / 1e9);
        long deadline = t0 + o.timeout().toNanos();
        long nextLog = 0;
        while (true) {
          phases = phases(runs.getStore().list());
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
        checkRows(k8s, runs.getStore().list(), o, problems);
        sampler.sample();
        scrape = operator.scrape();
        peakHeap = sampler.peakHeap;
        heapMax = (long) OperatorProcess.sum(scrape, "jvm_memory_max_bytes", "area=\"heap\"");
        hwm = operator.procStatusBytes("VmHWM");
        cpuSeconds = cpuSeconds(operator.pid());
        nmt = nativeMemory(operator.pid(), o);
        actions = played.actions();
        Files.writeString(o.out().resolve("operator-metrics.txt"), scrape);
      }
      api.close();
      AuditCount audit =
          AuditCount.of(api.auditLog(), OperatorProcess.AGENT, BenchApiServer.DRIVER_AGENT, since);
      int rows = o.runs() * o.scenarios();
      TreeMap<Double, Double> reconcile =
          OperatorProcess.histogram(scrape, "operator_sdk_controllers_execution_reconcile_seconds");
      double reconciles = reconcile.isEmpty() ? 0 : reconcile.lastEntry().getValue();
      double p50 = OperatorProcess.quantile(reconcile, 0.50) * 1000;
      double p99 = OperatorProcess.quantile(reconcile, 0.99) * 1000;
      double slowest = reconcileMaxMs(scrape);
      double meanMs =
          OperatorProcess.sum(
                  scrape, "operator_sdk_controllers_execution_reconcile_seconds_sum", "")
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
          out, "operator JVM %s (the chart's 512Mi / 500m pod)", String.join(" ", o.operatorJvm()));
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
          "%-34s %9.1f ms    (mean %.1f ms over %.0f reconciles)",
          "reconcile p50 (<= bucket)",
          p50,
          meanMs,
          reconciles);
      line(
          out,
          "%-34s %9.1f ms    <= 100 ms %s",
          "reconcile p99 (<= bucket)",
          p99,
          mark(p99 <= P99_TARGET_MS));
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

  /** Every run Succeeded, and its results hold each planned scenario exactly once. */
  static void checkRows(
      KubernetesClient k8s, List<BenchmarkRunResource> runs, Options o, List<String> problems) {
    if (runs.size() != o.runs()) {
      problems.add(runs.size() + " runs seen, " + o.runs() + " created");
    }
    ResultsStore store = new ResultsStore(k8s);
    int lost = 0;
    int duplicated = 0;
    for (BenchmarkRunResource run : runs) {
      String id = run.getMetadata().getNamespace() + "/" + run.getMetadata().getName();
      String phase = run.getStatus() == null ? null : run.getStatus().phase;
      if (!"Succeeded".equals(phase)) {
        problems.add(id + " ended " + phase);
      }
      List<String> planned = Planner.plan(run.getSpec()).stream().map(Scenario::id).toList();
      Map<String, Long> recorded =
          store.rows(run).stream()
              .collect(Collectors.groupingBy(ResultRow::scenarioId, Collectors.counting()));
      for (String s : planned) {
        long n = recorded.getOrDefault(s, 0L);
        if (n == 0) {
          lost++;
          problems.add(id + ": row " + s + " lost");
        } else if (n > 1) {
          duplicated++;
          problems.add(id + ": row " + s + " recorded " + n + " times");
        }
      }
      recorded.keySet().stream()
          .filter(s -> !planned.contains(s))
          .forEach(s -> problems.add(id + ": row " + s + " not in the plan"));
    }
    log("rows checked: %d runs, %d lost, %d duplicated", runs.size(), lost, duplicated);
  }

  static void create(KubernetesClient k8s, String ns, String name, String spec) {
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
    k8s.resources(BenchmarkRunResource.class).inNamespace(ns).resource(run).create();
  }

  static Map<String, Long> phases(List<BenchmarkRunResource> runs) {
    return runs.stream()
        .collect(
            Collectors.groupingBy(
                r ->
                    r.getStatus() == null || r.getStatus().phase == null
                        ? "New"
                        : r.getStatus().phase,
                TreeMap::new,
                Collectors.counting()));
  }

  /**
   * With {@code -XX:NativeMemoryTracking=summary} among the operator's options: its committed
   * memory by category (jcmd VM.native_memory, saved whole as nmt.txt), the largest first; else "".
   */
  static String nativeMemory(long pid, Options o) {
    if (o.operatorJvm().stream().noneMatch(s -> s.startsWith("-XX:NativeMemoryTracking"))) {
      return "";
    }
    try {
      Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
      Process p =
          new ProcessBuilder(
                  jcmd.toString(), Long.toString(pid), "VM.native_memory", "summary", "scale=KB")
              .redirectErrorStream(true)
              .start();
      String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      p.waitFor();
      Files.writeString(o.out().resolve("nmt.txt"), text);
      java.util.regex.Matcher m =
          java.util.regex.Pattern.compile(
                  "-\\s+([A-Za-z][A-Za-z ]*?) \\(reserved=\\d+KB, committed=(\\d+)KB")
              .matcher(text);
      Map<String, Long> byCategory = new TreeMap<>();
      while (m.find()) {
        byCategory.put(m.group(1).strip(), Long.parseLong(m.group(2)) >> 10);
      }
      return byCategory.entrySet().stream()
          .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
          .limit(8)
          .map(e -> e.getKey() + " " + e.getValue() + " MiB")
          .collect(Collectors.joining(", "));
    } catch (IOException e) {
      return "jcmd failed: " + e.getMessage();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "";
    }
  }

  /** User plus system CPU seconds of process {@code pid} (/proc/pid/stat, 100 ticks a second). */
  static double cpuSeconds(long pid) {
    try {
      String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      return (Long.parseLong(f[11]) + Long.parseLong(f[12])) / 100.0;
    } catch (IOException | RuntimeException e) {
      return Double.NaN;
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
    String max = "operator_sdk_controllers_execution_reconcile_seconds_max";
    return OperatorProcess.sum(scrape, max, "") * 1000;
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

  /** Scrapes the operator's heap and the machine's load every 2 s while the runs go. */
  static final class Sampler implements AutoCloseable {
    private final OperatorProcess operator;
    private final Machine machine;
    private final AtomicBoolean stop = new AtomicBoolean();
    private Thread thread;
    volatile long peakHeap;
    volatile long lastHeap;

    Sampler(OperatorProcess operator, Machine machine) {
      this.operator = operator;
      this.machine = machine;
    }

    Sampler start() {
      thread =
          Thread.ofPlatform()
              .daemon()
              .name("bench-sampler")
              .start(
                  () -> {
                    while (!stop.get()) {
                      sample();
                      try {
                        Thread.sleep(2000);
                      } catch (InterruptedException e) {
                        return;
                      }
                    }
                  });
      return this;
    }

    void sample() {
      machine.sampleLoad();
      try {
        long heap =
            (long) OperatorProcess.sum(operator.scrape(), "jvm_memory_used_bytes", "area=\"heap\"");
        lastHeap = heap;
        peakHeap = Math.max(peakHeap, heap);
      } catch (IOException e) {
        // the operator busy or gone: the next sample tells
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }

    @Override
    public void close() throws InterruptedException {
      stop.set(true);
      if (thread != null) {
        thread.interrupt();
        thread.join(5000);
      }
    }
  }

  /** The machine: its CPUs and model, and its 1-minute load average sampled during the run. */
  static final class Machine {
    private final List<Double> loads = new ArrayList<>();

    synchronized void sampleLoad() {
      loads.add(load1());
    }

    double load1() {
      try {
        return Double.parseDouble(Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
      } catch (IOException | RuntimeException e) {
        return Double.NaN;
      }
    }

    synchronized String describe() {
      String model = "?";
      try {
        model =
            Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
                .filter(l -> l.startsWith("model name"))
                .map(l -> l.substring(l.indexOf(':') + 1).strip())
                .findFirst()
                .orElse("?");
      } catch (IOException e) {
        // not Linux: left as ?
      }
      double mean = loads.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
      double max = loads.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
      return String.format(
          Locale.ROOT,
          "%d CPUs, %s, %d MiB RAM; load average (1 min) during the run mean %.1f, max %.1f"
              + " (shared machine)",
          Runtime.getRuntime().availableProcessors(),
          model,
          memTotalMiB(),
          mean,
          max);
    }

    private static long memTotalMiB() {
      try {
        return Files.readAllLines(Path.of("/proc/meminfo")).stream()
                .filter(l -> l.startsWith("MemTotal:"))
                .mapToLong(l -> Long.parseLong(l.replaceAll("\\D", "")))
                .findFirst()
                .orElse(0)
            / 1024;
      } catch (IOException e) {
        return 0;
      }
    }
  }
}
