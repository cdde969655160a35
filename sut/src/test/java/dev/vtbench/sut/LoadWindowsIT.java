package dev.vtbench.sut;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.steady.LoadWindow;
import dev.vtbench.engine.steady.SteadyState;
import dev.vtbench.engine.steady.SutReset;
import dev.vtbench.local.process.HttpJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The real SUT cuts its load into windows that the engine's steady-state policy reads: requests,
 * CPU and JIT time per window, and a freshly started JVM is not judged steady.
 */
class LoadWindowsIT {

  @Test
  void windowsCountTheWorkloadRequestsAndAFreshJvmIsNotSteady() throws Exception {
    try (RealStack.Sut sut = RealStack.get().sut(Map.of("VT_ENABLED", "true"));
        Load load = new Load()) {
      HttpJson.Response reset = HttpJson.post(sut.url() + "/api/runtime-info/reset?windowMs=1000");
      assertThat(reset.status()).isEqualTo(200);
      int fired = 0;
      long end = System.nanoTime() + Duration.ofSeconds(4).toNanos();
      while (System.nanoTime() < end) {
        int base = fired;
        load.fire(10, i -> sut.url() + "/api/order-summary/" + (base + i + 1));
        fired += 10;
        Thread.sleep(100);
      }
      // Every request counts once it completes, whatever its status.
      assertThat(load.await()).hasSize(fired);
      Map<String, Object> peaks = peaksOnceLanded(sut);

      List<LoadWindow> all = LoadWindow.ofPhase(peaks, Duration.ofMinutes(1));
      assertThat(all.size()).isGreaterThanOrEqualTo(6);
      // Probes (/api/runtime-info) are not workload: the windows hold exactly the requests fired.
      assertThat(all.stream().mapToLong(LoadWindow::requests).sum()).isEqualTo(fired);
      assertThat(all).allSatisfy(w -> assertThat(w.seconds()).isBetween(0.8, 1.3));
      assertThat(all.getFirst().cpuSeconds()).isPositive();
      assertThat(all.getFirst().compileSeconds()).isNotNull();
      assertJitCpuMeasured(peaks);

      // A JVM seconds old compiles hard under its first load: never steady.
      List<LoadWindow> underLoad = LoadWindow.ofPhase(peaks, Duration.ofSeconds(4));
      assertThat(underLoad).hasSize(4);
      assertThat(underLoad.stream().mapToDouble(LoadWindow::jitShare).max().orElseThrow())
          .isGreaterThan(SteadyState.JIT_QUIET);
      assertThat(SteadyState.judge(underLoad)).isEqualTo(SteadyState.Verdict.NOT_STEADY);
    }
  }

  /**
   * Every window carries its compiler threads' CPU, read from /proc on Linux: measured (0 or more,
   * never unknown) and within the window's own CPU.
   */
  static void assertJitCpuMeasured(Map<String, Object> peaks) {
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> list =
        (List<Map<String, Object>>) ((Map<String, Object>) peaks.get("windows")).get("list");
    assertThat(list).isNotEmpty();
    if (!Files.isDirectory(Path.of("/proc/self/task"))) {
      return;
    }
    assertThat(list)
        .allSatisfy(
            w -> {
              assertThat(w).containsKey("jitCpuSeconds");
              assertThat(w.get("jitCpuSeconds")).isInstanceOf(Number.class);
              double jit = ((Number) w.get("jitCpuSeconds")).doubleValue();
              assertThat(jit).isGreaterThanOrEqualTo(0.0);
              // /proc counts whole 10 ms ticks: up to one per compiler thread either way
              assertThat(jit)
                  .isLessThanOrEqualTo(((Number) w.get("cpuSeconds")).doubleValue() + 0.05);
            });
  }

  /**
   * The peaks of a SUT cutting 1 s windows once two more windows have closed, so that every request
   * fired before has landed in one.
   */
  static Map<String, Object> peaksOnceLanded(RealStack.Sut sut) throws InterruptedException {
    Thread.sleep(2_200);
    @SuppressWarnings("unchecked")
    Map<String, Object> peaks =
        (Map<String, Object>) HttpJson.get(sut.url() + "/api/runtime-info").at("peaks");
    return peaks;
  }

  /**
   * A reset told when its phase starts opens the windows then, on the SUT's own timer, not when the
   * reset is served: nothing before, whole windows from that moment, and the start's counters kept.
   */
  @Test
  @SuppressWarnings("unchecked")
  void windowsOpenAtTheStartTheResetNames() throws Exception {
    try (RealStack.Sut sut = RealStack.get().sut(Map.of("VT_ENABLED", "true"))) {
      long startAt = System.currentTimeMillis() + 1_500;
      HttpJson.Response reset =
          HttpJson.post(sut.url() + SutReset.path(Duration.ofMillis(500), startAt));
      assertThat(reset.status()).isEqualTo(200);
      Map<String, Object> before = (Map<String, Object>) windows(sut);
      assertThat(before).doesNotContainKey("start");
      assertThat((List<?>) before.get("list")).isEmpty();

      Thread.sleep(startAt + 1_300 - System.currentTimeMillis());
      Map<String, Object> after = windows(sut);
      Map<String, Object> start = (Map<String, Object>) after.get("start");
      assertThat(((Number) start.get("epochMs")).longValue()).isBetween(startAt - 5, startAt + 200);
      assertThat(((Number) start.get("lateMs")).longValue()).isBetween(0L, 200L);
      assertThat(start.get("processCpuSeconds")).isInstanceOf(Number.class);
      // 1.3 s after the start: the windows closed at 0.5 and 1.0 s
      assertThat((List<?>) after.get("list")).hasSize(2);

      // a start already past opens now, and says by how much it missed
      long past = System.currentTimeMillis() - 2_000;
      HttpJson.post(sut.url() + SutReset.path(Duration.ofMillis(500), past));
      Map<String, Object> late = (Map<String, Object>) windows(sut).get("start");
      assertThat(((Number) late.get("lateMs")).longValue()).isGreaterThanOrEqualTo(2_000L);
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> windows(RealStack.Sut sut) {
    return (Map<String, Object>) HttpJson.get(sut.url() + "/api/runtime-info").at("peaks.windows");
  }

  @Test
  void aWindowLengthOutsideItsRangeIsRefusedNamingTheParameter() {
    try (RealStack.Sut sut = RealStack.get().sut(Map.of("VT_ENABLED", "true"))) {
      HttpJson.Response r = HttpJson.post(sut.url() + "/api/runtime-info/reset?windowMs=5");
      assertThat(r.status()).isEqualTo(400);
      assertThat(r.body()).contains("windowMs").contains("100 to 600000");
      assertThat(HttpJson.post(sut.url() + "/api/runtime-info/reset?windowMs=1e3").status())
          .isEqualTo(400);
      // a start more than a minute ahead of the SUT's clock would keep its windows shut
      long ahead = System.currentTimeMillis() + 120_000;
      HttpJson.Response far =
          HttpJson.post(sut.url() + SutReset.path(Duration.ofSeconds(5), ahead));
      assertThat(far.status()).isEqualTo(400);
      assertThat(far.body()).contains("startAtEpochMs");
    }
  }
}
