package dev.vtbench.sut;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.local.HttpJson;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code ?cpuUs=} makes a request cost that much more CPU on both SUTs, as the process's own CPU
 * time shows, and each SUT reports the calibration it converts microseconds with.
 */
class CpuWorkIT {

  static RealStack.Sut servlet;
  static RealStack.Sut reactive;

  @BeforeAll
  static void start() {
    servlet = RealStack.get().sut(Map.of());
    reactive = RealStack.get().reactive(Map.of());
    servlet.awaitReady();
    reactive.awaitReady();
  }

  @AfterAll
  static void stop() {
    servlet.close();
    reactive.close();
  }

  static RealStack.Sut of(String stack) {
    return stack.equals("servlet") ? servlet : reactive;
  }

  @ParameterizedTest
  @ValueSource(strings = {"servlet", "reactive"})
  void theCalibrationIsReported(String stack) {
    HttpJson.Response info = HttpJson.get(of(stack).url() + "/api/runtime-info");
    assertThat(info.at("cpuWork.kernel")).isEqualTo("sha256-256B");
    double ns = ((Number) info.at("cpuWork.iterationNs")).doubleValue();
    // SHA-256 of 256 bytes: about 0.2 to 5 µs on any machine this runs on
    assertThat(ns).isBetween(100.0, 20_000.0);
  }

  /**
   * 40 requests asking 5 ms each cost the process about 200 ms more CPU than 40 asking none (the
   * requests' own cost, measured alongside, is subtracted).
   */
  @ParameterizedTest
  @ValueSource(strings = {"servlet", "reactive"})
  void aRequestCostsTheCpuItAsksFor(String stack) {
    String url = of(stack).url();
    Supplier<Double> cpu =
        () ->
            ((Number) HttpJson.get(url + "/api/runtime-info").at("processCpuSeconds"))
                .doubleValue();
    for (int i = 0; i < 50; i++) {
      HttpJson.get(url + "/api/sleep?ms=0&cpuUs=1000");
    }
    int n = 40;
    double base = 0;
    double asked = 0;
    for (int round = 0; round < 2; round++) {
      double t0 = cpu.get();
      for (int i = 0; i < n; i++) {
        assertThat(HttpJson.get(url + "/api/sleep?ms=0").status()).isEqualTo(200);
      }
      double t1 = cpu.get();
      for (int i = 0; i < n; i++) {
        assertThat(HttpJson.get(url + "/api/sleep?ms=0&cpuUs=5000").status()).isEqualTo(200);
      }
      double t2 = cpu.get();
      base += t1 - t0;
      asked += t2 - t1;
    }
    double extraMsEach = (asked - base) * 1000 / (2 * n);
    assertThat(extraMsEach).as("%s: extra CPU a request asking 5 ms", stack).isBetween(3.5, 7.0);
  }
}
