// Package vtbench is the k6 extension k6/x/vtbench: what the load generator knows of itself and
// a k6 script cannot read on its own (files may be opened only in the init context, once). The
// cluster scripts read it at the hold's edges, so a cluster row has the generator's own CPU
// (load_cpu_pct) and how often its CPU limit held it back (load_throttled_pct), as the stub and
// the SUT report theirs.
package vtbench

import (
	"syscall"

	"go.k6.io/k6/js/modules"
)

func init() {
	modules.Register("k6/x/vtbench", new(RootModule))
}

// RootModule is the extension's module: one instance per VU, all reading the same process.
type RootModule struct{}

// Module is one VU's instance.
type Module struct{}

var (
	_ modules.Module   = &RootModule{}
	_ modules.Instance = &Module{}
)

// NewModuleInstance returns the instance a VU imports.
func (*RootModule) NewModuleInstance(modules.VU) modules.Instance { return &Module{} }

// Exports names what a script may call: cpuSeconds() and cfs().
func (m *Module) Exports() modules.Exports {
	return modules.Exports{Named: map[string]interface{}{
		"cpuSeconds": m.CPUSeconds,
		"cfs":        m.CFS,
	}}
}

// CPUSeconds is the user plus system CPU time of this k6 process so far, every thread's, in
// seconds; -1 where the kernel does not say.
func (*Module) CPUSeconds() float64 {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return -1
	}
	return float64(u.Utime.Sec+u.Stime.Sec) + float64(u.Utime.Usec+u.Stime.Usec)/1e6
}

// CFS is this process's cgroup's CPU bandwidth counters (periods, throttledPeriods) and its limit
// in cores (limitCores, 0 for none), or nil where no cgroup's cpu.stat is readable.
func (*Module) CFS() map[string]interface{} {
	s, ok := ReadCFS("/", "self")
	if !ok {
		return nil
	}
	return map[string]interface{}{
		"periods":          s.Periods,
		"throttledPeriods": s.Throttled,
		"limitCores":       s.LimitCores,
	}
}
