package dev.vtbench.engine.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** spec.timeouts: defaults, bounds and the wording both platforms give a passed deadline. */
class TimeoutsTest {

  static List<String> errors(TimeoutsSpec t) {
    BenchmarkRunSpec spec = new BenchmarkRunSpec();
    spec.timeouts = t;
    List<String> errors = new ArrayList<>();
    SpecValidator.validate(spec, errors);
    return errors;
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
        .containsExactly(
            "spec.timeouts.database: '6h1s' must be at most 6h",
            "spec.timeouts.sutStart: must be longer than 0",
            "spec.timeouts.loadStart: 'soon' is not a duration; write e.g. 10s, 250ms or 1m30s");
  }

  @Test
  void missingTimeoutsAreRefused() {
    assertThat(errors(null)).containsExactly("spec.timeouts: required");
  }

  @Test
  void aPassedDeadlineNamesItsField() {
    Timeout t = new TimeoutsSpec().sutStart();
    assertThat(t.within()).isEqualTo("within 5m (spec.timeouts.sutStart)");
    assertThat(t).hasToString("spec.timeouts.sutStart: 5m");
  }
}
