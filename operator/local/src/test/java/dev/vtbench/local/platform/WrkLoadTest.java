package dev.vtbench.local.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vtbench.engine.k6.K6Plan;
import dev.vtbench.engine.k6.MixedRequest;
import dev.vtbench.engine.run.Platform.IndependentLoad;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** wrk's report read back, the loads it cannot make, and its script. */
class WrkLoadTest {

  static final String REPORT =
      """
      Running 20s test @ http://127.0.0.1:8080
        1 threads and 800 connections
        Thread Stats   Avg      Stdev     Max   +/- Stdev
          Latency   241.12ms   60.55ms 1.01s    80.12%
          Req/Sec     3.31k   412.33     4.02k    71.00%
        Latency Distribution
           50%  230.10ms
           75%  262.44ms
           90%  310.02ms
           99%    1.02s
        66104 requests in 20.05s, 31.2MB read
        Socket errors: connect 0, read 2, write 0, timeout 3
        Non-2xx or 3xx responses: 7
      Requests/sec:   3296.12
      Transfer/sec:      1.56MB
      """;

  @Test
  void itsRatePercentileAndErrorsAreRead() {
    IndependentLoad load = WrkLoad.parse(REPORT, 95.5);

    assertThat(load.generator()).isEqualTo("wrk");
    assertThat(load.rps()).isEqualTo(3296.12);
    assertThat(load.p99Ms()).isEqualTo(1020.0);
    assertThat(load.errors()).isEqualTo(12);
    assertThat(load.coreBusyPct()).isEqualTo(95.5);
    IndependentLoad micro =
        WrkLoad.parse("  Latency Distribution\n     99%  850.00us\nRequests/sec:   10.5\n", null);
    assertThat(micro.p99Ms()).isEqualTo(0.85);
    assertThat(micro.errors()).isZero();
    assertThatThrownBy(() -> WrkLoad.parse("unable to connect to 127.0.0.1:8080", null))
        .hasMessageContaining("no Requests/sec");
  }

  static K6Plan plan(K6Plan.Executor executor) {
    return new K6Plan(
        "http://127.0.0.1:8080/api/order-summary/{id}?delayMs=100",
        100_000,
        executor,
        800,
        800,
        Duration.ofSeconds(5),
        Duration.ofSeconds(5),
        Duration.ofSeconds(60),
        Duration.ofSeconds(10));
  }

  @Test
  void onlyAClosedLoadOfOneEndpointCompares() {
    assertThat(WrkLoad.unsupported(plan(K6Plan.Executor.RAMPING_VUS))).isNull();
    assertThat(WrkLoad.unsupported(plan(K6Plan.Executor.CONSTANT_ARRIVAL_RATE)))
        .contains("open model");
    assertThat(
            WrkLoad.unsupported(
                plan(K6Plan.Executor.RAMPING_VUS)
                    .withRequests(
                        List.of(
                            new MixedRequest(
                                "GET",
                                "/a",
                                java.util.Map.of(),
                                java.util.Map.of(),
                                null,
                                1,
                                List.of(200))))))
        .contains("request mix");
    assertThat(WrkLoad.unsupported(plan(K6Plan.Executor.RAMPING_VUS).withUserScript(true)))
        .contains("user's k6 module");
  }

  @Test
  void theScriptDrawsARandomIdForEveryPlaceholder() {
    String lua = WrkLoad.lua("/api/users?name=n{id}&id={id}&q=\"x\"", 500);

    assertThat(lua)
        .contains("local template = \"/api/users?name=n{id}&id={id}&q=\\\"x\\\"\"")
        .contains("math.random(1, 500)")
        .contains("wrk.format(\"GET\", path)");
  }
}
