package dev.vtbench.sut.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.proc.CfsStat;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The {@code cfs} object of {@code /api/runtime-info}, which the cluster runner reads at the hold's
 * edges for {@code sut_throttled_pct}: the reading's four fields under the names the script reads,
 * a missing limit as null, and no object at all where no cgroup was read.
 */
class RuntimeInfoCfsTest {

  @Test
  void aReadingBecomesTheFieldsTheRunnerReads() {
    Map<String, Object> cfs = RuntimeInfoController.cfs(new CfsStat.Snapshot(1200, 300, 4.5, 0.5));

    assertThat(cfs)
        .containsExactly(
            Map.entry("periods", 1200L),
            Map.entry("throttledPeriods", 300L),
            Map.entry("throttledSeconds", 4.5),
            Map.entry("limitCores", 0.5));
  }

  @Test
  void noLimitIsANullLimitNotAMissingField() {
    Map<String, Object> cfs = RuntimeInfoController.cfs(new CfsStat.Snapshot(0, 0, 0, null));

    Map<String, Object> expected = new LinkedHashMap<>();
    expected.put("periods", 0L);
    expected.put("throttledPeriods", 0L);
    expected.put("throttledSeconds", 0.0);
    expected.put("limitCores", null);
    assertThat(cfs).isEqualTo(expected);
  }

  @Test
  void nothingReadIsNull() {
    assertThat(RuntimeInfoController.cfs(null)).isNull();
  }
}
