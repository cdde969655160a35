package dev.vtbench.proc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The cgroup layouts a process meets: v1 in and out of a container, v2, and no cgroup at all. */
class CfsStatTest {

  @TempDir Path root;

  private void file(String path, String text) throws Exception {
    Path f = root.resolve(path);
    Files.createDirectories(f.getParent());
    Files.writeString(f, text);
  }

  @Test
  void v1InAContainerReadsTheMountsTopWhenItsHostPathIsNotThere() throws Exception {
    file("proc/7/cgroup", "4:memory:/kubepods/pod1/c1\n2:cpu,cpuacct:/kubepods/pod1/c1\n");
    file(
        "sys/fs/cgroup/cpu,cpuacct/cpu.stat",
        "nr_periods 1000\nnr_throttled 250\nthrottled_time 3000000000\n");
    file("sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us", "25000\n");
    file("sys/fs/cgroup/cpu,cpuacct/cpu.cfs_period_us", "100000\n");

    CfsStat.Snapshot s = CfsStat.read(root, 7);

    assertThat(s).isEqualTo(new CfsStat.Snapshot(1000, 250, 3.0, 0.25));
  }

  @Test
  void v1OnAHostReadsItsOwnFolderUnderSeparateCpuMount() throws Exception {
    file("proc/7/cgroup", "2:cpuacct:/\n1:cpu:/user.slice\n0::/\n");
    file(
        "sys/fs/cgroup/cpu/user.slice/cpu.stat",
        "nr_periods 0\nnr_throttled 0\nthrottled_time 0\n");
    file("sys/fs/cgroup/cpu/user.slice/cpu.cfs_quota_us", "-1\n");
    file("sys/fs/cgroup/cpu/user.slice/cpu.cfs_period_us", "100000\n");

    CfsStat.Snapshot s = CfsStat.read(root, 7);

    assertThat(s).isEqualTo(new CfsStat.Snapshot(0, 0, 0.0, null));
    assertThat(s.throttledPctSince(s)).isZero();
  }

  @Test
  void v2ReadsMicrosecondsAndCpuMax() throws Exception {
    file("proc/7/cgroup", "0::/kubepods.slice/pod1/c1\n");
    file(
        "sys/fs/cgroup/kubepods.slice/pod1/c1/cpu.stat",
        "usage_usec 9\nnr_periods 400\nnr_throttled 100\nthrottled_usec 2500000\n");
    file("sys/fs/cgroup/kubepods.slice/pod1/c1/cpu.max", "50000 100000\n");

    CfsStat.Snapshot s = CfsStat.read(root, 7);

    assertThat(s.limitCores()).isEqualTo(0.5);
    assertThat(s.throttledSeconds()).isCloseTo(2.5, within(1e-9));
  }

  @Test
  void v2WithoutALimitIsNeverThrottled() throws Exception {
    file("proc/7/cgroup", "0::/\n");
    file("sys/fs/cgroup/cpu.stat", "nr_periods 10\nnr_throttled 5\nthrottled_usec 1\n");
    file("sys/fs/cgroup/cpu.max", "max 100000\n");

    CfsStat.Snapshot s = CfsStat.read(root, 7);

    assertThat(s.limitCores()).isNull();
    assertThat(s.throttledPctSince(new CfsStat.Snapshot(0, 0, 0, null))).isZero();
  }

  @Test
  void theShareIsOfThePeriodsBetweenTwoReadings() {
    CfsStat.Snapshot before = new CfsStat.Snapshot(1000, 100, 1.0, 0.4);
    CfsStat.Snapshot after = new CfsStat.Snapshot(1300, 175, 2.5, 0.4);

    assertThat(after.throttledPctSince(before)).isEqualTo(25.0);
  }

  @Test
  void noCgroupFileIsNull() {
    assertThat(CfsStat.read(root, 7)).isNull();
  }

  @Test
  void thisMachineAnswersOrSaysItCannot() {
    CfsStat.Snapshot s = CfsStat.read();
    if (Files.exists(Path.of("/proc/self/cgroup"))) {
      assertThat(s).as("a Linux process is in some cgroup with cpu.stat").isNotNull();
      assertThat(s.periods()).isGreaterThanOrEqualTo(s.throttledPeriods());
    }
  }

  @Test
  void textsReadElsewhereParseAsTheirFilesDo() {
    // as PostgreSQL's pg_read_file hands the database container's files over (db-cpu.sql)
    assertThat(
            CfsStat.v2(
                "usage_usec 9\nnr_periods 400\nnr_throttled 100\nthrottled_usec 2500000\n",
                "10000 100000\n"))
        .isEqualTo(new CfsStat.Snapshot(400, 100, 2.5, 0.1));
    assertThat(CfsStat.v2("nr_periods 4\nnr_throttled 0\nthrottled_usec 0\n", "max 100000"))
        .isEqualTo(new CfsStat.Snapshot(4, 0, 0.0, null));
    assertThat(
            CfsStat.v1(
                "nr_periods 10\nnr_throttled 5\nthrottled_time 1000000000\n", "20000\n", "100000"))
        .isEqualTo(new CfsStat.Snapshot(10, 5, 1.0, 0.2));
    assertThat(CfsStat.v1("nr_periods 10\nnr_throttled 0\nthrottled_time 0", "-1", "100000"))
        .isEqualTo(new CfsStat.Snapshot(10, 0, 0.0, null));
  }

  @Test
  void aTextWithoutPeriodsIsNoReading() {
    // cgroup v2 without the cpu controller: cpu.stat has usage but no CFS periods
    assertThat(CfsStat.v2("usage_usec 9\nuser_usec 5\nsystem_usec 4\n", null)).isNull();
    assertThat(CfsStat.v1(null, "-1", "100000")).isNull();
    assertThat(CfsStat.v2("nr_periods lots", null)).isNull();
  }
}
