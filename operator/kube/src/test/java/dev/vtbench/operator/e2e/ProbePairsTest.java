package dev.vtbench.operator.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.operator.e2e.NetworkProbes.From;
import dev.vtbench.operator.e2e.NetworkProbes.Target;
import dev.vtbench.operator.e2e.ProbePairs.Probe;
import dev.vtbench.operator.e2e.ProbePairs.Verdict;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProbePairsTest {

  private static final From STRANGER = NetworkProbes.from("ns", "stranger", "a stranger");
  private static final From SCRAPER = NetworkProbes.from("scrape", "scraper", "a scraper");
  private static final Target SUT = new Target("the SUT", "10.96.0.10", 8080);
  private static final Target STUB = new Target("the stub", "10.96.0.11", 8080);

  private static Probe refused(Target t, boolean reached) {
    return new Probe("", STRANGER, t, false, reached);
  }

  private static Probe allowed(Target t, boolean reached) {
    return new Probe("", SCRAPER, t, true, reached);
  }

  @Test
  void aRefusalPairedWithAnAllowedProbeThatReachedIsBlocked() {
    List<Verdict> v = ProbePairs.judge(List.of(refused(SUT, false), allowed(SUT, true)));
    assertThat(v).allMatch(Verdict::ok);
    assertThat(v.getFirst().what())
        .isEqualTo(
            "a stranger could not reach the SUT (10.96.0.10:8080), which the policies refuse"
                + " (a scraper reached it)");
  }

  @Test
  void aTargetThatIsDownFailsInsteadOfPassingAsBlocked() {
    List<Verdict> v = ProbePairs.judge(List.of(refused(SUT, false), allowed(SUT, false)));
    assertThat(v).noneMatch(Verdict::ok);
    assertThat(v.getFirst().what()).contains("the target is down, not shown blocked");
  }

  @Test
  void aRefusalWithoutAPairFails() {
    List<Verdict> v = ProbePairs.judge(List.of(refused(STUB, false), allowed(SUT, true)));
    assertThat(v.getFirst().ok()).isFalse();
    assertThat(v.getFirst().what()).contains("blocked is not told from down");
  }

  @Test
  void aStrangerThatGotThroughFails() {
    List<Verdict> v = ProbePairs.judge(List.of(refused(SUT, true), allowed(SUT, true)));
    assertThat(v.getFirst().ok()).isFalse();
    assertThat(v.getFirst().what()).startsWith("a stranger reached the SUT");
  }

  @Test
  void pairsAreTakenFromTheSameRoundOnly() {
    List<Verdict> v =
        ProbePairs.judge(
            List.of(
                new Probe("the SUT opened", STRANGER, SUT, false, true),
                new Probe("the SUT opened", SCRAPER, SUT, true, true),
                new Probe("the stub opened", STRANGER, SUT, false, false)));
    assertThat(v.get(0).ok()).isFalse();
    assertThat(v.get(0).what()).startsWith("[the SUT opened] a stranger reached the SUT");
    assertThat(v.get(1).ok()).isTrue();
    assertThat(v.get(2).ok()).isFalse();
    assertThat(v.get(2).what()).contains("no pod the policies allow tried the same address");
  }
}
