package dev.vtbench.engine.k6;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vtbench.engine.k6.K6Plan.Executor;
import dev.vtbench.engine.model.spec.LoadSpec;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class K6PlanTest {

  static final String URL = "http://127.0.0.1:8080/api/order-summary/{id}";

  static K6Plan closed(Duration ramp, Duration warmup, Duration hold) {
    return new K6Plan(
        URL, 100_000, Executor.RAMPING_VUS, 20, 0, ramp, warmup, hold, Duration.ofSeconds(5));
  }

  @Test
  void everyInvalidFieldIsNamedInOneMessage() {
    assertThatThrownBy(
            () ->
                new K6Plan(
                    "ftp://host/x",
                    0,
                    Executor.CONSTANT_ARRIVAL_RATE,
                    0,
                    0,
                    Duration.ofSeconds(-1),
                    null,
                    Duration.ZERO,
                    Duration.ofNanos(1_500_000)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("load.targetUrl: 'ftp://host/x' must be an absolute http(s) URL")
        .hasMessageContaining("load.idMax must be >= 1 (was 0)")
        .hasMessageContaining("load.level must be >= 1 (was 0)")
        .hasMessageContaining("load.maxVUs must be >= 1 for the open model (was 0)")
        .hasMessageContaining("load.ramp must be >= 0")
        .hasMessageContaining("load.warmup: required")
        .hasMessageContaining("load.hold must be > 0 (was 0s)")
        .hasMessageContaining("load.requestTimeout must be whole milliseconds");
  }

  @Test
  void urlWithoutHostOrSchemeIsRejected() {
    for (String url : new String[] {"/api/x", "http:///x", "not a url", " "}) {
      assertThatThrownBy(
              () ->
                  new K6Plan(
                      url,
                      1,
                      Executor.RAMPING_VUS,
                      1,
                      0,
                      Duration.ZERO,
                      Duration.ZERO,
                      Duration.ofSeconds(1),
                      Duration.ofSeconds(1)))
          .as(url)
          .hasMessageContaining("load.targetUrl");
    }
  }

  @Test
  void closedModelIgnoresMaxVUsAndAllowsNoRampOrWarmup() {
    K6Plan plan = closed(Duration.ZERO, Duration.ZERO, Duration.ofSeconds(1));
    assertThat(plan.holdStart()).isZero();
    assertThat(plan.openModel()).isFalse();
  }

  @Test
  void openModelPreAllocatesOneSecondOfArrivalsUpToMaxVUs() {
    K6Plan small =
        new K6Plan(
            URL,
            1,
            Executor.CONSTANT_ARRIVAL_RATE,
            100,
            5000,
            Duration.ZERO,
            Duration.ZERO,
            Duration.ofSeconds(1),
            Duration.ofSeconds(1));
    assertThat(small.preAllocatedVUs()).isEqualTo(100);
    K6Plan capped =
        new K6Plan(
            URL,
            1,
            Executor.CONSTANT_ARRIVAL_RATE,
            100,
            50,
            Duration.ZERO,
            Duration.ZERO,
            Duration.ofSeconds(1),
            Duration.ofSeconds(1));
    assertThat(capped.preAllocatedVUs()).isEqualTo(50);
  }

  /** The histogram is off unless asked for, and each wither keeps what the others set. */
  @Test
  void theHistogramIsOffUnlessAskedForAndTheWithersKeepIt() {
    K6Plan plain = closed(Duration.ZERO, Duration.ZERO, Duration.ofSeconds(1));
    assertThat(plain.histogram()).isFalse();
    assertThat(K6Plan.fromSpec(new LoadSpec(), URL, 1, 1).histogram()).isFalse();

    MixedRequest get = new MixedRequest("GET", "/x", Map.of(), Map.of(), null, 1, List.of());
    K6Plan on = plain.withHistogram(true);
    assertThat(on.histogram()).isTrue();
    assertThat(on.withHistogram(false)).isEqualTo(plain);
    K6Plan mixed = on.withRequests(List.of(get));
    assertThat(mixed.histogram()).isTrue();
    assertThat(mixed.requests()).containsExactly(get);
    assertThat(mixed.withHistogram(false).requests()).containsExactly(get);
    K6Plan user = plain.withUserScript(true);
    assertThat(user.histogram()).isFalse();
    assertThat(user.withHistogram(false).userScript()).isTrue();

    // a user's module sends its requests itself: nothing could count them
    assertThatThrownBy(() -> user.withHistogram(true))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "invalid k6 plan: workload: a user's k6 module sends its requests itself, where"
                + " vtbench cannot count them into a latency histogram (which a load split over"
                + " runners needs)");
    assertThatThrownBy(() -> on.withUserScript(true)).hasMessageContaining("latency histogram");
  }

  @Test
  void fromSpecReadsTheLoadSectionAndNamesBadFields() {
    LoadSpec load = new LoadSpec();
    K6Plan plan = K6Plan.fromSpec(load, URL, 100_000, 500);
    assertThat(plan.executor()).isEqualTo(Executor.RAMPING_VUS);
    assertThat(plan.ramp()).isEqualTo(Duration.ofSeconds(8));
    assertThat(plan.warmup()).isEqualTo(Duration.ofSeconds(10));
    assertThat(plan.hold()).isEqualTo(Duration.ofSeconds(20));
    assertThat(plan.requestTimeout()).isEqualTo(Duration.ofSeconds(60));
    assertThat(plan.maxVUs()).isEqualTo(10_000);
    assertThat(plan.level()).isEqualTo(500);

    load.executor = "constant-vus";
    assertThatThrownBy(() -> K6Plan.fromSpec(load, URL, 1, 1))
        .hasMessage(
            "load.executor: 'constant-vus' is not one of ramping-vus, constant-arrival-rate");
    load.executor = "constant-arrival-rate";
    load.hold = "soon";
    assertThatThrownBy(() -> K6Plan.fromSpec(load, URL, 1, 1))
        .hasMessageContaining("spec.load.hold");
  }
}
