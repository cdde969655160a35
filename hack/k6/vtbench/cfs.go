package vtbench

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// CFSStat is one reading of a cgroup's CPU bandwidth control: the periods it ran, those in which
// it hit its quota and was held back, and the quota in cores (0: no limit). The same reading as
// the SUT's and the stub's (operator/proc's CfsStat), for the load generator.
type CFSStat struct {
	Periods    int64
	Throttled  int64
	LimitCores float64
}

// ReadCFS reads the cgroup of process pid ("self" for this one) under the file system root root
// ("/" but in tests): cgroup v2's cpu.stat and cpu.max, or v1's cpu.stat and cpu.cfs_quota_us /
// cpu.cfs_period_us, in the process's own cgroup folder or, in a container that sees only its
// own cgroup, at the mount's top. ok is false where neither holds a cpu.stat.
func ReadCFS(root, pid string) (CFSStat, bool) {
	data, err := os.ReadFile(filepath.Join(root, "proc", pid, "cgroup"))
	if err != nil {
		return CFSStat{}, false
	}
	base := filepath.Join(root, "sys", "fs", "cgroup")
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		f := strings.SplitN(line, ":", 3)
		if len(f) < 3 {
			continue
		}
		path := strings.TrimPrefix(f[2], "/")
		if f[0] == "0" && f[1] == "" {
			if s, ok := v2(base, path); ok {
				return s, true
			}
		} else if hasController(f[1], "cpu") {
			for _, mount := range []string{"cpu,cpuacct", "cpu", "cpuacct,cpu"} {
				if s, ok := v1(filepath.Join(base, mount), path); ok {
					return s, true
				}
			}
		}
	}
	return CFSStat{}, false
}

func hasController(list, name string) bool {
	for _, c := range strings.Split(list, ",") {
		if c == name {
			return true
		}
	}
	return false
}

// candidates: the process's own folder, then the mount's top (a container's view of its cgroup).
func candidates(mount, path string) []string {
	if path == "" {
		return []string{mount}
	}
	return []string{filepath.Join(mount, path), mount}
}

// v2: cpu.stat and cpu.max ("max 100000", or "quota period").
func v2(mount, path string) (CFSStat, bool) {
	return read(mount, path, func(dir string) float64 {
		q := strings.Fields(value(filepath.Join(dir, "cpu.max")))
		if len(q) != 2 || q[0] == "max" {
			return 0
		}
		return ratio(q[0], q[1])
	})
}

// v1: cpu.stat and cpu.cfs_quota_us (-1: no limit) over cpu.cfs_period_us.
func v1(mount, path string) (CFSStat, bool) {
	return read(mount, path, func(dir string) float64 {
		return ratio(value(filepath.Join(dir, "cpu.cfs_quota_us")), value(filepath.Join(dir, "cpu.cfs_period_us")))
	})
}

// read takes the first candidate folder with a cpu.stat that counts periods, its limit from limit.
func read(mount, path string, limit func(dir string) float64) (CFSStat, bool) {
	for _, dir := range candidates(mount, path) {
		stat, ok := keyValues(filepath.Join(dir, "cpu.stat"))
		if !ok {
			continue
		}
		if _, has := stat["nr_periods"]; !has {
			continue
		}
		return CFSStat{Periods: stat["nr_periods"], Throttled: stat["nr_throttled"], LimitCores: limit(dir)}, true
	}
	return CFSStat{}, false
}

// ratio is quota / period in cores; 0 (no limit) unless both parse and are positive.
func ratio(quota, period string) float64 {
	q, err1 := strconv.ParseFloat(quota, 64)
	p, err2 := strconv.ParseFloat(period, 64)
	if err1 != nil || err2 != nil || q <= 0 || p <= 0 {
		return 0
	}
	return q / p
}

func value(file string) string {
	b, err := os.ReadFile(file)
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(b))
}

func keyValues(file string) (map[string]int64, bool) {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, false
	}
	m := map[string]int64{}
	for _, line := range strings.Split(string(b), "\n") {
		kv := strings.Fields(line)
		if len(kv) != 2 {
			continue
		}
		if n, err := strconv.ParseInt(kv[1], 10, 64); err == nil {
			m[kv[0]] = n
		}
	}
	return m, true
}
