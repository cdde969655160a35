package dev.vtbench.operator.e2e;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a cluster run's wall-clock went, against the hold it measured (issue 16: wall ÷ measured
 * hold, with database provisioning and image pulls on their own lines). Pure arithmetic over what
 * the cluster recorded, all on one clock (the API server's and the operator's, one machine) at the
 * one-second resolution of Events and timestamps; {@link RunCostReader} gathers it.
 *
 * @param created the run's creationTimestamp (the apply)
 * @param succeeded its Succeeded condition's lastTransitionTime
 * @param marks the run's own Events (reasons from the operator's EventReason), any order
 * @param pulls the images the kubelet pulled for the run's pods
 * @param present how many times the kubelet found a pod's image already on the node
 * @param sutStarts the run's SUT pods
 * @param rows its recorded rows
 * @param load what each scenario's load is made of
 */
record RunCost(
    Instant created,
    Instant succeeded,
    List<Mark> marks,
    List<Pull> pulls,
    int present,
    List<SutStart> sutStarts,
    List<Row> rows,
    Load load) {

  /** An Event on the run: when, and its reason. */
  record Mark(Instant at, String reason) {}

  /**
   * An image the kubelet pulled for one of the run's pods: when it said so, and how long it took.
   */
  record Pull(Instant at, Duration took) {}

  /** A SUT pod: when it was created, and when it became Ready (null: never seen Ready). */
  record SutStart(Instant created, Instant ready) {}

  /** A recorded row: when its scenario finished ({@code ts_iso}) and its {@code warmup_s}. */
  record Row(Instant ts, Double warmupS) {}

  /**
   * @param scenarios scenarios recorded
   * @param hold spec.load.hold
   * @param length ramp + warm-up + hold: the k6 load of one scenario
   */
  record Load(int scenarios, Duration hold, Duration length) {}

  RunCost {
    marks = marks.stream().sorted(Comparator.comparing(Mark::at)).toList();
    rows = rows.stream().sorted(Comparator.comparing(Row::ts)).toList();
  }

  Duration wall() {
    return Duration.between(created, succeeded);
  }

  /** scenarios × spec.load.hold: the time the run measured. */
  Duration hold() {
    return load.hold().multipliedBy(load.scenarios());
  }

  /** Apply → the DatabaseReady Event; empty when there is none (no database of the run's own). */
  Optional<Duration> database() {
    return first("DatabaseReady").map(t -> Duration.between(created, t));
  }

  Duration pulled() {
    return pulls.stream().map(Pull::took).reduce(Duration.ZERO, Duration::plus);
  }

  /**
   * The pulls that ended after the database was ready: those before it lie inside the database's
   * time (PostgreSQL's own image among them), and leaving both out would count them twice.
   */
  Duration pulledAfterDatabase() {
    Instant ready = first("DatabaseReady").orElse(created);
    return pulls.stream()
        .filter(p -> p.at().isAfter(ready))
        .map(Pull::took)
        .reduce(Duration.ZERO, Duration::plus);
  }

  /** Wall without the database's provisioning and the image pulls. */
  Duration wallWithout() {
    return wall().minus(database().orElse(Duration.ZERO)).minus(pulledAfterDatabase());
  }

  double wallPerHold() {
    return ratio(wall(), hold());
  }

  double wallWithoutPerHold() {
    return ratio(wallWithout(), hold());
  }

  /** Each SUT pod's creation → Ready (image pull, JVM start, Spring's start, the probes). */
  List<Duration> sutStartTimes() {
    return sutStarts.stream()
        .filter(s -> s.ready() != null)
        .sorted(Comparator.comparing(SutStart::created))
        .map(s -> Duration.between(s.created(), s.ready()))
        .toList();
  }

  int warmUpRounds() {
    return (int) marks.stream().filter(m -> m.reason().equals("WarmUpFinished")).count();
  }

  /** The JIT warm-up rounds' wall: each WarmUpStarted → its WarmUpFinished. */
  Duration warmUpWall() {
    Duration total = Duration.ZERO;
    Instant started = null;
    for (Mark m : marks) {
      switch (m.reason()) {
        case "WarmUpStarted" -> started = m.at();
        case "WarmUpFinished" -> {
          if (started != null) {
            total = total.plus(Duration.between(started, m.at()));
            started = null;
          }
        }
        default -> {}
      }
    }
    return total;
  }

  /**
   * The unmeasured load each SUT had before its first recorded row: that row's {@code warmup_s}
   * (load since the JVM started, before the row's hold), summed over the SUT pods.
   */
  double warmUpLoadSeconds() {
    double total = 0;
    for (SutStart s : sutStarts) {
      total +=
          rows.stream()
              .filter(r -> r.ts().isAfter(s.created()) && r.warmupS() != null)
              .findFirst()
              .map(Row::warmupS)
              .orElse(0.0);
    }
    return total;
  }

  /**
   * For each scenario loaded on a SUT already running and warm (its ScenarioRecorded follows
   * another ScenarioRecorded or a WarmUpFinished, no SUT pod created between), the time beyond its
   * k6 load (ramp + warm-up + hold): creating the load, k6-operator's initializer, runner and
   * starter pods, reading the summary, recording the row. Negative values are the Events' rounding.
   */
  List<Duration> beyondLoad() {
    List<Duration> out = new ArrayList<>();
    Mark previous = null;
    for (Mark m : marks) {
      switch (m.reason()) {
        case "ScenarioRecorded" -> {
          if (previous != null
              && !previous.reason().equals("WarmUpStarted")
              && !sutStartedBetween(previous.at(), m.at())) {
            out.add(Duration.between(previous.at(), m.at()).minus(load.length()));
          }
          previous = m;
        }
        case "WarmUpStarted", "WarmUpFinished" -> previous = m;
        default -> {}
      }
    }
    return out;
  }

  /**
   * Time lost to loads k6-operator did not start: each LoadRecreated's distance from the
   * LoadStarted or WarmUpStarted (a warm-up round's load) it re-created.
   */
  Duration stalls() {
    Duration total = Duration.ZERO;
    Instant started = null;
    for (Mark m : marks) {
      switch (m.reason()) {
        case "LoadStarted", "WarmUpStarted" -> started = m.at();
        case "LoadRecreated" -> {
          if (started != null) {
            total = total.plus(Duration.between(started, m.at()));
          }
        }
        default -> {}
      }
    }
    return total;
  }

  int recreated() {
    return (int) marks.stream().filter(m -> m.reason().equals("LoadRecreated")).count();
  }

  /** The last ScenarioRecorded → Succeeded: results, figures, thresholds. */
  Optional<Duration> finish() {
    return marks.stream()
        .filter(m -> m.reason().equals("ScenarioRecorded"))
        .reduce((a, b) -> b)
        .map(m -> Duration.between(m.at(), succeeded));
  }

  /**
   * The lines the e2e prints and hack/offline/e2e.sh's summary repeats, each naming the run (the
   * script lists them under "cost of each run").
   */
  List<String> lines(String run) {
    List<String> out = new ArrayList<>();
    out.add(
        "%s: wall %s (apply -> Succeeded), measured hold %s (%d scenario(s) x %s): wall / hold %s"
            .formatted(
                run, s(wall()), s(hold()), load.scenarios(), s(load.hold()), times(wallPerHold())));
    out.add(
        "%s: database %s (apply -> DatabaseReady), image pulls %s (%d pulled, %d already on the node): without them %s / %s = %s"
            .formatted(
                run,
                database().map(RunCost::s).orElse("none"),
                s(pulled()),
                pulls.size(),
                present,
                s(wallWithout()),
                s(hold()),
                times(wallWithoutPerHold())));
    out.add(
        "%s: SUT start(s) (pod created -> Ready) %s; JIT warm-up %d round(s), %s wall, %.0f s of load (warmup_s)"
            .formatted(
                run, list(sutStartTimes()), warmUpRounds(), s(warmUpWall()), warmUpLoadSeconds()));
    List<Duration> beyond = beyondLoad();
    out.add(
        "%s: scenarios on a running SUT, time beyond ramp + warm-up + hold (%s): %s (median %s);"
                .formatted(run, s(load.length()), list(beyond), median(beyond))
            + " k6-operator start stalls %s (%d LoadRecreated); last record -> Succeeded %s"
                .formatted(s(stalls()), recreated(), finish().map(RunCost::s).orElse("-")));
    return out;
  }

  private boolean sutStartedBetween(Instant from, Instant to) {
    return sutStarts.stream().anyMatch(s -> s.created().isAfter(from) && !s.created().isAfter(to));
  }

  private Optional<Instant> first(String reason) {
    return marks.stream().filter(m -> m.reason().equals(reason)).map(Mark::at).findFirst();
  }

  private static double ratio(Duration a, Duration b) {
    return b.isZero() ? Double.NaN : a.toMillis() / (double) b.toMillis();
  }

  private static String times(double r) {
    return Double.isNaN(r) ? "-" : String.format(Locale.ROOT, "%.1f", r);
  }

  private static String s(Duration d) {
    return String.format(Locale.ROOT, "%.0f s", d.toMillis() / 1000.0);
  }

  private static String list(List<Duration> ds) {
    if (ds.isEmpty()) {
      return "none";
    }
    return ds.stream().map(d -> String.valueOf(Math.round(d.toMillis() / 1000.0))).toList() + " s";
  }

  private static String median(List<Duration> ds) {
    if (ds.isEmpty()) {
      return "-";
    }
    List<Duration> sorted = ds.stream().sorted().toList();
    int n = sorted.size();
    Duration m =
        n % 2 == 1 ? sorted.get(n / 2) : sorted.get(n / 2 - 1).plus(sorted.get(n / 2)).dividedBy(2);
    return s(m);
  }

  private static final Pattern PULLED =
      Pattern.compile(
          "^Successfully pulled image \"[^\"]*\" in ((?:[0-9.]+(?:h|ms|m|s|µs|us|ns))+)");
  private static final Pattern GO_PART = Pattern.compile("([0-9.]+)(h|ms|m|s|µs|us|ns)");

  /**
   * How long a pull took, from the kubelet's Pulled message ({@code Successfully pulled image "x"
   * in 1.204s (1.204s including waiting)...}, Go's duration format); empty for any other message,
   * e.g. {@code Container image "x" already present on machine}.
   */
  static Optional<Duration> pullTime(String message) {
    Matcher m = PULLED.matcher(message == null ? "" : message);
    if (!m.find()) {
      return Optional.empty();
    }
    Matcher part = GO_PART.matcher(m.group(1));
    double nanos = 0;
    while (part.find()) {
      double v = Double.parseDouble(part.group(1));
      nanos +=
          v
              * switch (part.group(2)) {
                case "h" -> 3.6e12;
                case "m" -> 6e10;
                case "s" -> 1e9;
                case "ms" -> 1e6;
                case "µs", "us" -> 1e3;
                default -> 1;
              };
    }
    return Optional.of(Duration.ofNanos(Math.round(nanos)));
  }
}
