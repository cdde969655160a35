package dev.vtbench.proc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class CpuInfoTest {

  @Test
  void theFirstModelNameIsTheMachinesAndAnArmCpuinfoHasNone() {
    assertThat(
            CpuInfo.modelName(
                List.of(
                    "processor\t: 0",
                    "vendor_id\t: AuthenticAMD",
                    "model name\t: AMD EPYC",
                    "processor\t: 1",
                    "model name\t: AMD EPYC")))
        .isEqualTo("AMD EPYC");
    // aarch64's /proc/cpuinfo names no model
    assertThat(
            CpuInfo.modelName(List.of("processor\t: 0", "BogoMIPS\t: 50.00", "CPU part\t: 0xd0c")))
        .isNull();
  }
}
