package vtbench

import (
	"os"
	"path/filepath"
	"testing"
)

func write(t *testing.T, root, rel, text string) {
	t.Helper()
	p := filepath.Join(root, rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// A cgroup v1 container: its own folder bind-mounted at the mount's top, 250m.
func TestV1ContainerSeesItsOwnCgroupAtTheTop(t *testing.T) {
	root := t.TempDir()
	write(t, root, "proc/self/cgroup", "12:cpu,cpuacct:/kubepods/pod1/abc\n1:name=systemd:/x\n")
	write(t, root, "sys/fs/cgroup/cpu,cpuacct/cpu.stat", "nr_periods 400\nnr_throttled 36\nthrottled_time 1234\n")
	write(t, root, "sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us", "25000\n")
	write(t, root, "sys/fs/cgroup/cpu,cpuacct/cpu.cfs_period_us", "100000\n")
	s, ok := ReadCFS(root, "self")
	if !ok || s.Periods != 400 || s.Throttled != 36 || s.LimitCores != 0.25 {
		t.Fatalf("got %+v %v", s, ok)
	}
}

// cgroup v2 on a host: the process's own folder, no limit.
func TestV2HostFolderWithoutLimit(t *testing.T) {
	root := t.TempDir()
	write(t, root, "proc/self/cgroup", "0::/user.slice/session-1.scope\n")
	write(t, root, "sys/fs/cgroup/user.slice/session-1.scope/cpu.stat", "usage_usec 9\nnr_periods 0\nnr_throttled 0\nthrottled_usec 0\n")
	write(t, root, "sys/fs/cgroup/user.slice/session-1.scope/cpu.max", "max 100000\n")
	s, ok := ReadCFS(root, "self")
	if !ok || s.LimitCores != 0 || s.Periods != 0 {
		t.Fatalf("got %+v %v", s, ok)
	}
	write(t, root, "sys/fs/cgroup/user.slice/session-1.scope/cpu.max", "150000 100000\n")
	if s, _ := ReadCFS(root, "self"); s.LimitCores != 1.5 {
		t.Fatalf("limit %v, want 1.5", s.LimitCores)
	}
}

// Without a readable cpu.stat (no CFS bandwidth control, or off Linux) there is no reading.
func TestNothingReadableIsNoReading(t *testing.T) {
	root := t.TempDir()
	if _, ok := ReadCFS(root, "self"); ok {
		t.Fatal("a reading without /proc")
	}
	write(t, root, "proc/self/cgroup", "3:cpuset:/a\n")
	if _, ok := ReadCFS(root, "self"); ok {
		t.Fatal("a reading without a cpu controller")
	}
}

func TestCPUSecondsGrowsWithWork(t *testing.T) {
	m := &Module{}
	before := m.CPUSeconds()
	x := 0
	for i := 0; i < 200_000_000; i++ {
		x += i & 3
	}
	if x < 0 || before < 0 || m.CPUSeconds() <= before {
		t.Fatalf("CPU seconds did not grow: %v then %v", before, m.CPUSeconds())
	}
}
