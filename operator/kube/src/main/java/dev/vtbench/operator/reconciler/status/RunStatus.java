package dev.vtbench.operator.reconciler.status;

import dev.vtbench.engine.gate.Gate;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.results.summary.Headline;
import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.api.BenchmarkRunStatus;
import dev.vtbench.operator.reconciler.status.Conditions.Reason;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The status a pass builds: small changes to a copy of the run's status, the phase and kstatus's
 * conditions derived from the rest in {@link #settle()}, and {@link #changed()} so the pass writes
 * only when something did.
 */
public final class RunStatus {

  /** Status lists at most this many rows; the CSV has them all. */
  static final int RECENT_ROWS = 20;

  /** Threshold violations and notes kept in status. */
  static final int STATUS_LINES = 10;

  private final BenchmarkRunResource run;
  private final Clock clock;
  private final String before;
  public final BenchmarkRunStatus status;

  public RunStatus(BenchmarkRunResource run, Clock clock) {
    this.run = run;
    this.clock = clock;
    BenchmarkRunStatus old = run.getStatus() == null ? new BenchmarkRunStatus() : run.getStatus();
    this.before = run.getStatus() == null ? null : Serialization.asJson(old);
    this.status = Serialization.clone(old);
    status.observedGeneration = run.getMetadata().getGeneration();
    if (status.startedAt == null) {
      status.startedAt = clock.instant().toString();
    }
  }

  public boolean ended() {
    return Conditions.ended(status);
  }

  public boolean isTrue(String type) {
    return Conditions.isTrue(status, type);
  }

  /**
   * When {@code type} turned to {@code value}, if it has that value now: where a wait began, for
   * its deadline (its lastTransitionTime survives operator restarts).
   */
  public Optional<Instant> since(String type, String value) {
    return Conditions.get(status, type)
        .filter(c -> value.equals(c.getStatus()))
        .map(c -> Instant.parse(c.getLastTransitionTime()));
  }

  public void set(String type, String value, Reason reason, String message) {
    Conditions.set(
        status, type, value, reason, message, run.getMetadata().getGeneration(), clock.instant());
  }

  /** Still running; Progressing says what it works on. */
  public void progressing(Reason reason, String message) {
    set(Conditions.SUCCEEDED, "Unknown", Reason.Running, "the run is in progress");
    set(Conditions.PROGRESSING, "True", reason, message);
  }

  public void succeeded(String message) {
    status.scenario = null;
    status.finishedAt = clock.instant().toString();
    set(Conditions.SUCCEEDED, "True", Reason.AllScenariosRecorded, message);
    set(Conditions.PROGRESSING, "False", Reason.Finished, "the run is complete");
    set(Conditions.LOAD_RUNNING, "False", Reason.Finished, "the run is complete");
  }

  /** The ended run's workloads are all deleted ({@code status.releasedAt}). */
  public void released() {
    status.releasedAt = clock.instant().toString();
  }

  /** Whether a pass of the ended run has deleted all its workloads. */
  public boolean isReleased() {
    return status.releasedAt != null;
  }

  public void failed(Reason reason, String message) {
    status.finishedAt = clock.instant().toString();
    set(Conditions.SUCCEEDED, "False", reason, message);
    set(Conditions.PROGRESSING, "False", Reason.Failed, message);
    if (isTrue(Conditions.LOAD_RUNNING)) {
      set(Conditions.LOAD_RUNNING, "False", Reason.Failed, "the run ended");
    }
  }

  /** Where the results are, how far the run is, the latest rows and the headline. */
  public void results(List<String> configMaps, List<ResultRow> rows, int done, int total) {
    status.scenariosTotal = total;
    status.scenariosDone = done;
    status.progress = done + "/" + total;
    status.resultsConfigMaps = new ArrayList<>(configMaps);
    recent(status, rows);
  }

  public void thresholds(Gate.Verdict verdict) {
    BenchmarkRunStatus.ThresholdsResult r = new BenchmarkRunStatus.ThresholdsResult();
    r.met = verdict.met();
    r.checks = verdict.checks().size();
    r.violated = verdict.violations().size();
    r.violations =
        verdict.violations().stream().limit(STATUS_LINES).map(Gate.Check::message).toList();
    r.notes = verdict.notes().stream().limit(STATUS_LINES).toList();
    status.thresholds = r;
  }

  /** The latest {@value #RECENT_ROWS} rows and the headline: what status keeps of the CSV. */
  public static void recent(BenchmarkRunStatus status, List<ResultRow> rows) {
    List<BenchmarkRunStatus.ScenarioResult> recent = new ArrayList<>();
    for (ResultRow r : rows.subList(Math.max(0, rows.size() - RECENT_ROWS), rows.size())) {
      BenchmarkRunStatus.ScenarioResult sr = new BenchmarkRunStatus.ScenarioResult();
      sr.id = r.scenarioId();
      sr.throughputRps = fmt(r.throughputRps(), 1);
      sr.p99Ms = fmt(r.p99Ms(), 1);
      sr.errorRate = fmt(r.errorRate(), 4);
      sr.bottleneck = r.bottleneck() == null ? null : r.bottleneck().csvName();
      recent.add(sr);
    }
    status.recentScenarios = recent;
    if (!rows.isEmpty()) {
      status.summary = Headline.of(rows);
    }
  }

  private static String fmt(Double v, int decimals) {
    return v == null || v.isNaN() ? "-" : String.format(Locale.ROOT, "%." + decimals + "f", v);
  }

  /** The phase and Ready/Reconciling/Stalled from the conditions set so far. */
  public BenchmarkRunStatus settle() {
    status.phase = Phase.forward(status.phase, Phase.of(status)).name();
    Conditions.derive(status, clock.instant());
    return status;
  }

  /** Whether the settled status differs from the one the pass started with. */
  public boolean changed() {
    return before == null || !before.equals(Serialization.asJson(status));
  }
}
