package dev.vtbench.sut.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vtbench.sut.errors.ApiException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import org.junit.jupiter.api.Test;

class CpuWorkTest {

  @Test
  void microsecondsBecomeWholeIterationsAtTheCalibratedCost() {
    CpuWork w = new CpuWork(new double[] {500.0, 3.0});
    assertThat(w.iterations(0)).isZero();
    assertThat(w.iterations(1)).isEqualTo(2);
    assertThat(w.iterations(2_000)).isEqualTo(4_000);
    // less than one iteration's worth is still one: a request asking for CPU gets some
    assertThat(new CpuWork(new double[] {5_000.0, 0}).iterations(1)).isEqualTo(1);
  }

  @Test
  void theCalibratedWorkCostsWhatItClaims() {
    CpuWork w = new CpuWork();
    assertThat(w.describe()).containsEntry("kernel", CpuWork.KERNEL).containsKey("iterationNs");
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    long start = mx.getCurrentThreadCpuTime();
    for (int i = 0; i < 20; i++) {
      w.spend("2000");
    }
    double msEach = (mx.getCurrentThreadCpuTime() - start) / 20 / 1e6;
    assertThat(msEach).isBetween(1.5, 2.8);
  }

  @Test
  void aValueOutOfRangeIsRefusedNamingTheParameter() {
    CpuWork w = new CpuWork(new double[] {500.0, 0});
    for (String bad : new String[] {"-1", "20001", "1.5", "abc"}) {
      assertThatThrownBy(() -> w.spend(bad))
          .isInstanceOf(ApiException.class)
          .hasMessageContaining("parameter 'cpuUs' must be an integer from 0 to 20000");
    }
    w.spend(null);
    w.spend("0");
  }
}
