package dev.vtbench.engine.run;

import dev.vtbench.engine.plan.Scenario;
import dev.vtbench.engine.results.row.ResultRow;
import java.time.Duration;

/** What a long run tells the person waiting for it. */
public interface Progress {

  /** Free-form status ("seeding...", "starting SUT with VT_ENABLED=true ..."). */
  void message(String text);

  /** Scenario {@code i} of {@code n} is about to run; {@code eta} is the time left for all. */
  default void scenarioStarted(Scenario scenario, int i, int n, Duration eta) {}

  /** A live reading while load runs, e.g. k6's current request rate. */
  default void live(String text) {}

  default void scenarioFinished(ResultRow row) {}

  /** Prints everything to a stream, one line each. */
  static Progress printingTo(java.io.PrintStream out) {
    return new Progress() {
      @Override
      public void message(String text) {
        out.println(text);
      }

      @Override
      public void scenarioStarted(Scenario s, int i, int n, Duration eta) {
        String jvm = s.sut().jvmOptions();
        String build = s.sut().build();
        out.printf(
            "[%d/%d] %s  (%s, pool %d, concurrency %d, rep %d%s%s)  ETA %s%n",
            i,
            n,
            s.id(),
            s.threadMode(),
            s.hikariPool(),
            s.concurrency(),
            s.rep(),
            jvm.isEmpty() ? "" : ", JVM options " + jvm,
            build.isEmpty() ? "" : ", build " + build,
            formatDuration(eta));
      }

      @Override
      public void live(String text) {
        out.println("      " + text);
      }

      @Override
      public void scenarioFinished(ResultRow r) {
        out.printf(
            "      => %.0f req/s, p99 %.0f ms, errors %.2f%%, bottleneck %s%n",
            r.throughputRps(),
            r.p99Ms() == null ? Double.NaN : r.p99Ms(),
            r.errorRate() == null ? Double.NaN : r.errorRate() * 100,
            r.bottleneck());
      }
    };
  }

  static String formatDuration(Duration d) {
    long s = Math.max(0, d.toSeconds());
    return s >= 3600
        ? String.format("%dh%02dm", s / 3600, (s % 3600) / 60)
        : String.format("%dm%02ds", s / 60, s % 60);
  }
}
