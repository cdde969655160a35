package dev.vtbench.local.platform;

import dev.vtbench.engine.k6.K6Plan;
import dev.vtbench.engine.k6.K6Script;
import dev.vtbench.engine.k6.UserModule;
import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.plan.Scenario;
import dev.vtbench.engine.results.row.TierNodes;
import dev.vtbench.engine.run.Platform.Measurement;
import dev.vtbench.engine.run.Platform.TierCpu;
import dev.vtbench.engine.run.Progress;
import dev.vtbench.engine.run.Workloads;
import dev.vtbench.engine.steady.LoadWindow;
import dev.vtbench.engine.steady.SteadyState;
import dev.vtbench.engine.steady.SutReset;
import dev.vtbench.local.process.HttpJson;
import dev.vtbench.local.process.LocalPostgres;
import dev.vtbench.local.process.ManagedProcess;
import dev.vtbench.local.process.Os;
import dev.vtbench.local.process.PidFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * One load as a k6 process on the load generator's cores: its script written, its scenarios' start
 * read from k6's REST API, the SUT watched and each tier's CPU sampled over the hold.
 */
final class LocalLoad {

  /**
   * The most k6 may take to init its VUs and run setup() before its scenarios start: k6's default
   * setupTimeout (60 s), plus the VUs' init.
   */
  private static final Duration SCENARIOS_START_PATIENCE = Duration.ofSeconds(90);

  /** k6's execution status once its scenarios run (lib.ExecutionStatusRunning in k6 v1). */
  private static final int K6_RUNNING = 7;

  /** k6's exit code once stopped through its REST API (a warm-up found steady). */
  private static final int K6_STOPPED = 103;

  /** How long after a window's end its figures are read: the SUT cuts it on its own clock. */
  private static final Duration WINDOW_SETTLE = Duration.ofMillis(300);

  private final LocalPlatform.Options options;
  private final BenchmarkRunSpec spec;
  private final CoreMap cores;
  private final PidFile pids;
  private final LocalApps apps;
  private final LocalDatabase database;
  // a user's own k6 module (spec.workload.script), read before anything starts; null without one
  private final LocalModule module;
  // where each tier runs: all on this host (LocalPlatform#tierNodes)
  private final TierNodes nodes;
  // the running k6, so close() (also run by the Ctrl-C hook) can stop it
  private volatile ManagedProcess running;

  LocalLoad(
      LocalPlatform.Options options,
      BenchmarkRunSpec spec,
      CoreMap cores,
      PidFile pids,
      LocalApps apps,
      LocalDatabase database,
      LocalModule module,
      TierNodes nodes) {
    this.options = options;
    this.spec = spec;
    this.cores = cores;
    this.pids = pids;
    this.apps = apps;
    this.database = database;
    this.module = module;
    this.nodes = nodes;
  }

  Measurement run(Scenario scenario, K6Plan plan, String script, Progress progress) {
    return run(scenario, plan, script, progress, null);
  }

  /**
   * As {@link #run(Scenario, K6Plan, String, Progress)}, for a warm-up when {@code steady} is not
   * null: the SUT's windows are read as each closes, and k6 is stopped at the first after which
   * {@code steady} holds; the CPU then covers the last {@link
   * SteadyState#WINDOWS_PER_WARM_UP_ROUND} windows and the windows end with the last one judged.
   */
  Measurement run(
      Scenario scenario,
      K6Plan plan,
      String script,
      Progress progress,
      Predicate<List<LoadWindow>> steady) {
    Path dir = options.workDir().resolve("k6");
    Path scriptFile = dir.resolve(scenario.id() + ".js");
    Path summary = dir.resolve(scenario.id() + "-summary.json");
    try {
      Files.createDirectories(dir);
      Files.writeString(scriptFile, script);
      Files.deleteIfExists(summary);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (plan.userScript()) {
      module.besideScriptsIn(dir);
    }
    Map<String, String> env = new HashMap<>(UserModule.env(plan));
    env.put("K6_NO_USAGE_REPORT", "true");
    int apiPort = Os.freePort();
    List<String> cmd = new ArrayList<>();
    cmd.add(options.k6().toString());
    for (String arg : K6Script.commandLine(scriptFile, summary)) {
      // k6's REST API on loopback gives the live request count for the progress line
      cmd.add(arg.equals("--address=") ? "--address=127.0.0.1:" + apiPort : arg);
    }
    Duration beforeHold = plan.ramp().plus(plan.warmup());
    long started = System.nanoTime();
    try (ManagedProcess k6 =
        ManagedProcess.start(
            ManagedProcess.Spec.of("k6", cmd, env, dir.resolve(scenario.id() + ".log"))
                .pinnedTo(cores.load()))) {
      running = k6;
      pids.record(k6);
      LiveRate live = new LiveRate(apiPort);
      long t0 = scenariosStarted(started, apiPort, k6);
      waitUntil(t0, beforeHold.minus(SutReset.lead(beforeHold)), k6, live, progress);
      // vtbench's SUT cuts its own windows from the hold's start; a user's service is watched
      // from outside
      String sutUrl = apps.sutBaseUrl();
      HoldWatch watch =
          HoldWatch.of(
              sutUrl,
              Workloads.window(spec),
              spec.sut.service == null
                  ? null
                  : new ActuatorSampler(sutUrl, spec.sut.service.actuatorPath, apps.sutPid()));
      watch.holdStartsAt(epochMs(t0, beforeHold));
      waitUntil(t0, beforeHold, k6, live, progress);
      watch.holdStarts();
      TierSampler tiers = new TierSampler(cores, apps, database, k6.pid());
      TierSampler.Snapshot before = tiers.sample();
      int judged = -1;
      if (steady == null) {
        waitUntil(t0, beforeHold.plus(plan.hold()), k6, live, progress);
      } else {
        WarmUpStop stop =
            untilSteady(t0, beforeHold, plan, k6, live, progress, watch, tiers, steady);
        before = stop.from() == null ? before : stop.from();
        judged = stop.windows();
        if (stop.steady()) {
          HttpJson.patch(
              "http://127.0.0.1:" + apiPort + "/v1/status",
              "{\"data\":{\"type\":\"status\",\"id\":\"default\","
                  + "\"attributes\":{\"stopped\":true}}}");
        }
      }
      TierSampler.Snapshot after = tiers.sample();
      int exit = k6.waitFor(plan.requestTimeout().plusSeconds(60));
      // 99: thresholds crossed, which vtbench does not use to fail; 103: stopped once steady
      if (exit != 0 && exit != 99 && !(judged >= 0 && exit == K6_STOPPED)) {
        throw new IllegalStateException(
            "k6 failed with exit code "
                + exit
                + " for "
                + scenario.id()
                + "; last lines of "
                + k6.log()
                + ":\n"
                + LocalPostgres.tail(k6.log(), 15));
      }
      Map<String, Object> peaks = watch.holdEnded(dir.resolve(scenario.id() + "-sut.json"));
      if (judged >= 0) {
        peaks = LoadWindow.firstWindows(peaks, judged);
      }
      TierCpu cpu = tiers.between(before, after);
      return new Measurement(
          Files.readString(summary), cpu, peaks, TierSampler.throttling(before, after), nodes);
    } catch (IOException e) {
      throw new IllegalStateException(
          "k6 wrote no summary at " + summary + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    } finally {
      running = null;
    }
  }

  /**
   * Where a warm-up that ends once steady stopped: after {@code windows} of the SUT's windows,
   * judged {@code steady} or not (the hold ran out), with the tiers' counters {@code from} the
   * start of the last {@link SteadyState#WINDOWS_PER_WARM_UP_ROUND} of them.
   */
  private record WarmUpStop(int windows, boolean steady, TierSampler.Snapshot from) {}

  /** The SUT's windows read as each closes, until {@code steady} holds or the hold runs out. */
  private WarmUpStop untilSteady(
      long t0,
      Duration beforeHold,
      K6Plan plan,
      ManagedProcess k6,
      LiveRate live,
      Progress progress,
      HoldWatch watch,
      TierSampler tiers,
      Predicate<List<LoadWindow>> steady)
      throws InterruptedException {
    Duration window = Workloads.window(spec);
    Duration end = beforeHold.plus(plan.hold());
    Deque<TierSampler.Snapshot> recent = new ArrayDeque<>();
    int judged = 0;
    for (int n = 1; k6.isAlive(); n++) {
      // a moment after the n-th window closes, so the SUT has cut it
      Duration at = beforeHold.plus(window.multipliedBy(n)).plus(WINDOW_SETTLE);
      if (at.compareTo(end) > 0) {
        waitUntil(t0, end, k6, live, progress);
        break;
      }
      waitUntil(t0, at, k6, live, progress);
      recent.addLast(tiers.sample());
      if (recent.size() > SteadyState.WINDOWS_PER_WARM_UP_ROUND + 1) {
        recent.removeFirst();
      }
      List<LoadWindow> seen = LoadWindow.ofPhase(watch.peek(), window.multipliedBy(n));
      if (seen.size() > judged) {
        judged = seen.size();
        if (steady.test(seen)) {
          return new WarmUpStop(judged, true, recent.getFirst());
        }
      }
    }
    return new WarmUpStop(judged, false, recent.peekFirst());
  }

  /** {@code since} after {@code t0} (a {@link System#nanoTime} reading) on the wall clock. */
  private static long epochMs(long t0, Duration since) {
    return System.currentTimeMillis() + (t0 + since.toNanos() - System.nanoTime()) / 1_000_000;
  }

  /** Stops the running k6, if any. */
  void close() {
    ManagedProcess k6 = running;
    if (k6 != null) {
      k6.close();
    }
  }

  /**
   * When k6's scenarios started, the clock of the ramp, warm-up and hold: once its REST API says it
   * runs them, after the VUs' init and setup() (a user's module may log in or create data there,
   * which takes as long as it takes); {@code processStart} if k6 ends first or never says so.
   */
  private static long scenariosStarted(long processStart, int apiPort, ManagedProcess k6)
      throws InterruptedException {
    long giveUp = processStart + SCENARIOS_START_PATIENCE.toNanos();
    String status = "http://127.0.0.1:" + apiPort + "/v1/status";
    while (k6.isAlive() && System.nanoTime() < giveUp) {
      try {
        if (HttpJson.get(status).at("data.attributes.status") instanceof Number n
            && n.intValue() >= K6_RUNNING) {
          return System.nanoTime();
        }
      } catch (RuntimeException notListeningYet) {
        // the REST API starts with k6's init: ask again
      }
      Thread.sleep(50);
    }
    return processStart;
  }

  /** Waits until {@code offset} after {@code t0}, printing the live rate every few seconds. */
  private static void waitUntil(
      long t0, Duration offset, ManagedProcess k6, LiveRate live, Progress progress)
      throws InterruptedException {
    long deadline = t0 + offset.toNanos();
    long nextPrint = System.nanoTime() + 5_000_000_000L;
    while (System.nanoTime() < deadline && k6.isAlive()) {
      Thread.sleep(Math.min(250, Math.max(1, (deadline - System.nanoTime()) / 1_000_000)));
      if (System.nanoTime() >= nextPrint) {
        nextPrint += 5_000_000_000L;
        String rate = live.read();
        if (rate != null) {
          progress.live(
              String.format("t+%ds  %s", (System.nanoTime() - t0) / 1_000_000_000L, rate));
        }
      }
    }
  }

  /** Reads k6's request counter through its REST API and turns it into a rate. */
  private static final class LiveRate {
    private final String url;
    private long lastCount = -1;
    private long lastNanos;

    LiveRate(int port) {
      this.url = "http://127.0.0.1:" + port + "/v1/metrics/http_reqs";
    }

    String read() {
      try {
        HttpJson.Response r = HttpJson.get(url);
        Object count = r.at("data.attributes.sample.count");
        if (!(count instanceof Number n)) {
          return null;
        }
        long now = System.nanoTime();
        String out = null;
        if (lastCount >= 0) {
          double rate = (n.longValue() - lastCount) / ((now - lastNanos) / 1e9);
          out = String.format("%.0f req/s, %d requests", rate, n.longValue());
        }
        lastCount = n.longValue();
        lastNanos = now;
        return out;
      } catch (RuntimeException e) {
        return null;
      }
    }
  }
}
