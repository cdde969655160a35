package dev.vtbench.engine.results.derived;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.results.Rows;
import dev.vtbench.engine.results.csv.ResultsCsv;
import dev.vtbench.engine.results.row.Bottleneck;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.results.row.ResultRowBuilder;
import dev.vtbench.engine.results.verdict.VerdictRows;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RederiveTest {

  /**
   * results/reference/bench-hero's r1-virtual-pool50-c400 as recorded on 2026-11-23: CPU 0 (k6,
   * PostgreSQL, the stub) 88.4 % busy under the 90 % rule of the time, so not the generator.
   */
  private static ResultRowBuilder measuredUnderTheOldRule() {
    return Rows.row("virtual", "released", 50, 400, 2737)
        .scenarioId("r1-virtual-pool50-c400")
        .tomcatThreads(50)
        .stubDelayMs(100.0)
        .sutCpuset("1")
        .appCpuPct(60.0)
        .loadCoreBusyPct(88.4)
        .hikariPendingMax(300)
        .steadyState(true)
        .generatorSaturated(false)
        .bottleneck(Bottleneck.HIKARI_POOL)
        .overloaded(false);
  }

  @Test
  void aRowTheGeneratorRuleNowCoversIsRelabelledAndSaysFromWhat() {
    ResultRow today = Rederive.row(measuredUnderTheOldRule().build());
    assertThat(today.generatorSaturated()).isTrue();
    assertThat(today.bottleneck()).isEqualTo(Bottleneck.LOAD_GENERATOR);
    assertThat(today.notes())
        .isEqualTo(
            "relabelled by today's rules: bottleneck hikari-pool → load-generator,"
                + " generator_saturated false → true");
    assertThat(VerdictRows.eligible(today)).isFalse();
    assertThat(Rederive.sentence(List.of(today)))
        .startsWith(
            "1 of 1 rows relabelled by today's rules since they were recorded, each row's notes"
                + " say from what (r1-virtual-pool50-c400: bottleneck hikari-pool →"
                + " load-generator, generator_saturated false → true); steady_state is judged"
                + " again where a row keeps its hold's windows");
  }

  /**
   * The crossover's r1-platform-pool50-c90-cpu0us (2026-11-29, AMD EPYC VM): six 5 s windows of a
   * JVM whose compiler started again, its CPU per request sinking 17 % from the first third to the
   * last.
   */
  private static final String DRIFTING_HOLD =
      "5:1900:1.65:0.29 5:1929:1.58:0.16 5:1911:1.41:0.1 5:1924:1.34:0.11 5:1930:1.26:0.01"
          + " 5:1938:1.19:0.06";

  /**
   * The crossover's r2-virtual-pool50-c90-cpu16000us (same run): five windows at one level, the
   * last one 30 % above them, so its thirds are 14 % apart and the rule before the trend called it
   * drifting; its trend moves 2 %.
   */
  private static final String ONE_ODD_WINDOW =
      "5.002:271:4.79:0.03 5:282:4.82:0 5:271:4.78:0.05 5:277:4.88:0 5:274:4.83:0 5:360:4.71:0.01";

  @Test
  void steadyStateIsJudgedAgainFromTheStoredHoldWindows() {
    ResultRow drifting =
        measuredUnderTheOldRule()
            .loadCoreBusyPct(80.0)
            .holdWindows(DRIFTING_HOLD)
            .warmupSteady(true)
            .warmupTpNoise(0.01)
            .warmupCpuNoise(0.01)
            .build();
    ResultRow today = Rederive.row(drifting);
    assertThat(today.steadyState()).isFalse();
    assertThat(today.notes()).contains("steady_state true → false");
    assertThat(VerdictRows.eligible(today)).isFalse();
    // stored unsteady by the thirds, steady by the trend: relabelled the other way
    ResultRow odd = drifting.toBuilder().holdWindows(ONE_ODD_WINDOW).steadyState(false).build();
    assertThat(Rederive.row(odd).steadyState()).isTrue();
    assertThat(Rederive.row(odd).notes()).contains("steady_state false → true");
    // the same windows with a warm-up as noisy as they are: within its tolerance, steady
    ResultRow noisy = drifting.toBuilder().warmupTpNoise(0.2).warmupCpuNoise(0.2).build();
    assertThat(Rederive.row(noisy).steadyState()).isTrue();
    // a warm-up that never found steady state keeps the row unsteady, whatever the hold did
    String flat = "5:280:4.8:0 5:281:4.8:0 5:279:4.8:0 5:280:4.8:0 5:281:4.8:0 5:280:4.8:0";
    ResultRow cold =
        drifting.toBuilder().holdWindows(flat).warmupSteady(false).steadyState(false).build();
    assertThat(Rederive.row(cold).steadyState()).isFalse();
    assertThat(Rederive.row(cold).notes()).isNull();
    // a row from before the columns keeps its stored label
    ResultRow old = drifting.toBuilder().holdWindows(null).warmupSteady(null).build();
    assertThat(Rederive.row(old).steadyState()).isTrue();
  }

  @Test
  void aHoldWhoseJitTookTheSutsCoreFromRequestsIsJudgedUnsteadyOnRead() {
    // the quickstart's first platform hold after a warm-up that waited for nothing (AMD EPYC VM,
    // 2026-11-29 19:10 UTC): flat, with the compiler threads at half of a full core
    String compiling = "5.01:2289:5.01:2.4 5:2263:5:2.66";
    ResultRow stored =
        measuredUnderTheOldRule()
            .holdWindows(compiling)
            .warmupSteady(true)
            .warmupTpNoise(0.01)
            .warmupCpuNoise(0.01)
            .build();
    assertThat(Rederive.row(stored).steadyState()).isFalse();
    // the SUT's cores come from its cpuset, else from its JVM: on four the core was a quarter busy
    ResultRow wide = stored.toBuilder().sutCpuset(null).jvmProcessors(4).build();
    assertThat(Rederive.row(wide).steadyState()).isTrue();
    ResultRow unknown = stored.toBuilder().sutCpuset(null).jvmProcessors(null).build();
    assertThat(Rederive.row(unknown).steadyState()).isTrue();
  }

  @Test
  void aRowTodaysRulesAgreeWithComesBackAsStoredAndTwiceIsOnce() {
    ResultRow stored = measuredUnderTheOldRule().loadCoreBusyPct(80.0).build();
    ResultRow today = Rederive.row(stored);
    assertThat(today.bottleneck()).isEqualTo(Bottleneck.HIKARI_POOL);
    assertThat(today.notes()).isNull();
    assertThat(Rederive.sentence(List.of(today))).isNull();
    ResultRow relabelled = Rederive.row(measuredUnderTheOldRule().build());
    assertThat(Rederive.row(relabelled)).isEqualTo(relabelled);
  }

  @Test
  void whatTheRowDoesNotRecordStandsAsMeasured() {
    // the database's CPUs, the generator's own CPUs and the request timeout are not in a row
    ResultRow db =
        Rederive.row(
            measuredUnderTheOldRule()
                .loadCoreBusyPct(50.0)
                .pgCpuPct(95.0)
                .bottleneck(Bottleneck.DATABASE_CPU)
                .build());
    assertThat(db.bottleneck()).isEqualTo(Bottleneck.DATABASE_CPU);
    ResultRow own =
        Rederive.row(
            measuredUnderTheOldRule()
                .loadCoreBusyPct(50.0)
                .loadCpuPct(45.0)
                .generatorSaturated(true)
                .bottleneck(Bottleneck.LOAD_GENERATOR)
                .build());
    assertThat(own.generatorSaturated()).isTrue();
    assertThat(own.bottleneck()).isEqualTo(Bottleneck.LOAD_GENERATOR);
    ResultRow slowTail =
        Rederive.row(
            measuredUnderTheOldRule().loadCoreBusyPct(50.0).p99Ms(9500.0).overloaded(true).build());
    assertThat(slowTail.overloaded()).isTrue();
    ResultRow unsteady =
        Rederive.row(measuredUnderTheOldRule().loadCoreBusyPct(50.0).steadyState(false).build());
    assertThat(unsteady.steadyState()).isFalse();
    assertThat(unsteady.notes()).isNull();
  }

  @Test
  void readingACsvDerivesAgainAndReadingItAsStoredDoesNot(@TempDir Path dir) throws Exception {
    Path csv = dir.resolve("matrix.csv");
    Files.writeString(csv, ResultsCsv.toCsv(List.of(measuredUnderTheOldRule().build())));
    assertThat(ResultsCsv.read(csv).getFirst().bottleneck()).isEqualTo(Bottleneck.LOAD_GENERATOR);
    assertThat(ResultsCsv.readAsStored(csv).getFirst().bottleneck())
        .isEqualTo(Bottleneck.HIKARI_POOL);
    assertThat(ResultsCsv.parse(Files.readString(csv)).getFirst().generatorSaturated()).isTrue();
  }
}
