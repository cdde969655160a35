package dev.vtbench.local.platform;

import dev.vtbench.engine.k6.K6Plan;
import dev.vtbench.engine.run.Platform.IndependentLoad;
import dev.vtbench.engine.run.Progress;
import dev.vtbench.local.process.ManagedProcess;
import dev.vtbench.local.process.Os;
import dev.vtbench.proc.CoreBusy;
import dev.vtbench.proc.ProcStat;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * wrk as the independent generator of a cross-check ({@link
 * dev.vtbench.engine.results.derived.GeneratorCrossCheck}): a load of the same endpoint with the
 * same random ids, as many connections as k6 had VUs, for as long as k6's hold, on the cores k6
 * had. wrk opens its connections at once and keeps them busy (a closed model like k6's), so its
 * whole run is the hold. Only a closed-model load of one endpoint compares: a request mix, a user's
 * k6 module or an open model is k6's alone, and the check says so and is skipped.
 */
public final class WrkLoad {

  static final String NAME = "wrk";

  private static final Pattern RATE = Pattern.compile("Requests/sec:\\s+([0-9.]+)");
  private static final Pattern P99 = Pattern.compile("(?m)^\\s+99%\\s+([0-9.]+)(us|ms|s)\\s*$");
  private static final Pattern NON_2XX = Pattern.compile("Non-2xx or 3xx responses:\\s+(\\d+)");
  private static final Pattern SOCKET =
      Pattern.compile("Socket errors: connect (\\d+), read (\\d+), write (\\d+), timeout (\\d+)");

  private final Path wrk;
  private final Path dir;
  private final CoreMap cores;

  WrkLoad(Path wrk, Path dir, CoreMap cores) {
    this.wrk = wrk;
    this.dir = dir;
    this.cores = cores;
  }

  /** wrk on PATH, or null. */
  public static Path onPath() {
    return Os.onPath(NAME);
  }

  /** Runs wrk as {@code plan}'s hold; empty, saying why, where wrk cannot load the same way. */
  Optional<IndependentLoad> run(K6Plan plan, Progress progress) {
    String why = unsupported(plan);
    if (why != null) {
      progress.message("generator cross-check skipped: " + why);
      return Optional.empty();
    }
    URI target = URI.create(plan.targetUrl().replace(K6Plan.ID_PLACEHOLDER, "1"));
    String base = target.getScheme() + "://" + target.getAuthority();
    String pathTemplate = plan.targetUrl().substring(base.length());
    try {
      Files.createDirectories(dir);
      Path script = dir.resolve("wrk-" + plan.level() + ".lua");
      Files.writeString(script, lua(pathTemplate, plan.idMax()));
      int threads = Math.max(1, Math.min(cores.loadCores().size(), plan.level()));
      List<String> cmd =
          new ArrayList<>(
              List.of(
                  wrk.toString(),
                  "-t" + threads,
                  "-c" + plan.level(),
                  "-d" + plan.hold().toSeconds() + "s",
                  "--timeout",
                  Math.max(1, plan.requestTimeout().toSeconds()) + "s",
                  "--latency",
                  "-s",
                  script.toString(),
                  base));
      progress.message(
          String.format(
              Locale.ROOT,
              "generator cross-check: wrk, %d connections for %s on CPU %s",
              plan.level(),
              plan.hold(),
              cores.load()));
      Path log = dir.resolve("wrk-" + plan.level() + ".log");
      ProcStat.Snapshot before = ProcStat.read();
      int exit;
      try (ManagedProcess p =
          ManagedProcess.start(
              ManagedProcess.Spec.of(NAME, cmd, Map.of(), log).pinnedTo(cores.load()))) {
        exit = p.waitFor(plan.hold().plus(plan.requestTimeout()).plus(Duration.ofSeconds(30)));
      }
      CoreBusy busy = ProcStat.read().busySince(before, cores.loadCores());
      String out = Files.readString(log);
      if (exit != 0) {
        throw new IllegalStateException(
            "wrk failed with exit code " + exit + "; last lines of " + log + ":\n" + out);
      }
      return Optional.of(parse(out, busy.generatorBusyPct()));
    } catch (IOException e) {
      throw new UncheckedIOException("wrk's script or log in " + dir, e);
    }
  }

  /** Why wrk cannot load as {@code plan} does, or null when it can. */
  static String unsupported(K6Plan plan) {
    if (plan.openModel()) {
      return "an open model (constant-arrival-rate) is k6's alone; wrk keeps its connections busy";
    }
    if (!plan.requests().isEmpty()) {
      return "a request mix (spec.workload.requests) is k6's alone";
    }
    if (plan.userScript()) {
      return "a user's k6 module (spec.workload.script) is k6's alone";
    }
    return null;
  }

  /**
   * The Lua script: each request {@code pathTemplate} with every {@code {id}} a random id in [1,
   * {@code idMax}], each thread seeded apart.
   */
  static String lua(String pathTemplate, long idMax) {
    String path = pathTemplate.replace("\\", "\\\\").replace("\"", "\\\"");
    return """
        -- written by vtbench for a generator cross-check (WrkLoad)
        local threads = 0
        function setup(thread)
          threads = threads + 1
          thread:set("seed", threads)
        end
        function init(args)
          math.randomseed(os.time() * 1000 + (seed or 0))
        end
        local template = "%s"
        request = function()
          local path = template:gsub("{id}", function() return tostring(math.random(1, %d)) end)
          return wrk.format("GET", path)
        end
        """
        .formatted(path, idMax);
  }

  /** wrk's report: its rate, its p99 and its errors; {@code coreBusyPct} as sampled around it. */
  static IndependentLoad parse(String out, Double coreBusyPct) {
    Matcher rate = RATE.matcher(out);
    if (!rate.find()) {
      throw new IllegalStateException("wrk reported no Requests/sec:\n" + out);
    }
    Double p99 = null;
    Matcher m = P99.matcher(out);
    if (m.find()) {
      double v = Double.parseDouble(m.group(1));
      p99 =
          switch (m.group(2)) {
            case "us" -> v / 1000;
            case "s" -> v * 1000;
            default -> v;
          };
    }
    long errors = 0;
    Matcher non2xx = NON_2XX.matcher(out);
    if (non2xx.find()) {
      errors += Long.parseLong(non2xx.group(1));
    }
    Matcher socket = SOCKET.matcher(out);
    if (socket.find()) {
      for (int g = 1; g <= 4; g++) {
        errors += Long.parseLong(socket.group(g));
      }
    }
    return new IndependentLoad(NAME, Double.parseDouble(rate.group(1)), p99, errors, coreBusyPct);
  }
}
