#!/usr/bin/env bash
# Checks, on a kind cluster, that a BenchmarkRun's SUT holds an exclusive core: reads the static
# CPU manager's state on the SUT's node (/var/lib/kubelet/cpu_manager_state, in the node's
# container), the SUT container's cpuset from its cgroup and its process's Cpus_allowed_list, and
# fails unless the three agree and the CPUs are outside the shared pool (defaultCpuSet).
# Prints the state, the SUT's cpusets and every other container on that node (cpuset, process,
# pod). A container the check cannot read (no process yet) is left out.
#
# Usage: hack/kind/pinning.sh RUN [NAMESPACE]        (normally: hack/kind.sh pinning RUN)
# Environment: KIND_CLUSTER (default: vtbench).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
script=kind-pinning
. "$here/../lib.sh"
[ $# -ge 1 ] && [ "${1:0:1}" != - ] || {
  sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2
  exit 2
}
run=$1 ns=${2:-default} name=${KIND_CLUSTER:-vtbench}
k() { kubectl --context "kind-$name" -n "$ns" "$@"; }

pod=$(k get pods -l "vtbench.dev/run=$run,app.kubernetes.io/component=sut" \
  --field-selector=status.phase=Running -o jsonpath='{.items[0].metadata.name}') ||
  die "kubectl could not list the pods of run $run in namespace $ns"
[ -n "$pod" ] || die "run $run has no running SUT pod in namespace $ns (the check needs the run in progress)"
info=$(k get pod "$pod" -o jsonpath='{.spec.nodeName} {.metadata.uid} {.status.qosClass} {.status.containerStatuses[?(@.name=="sut")].containerID}') ||
  die "kubectl get pod $pod failed"
read -r node uid qos cid <<<"$info"
cid=${cid#*://}
[ "$qos" = Guaranteed ] || die "pod $pod is $qos, not Guaranteed: the static CPU manager pins only Guaranteed pods"

# In the node: the state file, then for every container of a pod of this host (cgroup v1 or v2)
# cgroup, cpuset, and its first process's Cpus_allowed_list and name.
# shellcheck disable=SC2016 # expanded by the node's shell
out=$(docker exec "$node" sh -c '
  cat /var/lib/kubelet/cpu_manager_state; echo
  for d in $(find /sys/fs/cgroup -type d -name "cri-containerd-*.scope" -path "*pod*"); do
    f=$d/cpuset.cpus; [ -f "$f" ] || f=$d/cpuset.cpus.effective
    [ -f "$f" ] || continue
    p=$(head -n 1 "$d/cgroup.procs" 2>/dev/null); [ -n "$p" ] || continue
    echo "cgroup $d $(cat "$f") $(sed -n "s/^Cpus_allowed_list:[[:space:]]*//p" "/proc/$p/status") $(cat "/proc/$p/comm")"
  done') || die "docker exec $node failed: is $node a kind node of cluster $name?"

pods=$(kubectl --context "kind-$name" get pods -A -o jsonpath='{range .items[*]}{.metadata.uid} {.metadata.namespace}/{.metadata.name}{"\n"}{end}') ||
  die "kubectl get pods -A failed"
NODE_OUT=$out POD_NAMES=$pods python3 - "$uid" "$cid" "$pod" "$node" <<'EOF'
import json, os, re, sys

uid, cid, pod, node = sys.argv[1:]
lines = os.environ["NODE_OUT"].splitlines()
state = json.loads(lines[0])

def cpus(spec):
    out = set()
    for part in filter(None, spec.split(",")):
        a, _, b = part.partition("-")
        out.update(range(int(a), int(b or a) + 1))
    return out

names = dict(line.split(" ", 1) for line in os.environ["POD_NAMES"].splitlines() if " " in line)

def pod_of(cgroup):
    m = re.search(r"pod([0-9a-f]{8}[-_][0-9a-f]{4}[-_][0-9a-f]{4}[-_][0-9a-f]{4}[-_][0-9a-f]{12})", cgroup)
    return names.get(m.group(1).replace("_", "-"), m.group(1)) if m else "?"

def fail(msg):
    print(f"kind-pinning: error: {msg}", file=sys.stderr)
    sys.exit(1)

print(f"{node} cpu_manager_state: policyName={state.get('policyName')} defaultCpuSet={state.get('defaultCpuSet')} entries={json.dumps(state.get('entries', {}))}")
if state.get("policyName") != "static":
    fail(f"{node}'s CPU manager policy is {state.get('policyName')!r}, not 'static' (hack/kind-config.yaml)")
entry = state.get("entries", {}).get(uid, {}).get("sut")
if not entry:
    fail(f"{node}'s cpu_manager_state has no exclusive CPUs for pod {pod} (uid {uid}), container sut")
cg = {}
for line in lines[1:]:
    m = re.match(r"cgroup (\S+) (\S+) (\S+) (.+)$", line)
    if m:
        cg[m.group(1)] = (m.group(2), m.group(3), m.group(4))
mine = [(d, v) for d, v in cg.items() if d.endswith(f"cri-containerd-{cid}.scope")]
if not mine:
    fail(f"no cgroup for the SUT container {cid[:12]} on {node}")
path, (cpuset, allowed, comm) = mine[0]
print(f"{pod_of(path)} sut ({comm}): cpuset.cpus={cpuset} Cpus_allowed_list={allowed} (state: {entry})")
if not (cpus(entry) == cpus(cpuset) == cpus(allowed)):
    fail(f"the SUT's cpuset {cpuset} / Cpus_allowed_list {allowed} differs from the CPU manager's {entry}")
if cpus(entry) & cpus(state.get("defaultCpuSet", "")):
    fail(f"the SUT's CPUs {entry} are also in the shared pool {state.get('defaultCpuSet')}")
# Pod sandboxes (pause) keep the whole node's CPUs but only sleep; every other container must
# stay off the SUT's CPUs.
others = [(d, c, a, n) for d, (c, a, n) in cg.items() if d != path and n != "pause"]
for d, c, a, n in others:
    print(f"  cpuset.cpus={c:<6} {n:<12} {pod_of(d)}")
overlap = [d for d, c, a, n in others if cpus(c) & cpus(entry) or cpus(a) & cpus(entry)]
if overlap:
    fail(f"{len(overlap)} other container(s) on {node} may run on the SUT's CPUs {entry}: {overlap[0]}")
print(f"ok: the SUT of {pod} is the only container on CPU {entry} of {node} (pod sandboxes aside); {len(others)} others on {state.get('defaultCpuSet')}")
EOF
