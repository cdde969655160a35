package dev.vtbench.engine.model.spec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.model.BenchmarkRun;
import dev.vtbench.engine.model.SpecValidation;
import dev.vtbench.engine.model.rules.TimeoutRules;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** spec.timeouts: defaults, bounds and the wording both platforms give a passed deadline. */
class TimeoutsTest {

  static List<String> errors(TimeoutsSpec t) {
    BenchmarkRun run = new BenchmarkRun();
    run.metadata.name = "timeouts";
    run.spec.timeouts = t;
    return new ArrayList<>(SpecValidation.local(run));
  }

  @Test
  void theDefaultsAreValidAndWithinTheirCaps() {
    TimeoutsSpec t = new TimeoutsSpec();
    assertThat(errors(t)).isEmpty();
    assertThat(t.database().duration()).isEqualTo(Duration.ofMinutes(10));
    assertThat(t.sutStart().duration()).isEqualTo(Duration.ofMinutes(5));
    assertThat(t.loadStart().duration()).isEqualTo(Duration.ofMinutes(3));
  }

  @Test
  void theCapsThemselvesAreAccepted() {
    TimeoutsSpec t = new TimeoutsSpec();
    t.database = TimeoutRules.DATABASE_TIMEOUT_MAX;
    t.sutStart = TimeoutRules.SUT_START_TIMEOUT_MAX;
    t.loadStart = "59m60s";
    assertThat(errors(t)).isEmpty();
  }

  @Test
  void zeroAboveTheCapOrNotADurationIsRefusedNamingTheField() {
    TimeoutsSpec t = new TimeoutsSpec();
    t.database = "6h1s";
    t.sutStart = "0s";
    t.loadStart = "soon";
    assertThat(errors(t))
        .containsExactlyInAnyOrder(
            "spec.timeouts.database: '6h1s' must be longer than 0s and at most 6h",
            "spec.timeouts.sutStart: '0s' must be longer than 0s and at most 1h",
            "spec.timeouts.loadStart: 'soon' must match ^([0-9]+(ms|s|m|h))+$ (A k6 runner pod"
                + " started after its TestRun or Job was created (Kubernetes only); default 3m, at"
                + " most 1h.)");
  }

  @Test
  void aPassedDeadlineNamesItsField() {
    Timeout t = new TimeoutsSpec().sutStart();
    assertThat(t.within()).isEqualTo("within 5m (spec.timeouts.sutStart)");
    assertThat(t).hasToString("spec.timeouts.sutStart: 5m");
  }
}
