package dev.vtbench.engine.results.summary;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.results.csv.ResultsCsv;
import dev.vtbench.engine.results.row.ResultRow;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The answer at the level that tells, on committed rows of both machine kinds. */
class NextStepTest {

  private static List<ResultRow> committed(String run) throws IOException {
    return ResultsCsv.read(Path.of("../../results/reference", run, "matrix.csv"));
  }

  @Test
  void whereTheGeneratorLimitedTheTopLevelTheNextStepSaysSo() throws IOException {
    // the AMD EPYC bench-hero: virtual rows at 200-800 VUs had CPU 0 at 85-92 %
    List<ResultRow> rows = committed("bench-hero-epyc");
    assertThat(Headline.of(rows))
        .startsWith("virtual 1.8x platform")
        .contains("at 100 VUs")
        .contains(
            "virtual generator saturated at 200, 400, 800 VUs (virtual 1245 vs platform 472,"
                + " virtual 1331 vs platform 472, virtual 1343 vs platform 465 req/s)");
    assertThat(NextStep.of(rows))
        .hasValueSatisfying(
            s ->
                assertThat(s)
                    .startsWith("at 800 VUs the virtual rows did not count: the load generator")
                    .contains("--levels-as-written"));
  }

  @Test
  void anAnswerAtTheTopLevelNeedsNoNextStep() throws IOException {
    assertThat(NextStep.of(committed("bench-bottleneck"))).isEmpty();
    assertThat(NextStep.of(committed("quickstart"))).isEmpty();
  }

  @Test
  void aRunOverOneThreadModeStatesItsAxissVerdict() throws IOException {
    // results/reference/jvm-options: virtual only, G1 vs parallel at 100 VUs, 4 repetitions each
    assertThat(Headline.of(committed("jvm-options")))
        .startsWith("-XX:+UseG1GC 1.00x -XX:+UseParallelGC [")
        .contains("at 100 VUs, pool 50, virtual (979 vs 979 req/s): no difference");
  }
}
