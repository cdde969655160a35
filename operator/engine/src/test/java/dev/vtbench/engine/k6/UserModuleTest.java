package dev.vtbench.engine.k6;

import static dev.vtbench.engine.k6.K6ScriptTest.child;
import static dev.vtbench.engine.k6.K6ScriptTest.plan;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vtbench.engine.k6.K6Plan.Executor;
import dev.vtbench.engine.model.spec.ServiceSpec;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A user's own k6 module ({@code spec.workload.script}) in vtbench's script, without k6: imported
 * from beside the script, called as the iteration of the same scenarios and thresholds a mix gets,
 * its target in the environment; {@code UserModuleIT} runs it through k6.
 */
class UserModuleTest {

  static final String BASE = "http://run-sut:18080";

  static K6Plan userPlan(Executor executor) {
    return new K6Plan(
            BASE,
            1,
            executor,
            20,
            executor == Executor.CONSTANT_ARRIVAL_RATE ? 50 : 0,
            Duration.ofSeconds(1),
            Duration.ofSeconds(2),
            Duration.ofSeconds(3),
            Duration.ofSeconds(5))
        .withUserScript(true);
  }

  static final String IMPORT = "import * as MODULE from './" + UserModule.FILE_NAME + "';";

  @ParameterizedTest
  @EnumSource(Executor.class)
  void theModuleIsImportedAndRunsInTheScenariosAndThresholdsOfAnyLoad(Executor executor) {
    K6Plan user = userPlan(executor);
    K6Plan builtIn = user.withUserScript(false);
    ServiceSpec service = new ServiceSpec();

    Duration window = Duration.ofSeconds(5);
    Map<String, String> withAndWithout =
        Map.of(
            K6Script.render(user),
            K6Script.render(builtIn),
            K6Script.renderForClusterService(user, service, BASE, null, window, false),
            K6Script.renderForClusterService(builtIn, service, BASE, null, window, false));
    for (Map.Entry<String, String> e : withAndWithout.entrySet()) {
      String js = e.getKey();
      assertThat(js.split(java.util.regex.Pattern.quote(IMPORT), -1)).hasSize(2);
      Map<String, Object> plan = plan(js);
      // the same ramp, warm-up and hold, and the same hold sub-metrics, as any other load
      Map<String, Object> without = plan(e.getValue());
      assertThat(plan.get("scenarios")).isEqualTo(without.get("scenarios"));
      assertThat(plan.get("thresholds")).isEqualTo(without.get("thresholds"));
      assertThat(child(plan, "target"))
          .containsOnly(
              Map.entry("module", "./" + UserModule.FILE_NAME),
              Map.entry("base", BASE),
              Map.entry("timeout", "5s"));
      assertThat((String) plan.get("measured"))
          .isEqualTo(
              "every request of the iterations started in the hold window [3s, 6s), tagged"
                  + " phase=hold");
      // the module's setup data goes beside vtbench's own; its teardown runs after the load
      assertThat(js).contains("USER.setup(").contains("export function teardown(data)");
    }
    assertThat(K6Script.render(builtIn)).doesNotContain(IMPORT).doesNotContain("teardown");
    assertThat(K6Script.totalDuration(user)).isEqualTo(K6Script.totalDuration(builtIn));
  }

  @Test
  void theModuleReadsItsTargetAndTimeoutFromTheEnvironment() {
    assertThat(UserModule.env(userPlan(Executor.RAMPING_VUS)))
        .containsExactly(
            Map.entry(UserModule.BASE_URL_ENV, BASE),
            Map.entry(UserModule.REQUEST_TIMEOUT_ENV, "5s"));
    assertThat(UserModule.env(plan(Executor.RAMPING_VUS, 1000, 2000, 3000))).isEmpty();
  }

  @Test
  void aModuleGoesWithAUsersServiceOnlyAndWithoutAMix() {
    K6Plan user = userPlan(Executor.RAMPING_VUS);
    assertThatThrownBy(
            () -> K6Script.renderForCluster(user, BASE, null, 10, Duration.ofSeconds(5), false))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not vtbench's own SUT");
    MixedRequest one = new MixedRequest("GET", "/orders", Map.of(), Map.of(), null, 1, List.of());
    assertThatThrownBy(() -> user.withRequests(List.of(one)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("a user's k6 module and a request mix exclude each other");
  }

  @Test
  void aModuleIsRefusedWhenEmptyOrTooLargeNamingWhereItWasRead() {
    String source = "spec.workload.script.file k6/orders.js";
    assertThat(UserModule.checked(source, "export default function () {}\n"))
        .isEqualTo("export default function () {}\n");
    assertThatThrownBy(() -> UserModule.checked(source, " \n"))
        .hasMessage(
            source + " is empty: it must export a default function, one iteration of the load");
    // bytes, not characters: é is two in UTF-8
    String atTheLimit = "x".repeat(UserModule.MAX_BYTES - 2) + "é";
    assertThat(UserModule.checked(source, atTheLimit)).isSameAs(atTheLimit);
    assertThatThrownBy(() -> UserModule.checked(source, atTheLimit + "x"))
        .hasMessageStartingWith(
            source + " is 524289 bytes; a k6 module may hold at most 524288 (512 KiB)");
  }
}
