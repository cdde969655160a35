#!/usr/bin/env bash
# End to end on a real single-node Kubernetes cluster, offline (hack/local-cluster.sh): installs
# CloudNativePG, k6-operator and the vtbench operator, runs examples/two-core.yaml through
# k6-operator TestRuns (killing the operator once mid-run) and a second small run through plain
# Jobs, and checks what issue 5 asks for. See --help and docs/e2e.md.
set -euo pipefail
# The whole script is one compound command: bash reads it completely before running any of it,
# so editing this file while an e2e runs cannot break that run.
{
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
# shellcheck source=versions.env
. "$here/versions.env"

cache=${VTBENCH_CACHE:-$HOME/.cache/vtbench}
cluster_dir=${VTBENCH_CLUSTER_DIR:-$cache/cluster}
kubectl_bin=$cache/kube/$KUBE_VERSION/kubectl
helm_bin=${HELM:-$cache/bin/helm}
ns=${VTBENCH_E2E_NAMESPACE:-vtbench-e2e}
op_ns=vtbench-system
spec_file=${VTBENCH_E2E_SPEC:-$repo/examples/two-core.yaml}
db_image=${VTBENCH_E2E_DB_IMAGE:-vtbench/postgresql:15}
k6_image=${VTBENCH_E2E_K6_IMAGE:-vtbench/k6:${K6_VERSION#v}}
run_timeout=${VTBENCH_E2E_RUN_TIMEOUT:-900}
artifacts=$cache/logs/e2e-$(date -u +%Y%m%dT%H%M%SZ)
pv_dir=$cluster_dir/e2e-volumes # hostPath volumes for CloudNativePG; teardown removes them

# The small shares the operators run with on 2 cores (examples/two-core.yaml budgets them).
op_cpu_request=${VTBENCH_E2E_OPERATOR_CPU:-50m}
op_cpu_limit=500m
op_memory=384Mi
cnpg_cpu=${VTBENCH_E2E_CNPG_CPU:-25m}
k6op_cpu=${VTBENCH_E2E_K6OP_CPU:-25m}

keep=no

usage() {
  cat <<EOF
Usage: hack/e2e.sh [--keep] [--help]          (normally: make e2e)

End to end on the single-node cluster of hack/local-cluster.sh (2 cores are enough):
  1. cluster   hack/local-cluster.sh create, unless it is already healthy
  2. images    make images when a source is newer than the image tars; hack/e2e-images.sh all
               (CloudNativePG, PostgreSQL, k6-operator, k6 runner, k6-operator's starter, and
               the rendered manifests); load every tar
  3. install   CloudNativePG and k6-operator from the rendered manifests (server-side apply, small
               CPU requests), the BenchmarkRun CRD, the operator with the Helm chart
  4. testrun   $(basename "$spec_file") in namespace $ns (spec.database.image=$db_image,
               spec.load.image=$k6_image) until Succeeded; after the first scenario is recorded:
               the SUT's exclusive cpuset, the database's seed, then the operator pod is killed
  5. job       a one-scenario run with spec.load.runner=job
  6. checks    the CSV (every row, throughput > 0, errors < 1%, no duplicate), every scenario
               through a TestRun / a Job, no orphans after delete, the results ConfigMap kept
Prints ok/FAIL per check, the results table and the wall-clock per phase; exits non-zero on any
FAIL. Tears the cluster down at the end unless --keep (then a rerun starts warm). Diagnostics
(operator log, events, CSVs) go to $cache/logs/e2e-<time>/.

Options:
  --keep     keep the cluster (and the installed operators) running afterwards
  -h, --help this text

Environment: VTBENCH_E2E_SPEC (examples/two-core.yaml), VTBENCH_E2E_NAMESPACE ($ns),
VTBENCH_E2E_DB_IMAGE ($db_image), VTBENCH_E2E_K6_IMAGE ($k6_image),
VTBENCH_E2E_RUN_TIMEOUT (seconds per run, $run_timeout), VTBENCH_E2E_OPERATOR_CPU /
VTBENCH_E2E_CNPG_CPU / VTBENCH_E2E_K6OP_CPU (CPU requests of the three operators: $op_cpu_request,
$cnpg_cpu, $k6op_cpu), VTBENCH_E2E_SKIP_IMAGES=1 (use the tars as they are),
VTBENCH_E2E_HELM_ARGS (more arguments for helm upgrade --install, word-split),
VTBENCH_E2E_RUNNER (spec.load.runner of the first run; unset: the file's, auto = TestRuns).
Needs root (the cluster is run by root), Python 3, and what hack/local-cluster.sh needs.
EOF
}

while [ $# -gt 0 ]; do
  case $1 in
    --keep) keep=yes ;;
    -h | --help) usage; exit 0 ;;
    *) usage >&2; echo "e2e.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
  shift
done

# ---------------------------------------------------------------------------------------------
# output, checks, phases

t_start=$SECONDS
log() { printf '%s e2e: %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }
die() { log "error: $*"; exit 1; }
fails=0
oks=0
ok() { oks=$((oks + 1)); printf '  ok    %s\n' "$*"; }
fail() { fails=$((fails + 1)); printf '  FAIL  %s\n' "$*"; }
check() { # DESCRIPTION COMMAND...: ok when COMMAND succeeds
  local what=$1; shift
  if "$@"; then ok "$what"; else fail "$what"; fi
}

timings=()
phase_name=""
phase_t0=0
phase() {
  phase_end
  phase_name=$1
  phase_t0=$SECONDS
  printf '\n== %s\n' "$1"
}
phase_end() {
  [ -n "$phase_name" ] && timings+=("$phase_name $((SECONDS - phase_t0))")
  phase_name=""
}

k() { "$kubectl_bin" --kubeconfig="$cluster_dir/kubeconfig" "$@"; }
kn() { k -n "$ns" "$@"; }
ctr_() { ctr --address "$cluster_dir/containerd/containerd.sock" --namespace k8s.io "$@"; }
cluster_sh() { bash "$here/local-cluster.sh" "$@"; }

# A JSON field of an object, through Python (no jq, no yq needed).
json_get() { # EXPR (Python, on `o`) < JSON
  python3 -c 'import json,sys; o=json.load(sys.stdin); v=eval(sys.argv[1]); print("" if v is None else v)' "$1"
}

# Sets of CPUs as the kernel writes them (0,2-3).
cpus_overlap() { # A B: true when the lists share a CPU
  python3 - "$1" "$2" <<'EOF'
import sys
def cpus(s):
    out = set()
    for part in filter(None, s.strip().split(",")):
        a, _, b = part.partition("-")
        out.update(range(int(a), int(b or a) + 1))
    return out
sys.exit(0 if cpus(sys.argv[1]) & cpus(sys.argv[2]) else 1)
EOF
}

mkdir -p "$artifacts"

finish() {
  local rc=$?
  phase_end
  stop_watches
  if [ -f "$cluster_dir/kubeconfig" ] && k get --raw /readyz >/dev/null 2>&1; then
    k -n "$op_ns" logs deploy/vtbench --tail=-1 >"$artifacts/operator.log" 2>&1 || true
    k -n "$op_ns" logs deploy/vtbench --previous --tail=-1 >"$artifacts/operator-previous.log" 2>/dev/null || true
    k -n cnpg-system logs deploy/cnpg-controller-manager --tail=-1 >"$artifacts/cnpg-operator.log" 2>&1 || true
    k -n k6-operator-system logs deploy/k6-operator-controller-manager --tail=-1 >"$artifacts/k6-operator.log" 2>&1 || true
    k get events -A --sort-by=.lastTimestamp >"$artifacts/events.txt" 2>&1 || true
    k get pods -A -o wide >"$artifacts/pods.txt" 2>&1 || true
  fi
  if [ "$keep" = no ]; then
    local t0=$SECONDS
    log "tearing the cluster down (--keep keeps it)"
    cluster_sh teardown >"$artifacts/teardown.log" 2>&1 || { tail -n 20 "$artifacts/teardown.log" >&2; rc=1; }
    timings+=("teardown $((SECONDS - t0))")
  fi
  printf '\n== wall-clock\n'
  local t
  for t in "${timings[@]}"; do printf '  %-10s %5s s\n' "${t% *}" "${t##* }"; done
  printf '  %-10s %5s s\n' total "$((SECONDS - t_start))"
  printf '\n%d ok, %d FAIL; diagnostics in %s\n' "$oks" "$fails" "$artifacts"
  if [ "$rc" -eq 0 ] && [ "$fails" -gt 0 ]; then rc=1; fi
  [ "$rc" -eq 0 ] && echo "e2e: PASSED" || echo "e2e: FAILED"
  exit "$rc"
}

[ "$(id -u)" = 0 ] || die "needs root: the local cluster runs containerd and the kubelet as root"
command -v python3 >/dev/null || die "python3 is missing"
trap finish EXIT
trap 'log "interrupted"; exit 130' INT TERM

# ---------------------------------------------------------------------------------------------
# 1. cluster

phase cluster
cluster_sh create # does nothing when the cluster is healthy
[ -x "$kubectl_bin" ] || die "$kubectl_bin is missing"
[ -x "$helm_bin" ] || { log "building Helm (hack/kube-tools.sh helm)"; nice -n 19 bash "$here/kube-tools.sh" helm; }
alloc=$(k get nodes -o jsonpath='{.items[0].status.allocatable.cpu}')
log "node allocatable CPU: $alloc"

# ---------------------------------------------------------------------------------------------
# 2. images

phase images
vtbench_tars=("$repo/sut/target/vtbench-sut-image.tar" "$repo/stub/target/vtbench-stub-image.tar"
  "$repo/operator/kube/target/vtbench-operator-image.tar")
# The newest of the sources make images builds from (the Makefile's SOURCES, plus the image script).
images_stale() {
  local t newest
  for t in "${vtbench_tars[@]}"; do [ -f "$t" ] || return 0; done
  newest=$(find "$repo/operator" "$repo/sut" "$repo/stub" "$repo/pom.xml" "$here/images.sh" \
    -path '*/target' -prune -o -path '*/src/test' -prune -o -type f \
    \( -name '*.java' -o -name '*.sql' -o -name '*.yaml' -o -name '*.yml' -o -name '*.js' \
    -o -name '*.properties' -o -name pom.xml -o -name images.sh \) -newer "$(oldest "${vtbench_tars[@]}")" -print -quit)
  [ -n "$newest" ] && log "$newest is newer than the image tars"
  [ -n "$newest" ]
}
oldest() { ls -tr "$@" | sed -n 1p; }
if [ "${VTBENCH_E2E_SKIP_IMAGES:-}" = 1 ]; then
  log "VTBENCH_E2E_SKIP_IMAGES=1: using the image tars as they are"
elif images_stale; then
  log "make images (Maven and Jib at niceness 19; log: $artifacts/make-images.log)"
  # Once more on failure: hack/images.sh has died of a SIGPIPE (exit 141) now and then.
  (cd "$repo" && nice -n 19 make images) >"$artifacts/make-images.log" 2>&1 ||
    (cd "$repo" && log "make images failed; once more" && nice -n 19 make images) >>"$artifacts/make-images.log" 2>&1 ||
    { tail -n 30 "$artifacts/make-images.log" >&2; die "make images failed"; }
else
  log "image tars are newer than their sources: not rebuilding"
fi
[ -f "$here/e2e-images.sh" ] || die "hack/e2e-images.sh is missing (it builds the CloudNativePG, PostgreSQL, k6-operator, k6 and starter images)"
if [ "${VTBENCH_E2E_SKIP_IMAGES:-}" != 1 ]; then
  log "hack/e2e-images.sh all: third-party images and manifests (niceness 19; log: $artifacts/e2e-images.log)"
  VTBENCH_BUILD_NICE=19 bash "$here/e2e-images.sh" all >"$artifacts/e2e-images.log" 2>&1 ||
    { tail -n 30 "$artifacts/e2e-images.log" >&2; die "hack/e2e-images.sh all failed"; }
fi
# E2E_IMAGE_TARS, CNPG_MANIFEST, K6_OPERATOR_MANIFEST, K6_STARTER_IMAGE, ...
eval "$(bash "$here/e2e-images.sh" refs)"
cnpg_manifest=$CNPG_MANIFEST
k6op_manifest=$K6_OPERATOR_MANIFEST
[ -f "$cnpg_manifest" ] || die "$cnpg_manifest is missing (hack/e2e-images.sh manifests)"
[ -f "$k6op_manifest" ] || die "$k6op_manifest is missing (hack/e2e-images.sh manifests)"
read -ra third_party_tars <<<"$E2E_IMAGE_TARS"
for t in "${vtbench_tars[@]}" "${third_party_tars[@]}"; do
  [ -f "$t" ] || die "$t is missing (make images; hack/e2e-images.sh all)"
  log "loading ${t#"$repo"/} ($(du -h "$t" | cut -f1))"
  cluster_sh load "$t" >>"$artifacts/load.log" 2>&1 || { tail -n 10 "$artifacts/load.log" >&2; die "loading $t failed"; }
done
refs=$(ctr_ images ls -q)
image_ref_present() { grep -qx "$1" <<<"$refs"; }
for ref in docker.io/vtbench/sut:dev docker.io/vtbench/stub:dev docker.io/vtbench/operator:dev \
  "docker.io/$db_image" "docker.io/$k6_image" "$CNPG_OPERATOR_IMAGE" "$K6_OPERATOR_IMAGE" "$K6_STARTER_IMAGE"; do
  image_ref_present "$ref" || die "image $ref is not in the cluster's containerd after loading the tars"
done
operator_image_id=$(ctr_ images ls | awk '$1 == "docker.io/vtbench/operator:dev" {print $3}')

# ---------------------------------------------------------------------------------------------
# 3. install

phase install
# A manifest with the CPU requests (and limits) of its Deployments' containers set to CPU, so the
# operators fit next to the benchmark on 2 cores. kubectl turns the YAML into JSON; no yq needed.
small_cpu() { # MANIFEST CPU
  k create --dry-run=client -o json -f "$1" | python3 -c '
import json, sys
cpu = sys.argv[1]
text = sys.stdin.read()
dec, i, items = json.JSONDecoder(), 0, []
while i < len(text):                         # one JSON document per object, or one List
    if text[i].isspace():
        i += 1
        continue
    o, i = dec.raw_decode(text, i)
    items += o["items"] if o.get("kind") == "List" else [o]
for o in items:
    if o.get("kind") != "Deployment":
        continue
    for c in o["spec"]["template"]["spec"]["containers"]:
        r = c.setdefault("resources", {})
        r.setdefault("requests", {})["cpu"] = cpu
json.dump({"apiVersion": "v1", "kind": "List", "items": items}, sys.stdout)
' "$2"
}
install_manifest() { # NAME MANIFEST CPU
  small_cpu "$2" "$3" >"$artifacts/$1.json"
  k apply --server-side --force-conflicts -f "$artifacts/$1.json" >"$artifacts/$1-apply.log" 2>&1 ||
    { tail -n 20 "$artifacts/$1-apply.log" >&2; die "applying $2 failed"; }
}
wait_deployments() { # NAMESPACE TIMEOUT
  local d
  for d in $(k -n "$1" get deploy -o name); do
    k -n "$1" rollout status "$d" --timeout="$2" >/dev/null ||
      { k -n "$1" describe "$d" | tail -n 20 >&2; k -n "$1" get pods -o wide >&2; die "$d in $1 did not roll out in $2"; }
  done
}
log "CloudNativePG $CNPG_VERSION"
install_manifest cnpg "$cnpg_manifest" "$cnpg_cpu"
log "k6-operator $K6_OPERATOR_VERSION"
install_manifest k6-operator "$k6op_manifest" "$k6op_cpu"
wait_deployments cnpg-system 300s
wait_deployments k6-operator-system 300s
# CloudNativePG validates and defaults Clusters through its webhook: wait until it answers.
webhook_ok() {
  k apply --dry-run=server -f - >/dev/null 2>&1 <<EOF
apiVersion: postgresql.cnpg.io/v1
kind: Cluster
metadata: {name: e2e-webhook-probe, namespace: default}
spec: {instances: 1, storage: {size: 1Gi}}
EOF
}
for ((i = 0; i < 60; i++)); do webhook_ok && break; sleep 2; done
webhook_ok || die "CloudNativePG's webhook does not answer (kubectl -n cnpg-system logs deploy/cnpg-controller-manager)"
log "CloudNativePG and k6-operator are up"

# A fresh namespace per e2e: kept results ConfigMaps of an earlier run of the same name would
# count as recorded scenarios for the new one. Made before the chart, whose Role goes into it.
if k get ns "$ns" >/dev/null 2>&1; then
  log "deleting namespace $ns left by an earlier run"
  k delete benchmarkruns -n "$ns" --all --timeout=180s >/dev/null || true
  k delete ns "$ns" --timeout=300s >/dev/null
fi
k create ns "$ns" >/dev/null
# Every pod of a run (SUT, stub, k6-operator's initializer, starter and runner, CloudNativePG's
# instance and jobs) meets the restricted Pod Security Standard: the kubelet's admission proves it.
k label ns "$ns" pod-security.kubernetes.io/enforce=restricted pod-security.kubernetes.io/warn=restricted >/dev/null
# Released volumes of earlier runs.
for pv in $(k get pv -l vtbench.dev/e2e=true -o name); do
  k delete "$pv" --wait=false >/dev/null || true
done
rm -rf "$pv_dir"

# Helm installs CRDs only once: apply the current one first.
k apply --server-side --force-conflicts -f "$repo/crds/benchmarkruns.vtbench.dev-v1.yml" >/dev/null
log "vtbench operator (Helm chart, image id ${operator_image_id:0:19})"
"$helm_bin" upgrade --install vtbench "$repo/charts/vtbench" -n "$op_ns" --create-namespace \
  --kubeconfig "$cluster_dir/kubeconfig" \
  --set image.tag=dev --set image.pullPolicy=Never \
  --set resources.requests.cpu="$op_cpu_request" --set resources.limits.cpu="$op_cpu_limit" \
  --set resources.requests.memory="$op_memory" --set resources.limits.memory="$op_memory" \
  --set "watchNamespaces={$ns}" \
  --set-string "podAnnotations.vtbench\.dev/image-id=$operator_image_id" ${VTBENCH_E2E_HELM_ARGS:-} >"$artifacts/helm.log" 2>&1 ||
  { cat "$artifacts/helm.log" >&2; die "helm upgrade --install failed"; }
# The operator discovers CloudNativePG and k6-operator once, at start: restart it when it started
# before they were installed (a cluster kept from an earlier, partial run).
op_started=$(k -n "$op_ns" get pods -l app.kubernetes.io/name=vtbench -o jsonpath='{.items[0].status.startTime}' 2>/dev/null || true)
k6op_created=$(k get crd testruns.k6.io -o jsonpath='{.metadata.creationTimestamp}')
if [ -n "$op_started" ] && [[ $op_started < $k6op_created ]]; then
  log "the operator started before k6-operator's CRDs existed: restarting it"
  k -n "$op_ns" rollout restart deploy/vtbench >/dev/null
elif [ -n "$op_started" ]; then
  # The namespace, and the Role in it, were re-created above: its informers lost their rights
  # meanwhile.
  log "the namespace was re-created under a running operator: restarting it"
  k -n "$op_ns" rollout restart deploy/vtbench >/dev/null
fi
k -n "$op_ns" rollout status deploy/vtbench --timeout=300s >/dev/null ||
  { k -n "$op_ns" describe pods | tail -n 30 >&2; die "the vtbench operator did not roll out"; }
log "vtbench operator ready"

# ---------------------------------------------------------------------------------------------
# running a BenchmarkRun

# The spec file as JSON with NAME and the image and spec overrides (Python on `s`, the spec).
render_run() { # NAME EDIT
  k create --dry-run=client -o json -f "$spec_file" | python3 -c '
import json, sys
o = json.load(sys.stdin)
o["metadata"] = {"name": sys.argv[1], "namespace": sys.argv[2]}
s = o["spec"]
s.setdefault("database", {})["image"] = sys.argv[3]
s.setdefault("load", {})["image"] = sys.argv[4]
exec(sys.argv[5])
json.dump(o, sys.stdout)
' "$1" "$ns" "$db_image" "$k6_image" "$2"
}

# The cluster has no storage provisioner: one hostPath PersistentVolume, bound in advance to the
# claim CloudNativePG makes for the run's one instance (<run>-db-1).
make_volume() { # RUN STORAGE
  local claim=$1-db-1 dir=$pv_dir/$1-db-1
  mkdir -p "$dir"
  chown 26:26 "$dir" # CloudNativePG's postgres user
  chmod 0700 "$dir"
  k apply -f - >/dev/null <<EOF
apiVersion: v1
kind: PersistentVolume
metadata:
  name: e2e-$ns-$claim
  labels: {vtbench.dev/e2e: "true"}
spec:
  capacity: {storage: $2}
  accessModes: [ReadWriteOnce]
  persistentVolumeReclaimPolicy: Retain
  storageClassName: ""
  claimRef: {namespace: $ns, name: $claim}
  hostPath: {path: $dir, type: Directory}
EOF
}

status_of() { # RUN JSONPATH
  kn get benchmarkrun "$1" -o jsonpath="$2" 2>/dev/null || true
}

# Every load object seen during a run: kind, name, scenario label, owner kind. Two watches run
# in the background for the whole run (a TestRun lives only as long as its load), and each poll
# of follow_run lists them as well.
load_fields='{.kind} {.metadata.name} {.metadata.labels.vtbench\.dev/scenario} {.metadata.ownerReferences[0].kind}{"\n"}'
record_loads() { # RUN FILE
  kn get testruns.k6.io,jobs -l "vtbench.dev/run=$1" -o jsonpath="{range .items[*]}$load_fields{end}" \
    2>/dev/null >>"$2" || true
}
watch_pids=()
watch_loads() { # RUN FILE
  local kind
  for kind in testruns.k6.io jobs; do
    kn get "$kind" -l "vtbench.dev/run=$1" --watch -o jsonpath="$load_fields" >>"$2" 2>/dev/null </dev/null &
    watch_pids+=($!)
  done
}
stop_watches() {
  local pid
  for pid in "${watch_pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${watch_pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  watch_pids=()
}

# One line on the operator: its pods' restart counts and the last lines of its log.
operator_health() {
  echo "operator pods (restarts): $(k -n "$op_ns" get pods -l app.kubernetes.io/name=vtbench -o jsonpath='{range .items[*]}{.metadata.name} ({.status.containerStatuses[0].restartCount}) {end}')"
  local pod; pod=$(operator_pod)
  echo "its log says: $({ k -n "$op_ns" logs "$pod" --previous --tail=300 2>/dev/null; k -n "$op_ns" logs "$pod" --tail=300 2>/dev/null; } |
    grep -E 'ERROR|Exiting|Stopped leading|forbidden|Exception' | grep -v '^[[:space:]]*at ' | tail -n 3 | cut -c1-400)"
}

# The operator pod that runs now must not have restarted by itself (a crash, a lost Lease).
check_operator_steady() {
  local pod restarts
  pod=$(operator_pod)
  restarts=$(k -n "$op_ns" get pod "$pod" -o jsonpath='{.status.containerStatuses[0].restartCount}' 2>/dev/null)
  if [ "${restarts:-x}" = 0 ]; then
    ok "the operator pod $pod never restarted by itself"
  else
    fail "the operator pod $pod restarted $restarts time(s) by itself; $(operator_health)"
  fi
}

operator_pod() { # the newest running operator pod
  k -n "$op_ns" get pods -l app.kubernetes.io/name=vtbench,app.kubernetes.io/component=operator \
    --field-selector=status.phase=Running --sort-by=.metadata.creationTimestamp \
    -o jsonpath='{.items[-1:].metadata.name}' 2>/dev/null || true
}

pinned_cpu=""
# The SUT pod: Guaranteed, and its container's cpuset (the kernel's view of the process, which is
# what `cat /proc/1/status` inside the pod shows; the image has no shell) equals the kubelet's
# cpu_manager_state entry, lies outside the shared pool, and no other container may use it.
check_sut_pinning() { # RUN; returns 2 when no SUT pod is ready yet
  local pods line pod uid qos cid pid host cg cgcpus state want default
  pods=$(kn get pods -l "vtbench.dev/run=$1,app.kubernetes.io/component=sut" -o json)
  line=$(json_get '" ".join(next(([p["metadata"]["name"], p["metadata"]["uid"], p["status"].get("qosClass", ""), p["status"]["containerStatuses"][0]["containerID"]] for p in o["items"] if not p["metadata"].get("deletionTimestamp") and p["status"].get("phase") == "Running" and all(c.get("ready") for c in p["status"].get("containerStatuses", [{}]))), []))' <<<"$pods")
  [ -n "$line" ] || return 2
  read -r pod uid qos cid <<<"$line"
  cid=${cid#containerd://}
  pid=$(ctr_ tasks ls | awk -v id="$cid" '$1 == id {print $2}')
  [ -n "$pid" ] || return 2
  host=$(awk '/Cpus_allowed_list/ {print $2}' "/proc/$pid/status")
  cg=$(awk -F: '$2 == "cpuset" {print $3}' "/proc/$pid/cgroup")
  cgcpus=$(cat "/sys/fs/cgroup/cpuset$cg/cpuset.cpus" 2>/dev/null || cat "/sys/fs/cgroup$(awk -F: '$1 == "0" {print $3}' "/proc/$pid/cgroup")/cpuset.cpus.effective" 2>/dev/null || echo "?")
  state=$(<"$cluster_dir/kubelet/cpu_manager_state")
  want=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["entries"].get(sys.argv[2], {}).get("sut", ""))' "$state" "$uid")
  default=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["defaultCpuSet"])' "$state")
  echo "  SUT pod $pod: qosClass $qos; process $pid: Cpus_allowed_list $host; cgroup cpuset.cpus $cgcpus;"
  echo "  cpu_manager_state: sut -> '$want', shared pool (defaultCpuSet) '$default'"
  check "SUT pod is Guaranteed" [ "$qos" = Guaranteed ]
  check "the kubelet pinned the SUT container (cpu_manager_state entry '$want')" [ -n "$want" ]
  check "the SUT process's cpuset ($host) equals cpu_manager_state ($want)" [ "$host" = "$want" ]
  check "the SUT container's cgroup cpuset ($cgcpus) equals cpu_manager_state ($want)" [ "$cgcpus" = "$want" ]
  if [ -n "$want" ]; then
    if cpus_overlap "$want" "$default"; then fail "the SUT's CPUs $want are in the shared pool $default"; else ok "the SUT's CPUs $want are outside the shared pool $default"; fi
    # Other containers are moved off the pinned CPUs within cpuManagerReconcilePeriod (10 s).
    local deadline=$((SECONDS + 30)) on id p list
    while :; do
      on=""
      for id in $(ctr_ containers ls -q 'labels."io.cri-containerd.kind"==container'); do
        [ "$id" != "$cid" ] || continue
        p=$(ctr_ tasks ls | awk -v id="$id" '$1 == id && $3 == "RUNNING" {print $2}')
        [ -n "$p" ] || continue
        list=$(awk '/Cpus_allowed_list/ {print $2}' "/proc/$p/status" 2>/dev/null) || continue
        [ -n "$list" ] && cpus_overlap "$list" "$want" && on+=" $(tr '\0' ' ' <"/proc/$p/cmdline" | cut -c1-60)[$list]"
      done
      [ -z "$on" ] || [ "$SECONDS" -ge "$deadline" ] && break
      sleep 2
    done
    check "no other container may run on CPU $want${on:+ (still allowed:$on)}" [ -z "$on" ]
  fi
  pinned_cpu=$want
  return 0
}

# The CloudNativePG Cluster: Ready, and the seed's row counts through psql in its pod.
check_database() { # RUN CUSTOMERS ORDERS
  local ready pod counts
  ready=$(kn get clusters.postgresql.cnpg.io "$1-db" -o jsonpath='{.status.conditions[?(@.type=="Ready")].status}')
  check "CloudNativePG Cluster $1-db is Ready" [ "$ready" = True ]
  pod=$(kn get pods -l "cnpg.io/cluster=$1-db,cnpg.io/instanceRole=primary" -o jsonpath='{.items[0].metadata.name}')
  counts=$(kn exec "$pod" -c postgres -- psql -U postgres -d bench -tA -F ' ' -c \
    'select (select count(*) from customers), (select count(*) from orders), (select customers || '"'/'"' || orders from vtbench_seed)' 2>&1) || true
  echo "  psql in $pod: customers orders seed = $counts"
  check "database seeded: $2 customers and $3 orders (psql in $pod)" [ "$counts" = "$2 $3 $2/$3" ]
}

# Applies a run and follows it to Succeeded, printing `kubectl get bench` as it changes. With
# KILL=yes: once the first scenario is recorded, checks the SUT and the database, then kills the
# operator pod and checks the run resumes.
follow_run() { # RUN KILL CUSTOMERS ORDERS
  local name=$1 kill=$2 loads=$artifacts/$1-loads.txt
  local deadline=$((SECONDS + run_timeout)) last="" line ndone succeeded killed=no checked=no killed_at_done=0 op restarts
  : >"$loads"
  watch_loads "$name" "$loads"
  echo "  $(printf '%-8s %-6s %-13s %-9s %-28s %s' TIME '' PHASE PROGRESS SCENARIO HEADLINE)"
  while :; do
    line=$(kn get benchmarkrun "$name" --no-headers -o custom-columns='P:.status.phase,R:.status.progress,S:.status.scenario,H:.status.summary' 2>/dev/null || true)
    if [ "$line" != "$last" ]; then
      printf '  %-8s %s\n' "+$((SECONDS - run_t0))s" "$line"
      last=$line
    fi
    record_loads "$name" "$loads"
    succeeded=$(status_of "$name" '{.status.conditions[?(@.type=="Succeeded")].status}')
    ndone=$(status_of "$name" '{.status.scenariosDone}')
    ndone=${ndone:-0}
    if [ -z "$(status_of "$name" '{.status.phase}')" ] && [ "$((SECONDS - run_t0))" -ge 120 ]; then
      fail "$name has no status 120 s after it was created: is the operator reconciling? $(operator_health)"
      stop_watches
      return 1
    fi
    op=$(operator_pod)
    restarts=$([ -z "$op" ] || k -n "$op_ns" get pod "$op" -o jsonpath='{.status.containerStatuses[0].restartCount}' 2>/dev/null || true)
    if [ "${restarts:-0}" != 0 ]; then
      fail "the operator restarted by itself during $name; $(operator_health)"
      stop_watches
      return 1
    fi
    if [ "$succeeded" = True ]; then
      break
    elif [ "$succeeded" = False ]; then
      fail "$name failed: $(status_of "$name" '{.status.conditions[?(@.type=="Succeeded")].reason}'): $(status_of "$name" '{.status.conditions[?(@.type=="Succeeded")].message}')"
      kn describe benchmarkrun "$name" >"$artifacts/$name-describe.txt" 2>&1 || true
      stop_watches
      return 1
    fi
    if [ "$kill" = yes ] && [ "$checked" = no ] && [ "$ndone" -ge 1 ]; then
      local rc=0
      check_sut_pinning "$name" || rc=$?
      if [ "$rc" = 0 ]; then
        check_database "$name" "$3" "$4"
        checked=yes
      fi
    fi
    if [ "$kill" = yes ] && [ "$checked" = yes ] && [ "$killed" = no ]; then
      local old new
      old=$(operator_pod)
      log "killing the operator pod $old with $ndone scenario(s) recorded"
      k -n "$op_ns" logs "$old" --tail=-1 >"$artifacts/operator-killed.log" 2>&1 || true
      k -n "$op_ns" delete pod "$old" --grace-period=0 --force >/dev/null 2>&1
      killed=yes
      killed_at_done=$ndone
      new=""
      local until=$((SECONDS + 300))
      while [ "$SECONDS" -lt "$until" ]; do
        new=$(operator_pod)
        [ -n "$new" ] && [ "$new" != "$old" ] &&
          [ "$(k -n "$op_ns" get pod "$new" -o jsonpath='{.status.conditions[?(@.type=="Ready")].status}')" = True ] && break
        sleep 2
      done
      log "operator back as $new"
      if [ -n "$new" ] && [ "$new" != "$old" ]; then ok "a new operator pod ($new) replaced the killed one ($old)"; else fail "no new operator pod replaced $old"; fi
    fi
    if [ "$SECONDS" -ge "$deadline" ]; then
      fail "$name did not succeed within $run_timeout s; $(operator_health)"
      kn describe benchmarkrun "$name" >"$artifacts/$name-describe.txt" 2>&1 || true
      stop_watches
      return 1
    fi
    sleep 3
  done
  stop_watches
  k -n "$ns" wait --for=condition=Succeeded "benchmarkrun/$name" --timeout=10s >/dev/null
  ok "$name Succeeded: $(status_of "$name" '{.status.progress}') scenarios in $((SECONDS - run_t0)) s"
  check_operator_steady
  check_gitops_and_metrics "$name"
  if [ "$kill" = yes ]; then
    local total; total=$(status_of "$name" '{.status.scenariosTotal}')
    if [ "$killed" = yes ] && [ "$killed_at_done" -lt "$total" ]; then
      ok "the operator, killed after $killed_at_done of $total scenarios, resumed the run to the end"
    else
      fail "the operator was not killed mid-run (killed: $killed, after $killed_at_done of $total scenarios)"
    fi
    [ "$checked" = yes ] || fail "the SUT and the database were never seen ready mid-run (no checks of pinning and seed)"
  fi
}

# What Flux (kstatus) and kubectl read of a finished run, and the operator's /metrics through its
# Service (the API server's service proxy: no port-forward needed).
check_gitops_and_metrics() { # RUN
  local name=$1 metrics
  check "$name: kubectl wait --for=condition=Ready and --for=condition=Reconciling=false return at once" \
    eval 'kn wait --for=condition=Ready "benchmarkrun/$name" --timeout=10s >/dev/null && kn wait --for=condition=Reconciling=false "benchmarkrun/$name" --timeout=10s >/dev/null'
  check "$name: Stalled is False and observedGeneration equals generation (kstatus: Current)" \
    [ "$(status_of "$name" '{.status.conditions[?(@.type=="Stalled")].status} {.status.observedGeneration}')" = "False $(status_of "$name" '{.metadata.generation}')" ]
  metrics=$(k get --raw "/api/v1/namespaces/$op_ns/services/http:vtbench:http/proxy/metrics" 2>&1 || true)
  check "the operator's /metrics counts $name as Succeeded and serves java-operator-sdk's reconciliation metrics" \
    eval 'grep -q "^vtbench_runs{phase=\"Succeeded\"} [1-9]" <<<"$metrics" && grep -q "^operator_sdk_reconciliations_started_total" <<<"$metrics"'
  if [ "$fails" != 0 ]; then grep -E "^(vtbench_runs|operator_sdk_reconciliations_started)" <<<"$metrics" | sed -n '1,8s/^/    /p' || true; fi
  return 0
}

# Lines "ok|what" or "FAIL|what" on stdin as checks (in this shell, so the counts add up).
verdicts() {
  local verdict what
  while IFS='|' read -r verdict what; do
    if [ "$verdict" = ok ]; then ok "$what"; else fail "$what"; fi
  done
}

# The CSV in the results ConfigMap: every planned row once, throughput > 0, errors < 1 %.
check_csv() { # RUN
  local name=$1 csv=$artifacts/$1-matrix.csv total
  kn get configmap "$name-results" -o jsonpath='{.data.matrix\.csv}' >"$csv" 2>/dev/null || true
  check "results ConfigMap $name-results holds a CSV" [ -s "$csv" ]
  total=$(status_of "$name" '{.status.scenariosTotal}')
  verdicts < <(python3 - "$csv" "$total" "$pinned_cpu" <<'EOF'
import csv, sys
path, total, pinned = sys.argv[1], int(sys.argv[2] or 0), sys.argv[3]
rows = list(csv.DictReader(open(path)))
ids = [r["scenario_id"] for r in rows]
def say(good, what): print(("ok" if good else "FAIL") + "|" + what)
say(len(rows) == total, f"{len(rows)} rows for {total} planned scenarios")
say(len(set(ids)) == len(ids), "no scenario id twice" + ("" if len(set(ids)) == len(ids) else f": {ids}"))
for r in rows:
    t, e = float(r["throughput_rps"] or 0), float(r["error_rate"] or 1)
    say(t > 0 and e < 0.01, f"{r['scenario_id']}: {t:g} req/s > 0, error rate {e:g} < 0.01")
if pinned:
    cs = sorted({r["sut_cpuset"] for r in rows})
    say(cs == [pinned], f"the SUT reported cpuset {cs} from inside the pod in every row, the pinned CPU {pinned}")
EOF
  )
}

# What the run's loads ran through: RUNNER testrun (k6-operator TestRuns, no Job of the run's own)
# or job (Jobs owned by the run, no TestRun).
check_loads() { # RUN RUNNER
  local name=$1 runner=$2 loads=$artifacts/$1-loads.txt csv=$artifacts/$1-matrix.csv
  sort -u -o "$loads" "$loads"
  check "status.runner is $runner" [ "$(status_of "$name" '{.status.runner}')" = "$runner" ]
  verdicts < <(python3 - "$loads" "$csv" "$runner" <<'EOF'
import csv, sys
loads, path, runner = sys.argv[1:4]
seen = [l.split() + [""] * 4 for l in open(loads) if l.strip()]
testruns = {l[2] for l in seen if l[0] == "TestRun"}
own_jobs = {l[2] for l in seen if l[0] == "Job" and l[3] == "BenchmarkRun"}
ids = [r["scenario_id"] for r in csv.DictReader(open(path))]
via = testruns if runner == "testrun" else own_jobs
other = own_jobs if runner == "testrun" else testruns
kind = "a k6-operator TestRun" if runner == "testrun" else "a plain Job"
for i in ids:
    print(("ok" if i in via else "FAIL") + f"|{i} ran through {kind}")
print(("ok" if not other else "FAIL") + f"|no load ran the other way ({sorted(other) or 'none'})")
EOF
  )
}

# Deleting the run removes every object it made (and everything k6-operator and CloudNativePG made
# for it) but keeps its results ConfigMaps.
check_delete() { # RUN SUCCEEDED(yes|no)
  local name=$1 left deadline
  kn delete benchmarkrun "$name" --timeout=180s >/dev/null || fail "kubectl delete benchmarkrun $name did not finish in 180 s"
  deadline=$((SECONDS + 180))
  while :; do
    left=$({
      kn get pods,deployments,replicasets,statefulsets,jobs,services,persistentvolumeclaims,poddisruptionbudgets,roles,rolebindings,testruns.k6.io,clusters.postgresql.cnpg.io -o name
      kn get configmaps,secrets,serviceaccounts -o name |
        grep -v -E "^(configmap/(kube-root-ca\.crt|.*-results(-[0-9]+)?|.*-figures)|serviceaccount/default)$"
    } 2>/dev/null || true)
    [ -z "$left" ] || [ "$SECONDS" -ge "$deadline" ] && break
    sleep 3
  done
  check "deleting $name left no orphans in $ns${left:+: $(tr "\n" " " <<<"$left")}" [ -z "$left" ]
  [ "$2" = yes ] || return 0
  check "deleting $name kept ConfigMap $name-results" eval 'kn get configmap "$name-results" -o name >/dev/null 2>&1'
  local kept=$artifacts/$name-matrix-kept.csv
  kn get configmap "$name-results" -o jsonpath='{.data.matrix\.csv}' >"$kept" 2>/dev/null || true
  check "the kept CSV is the run's CSV" cmp -s "$kept" "$artifacts/$name-matrix.csv"
  kn get configmap "$name-figures" -o name >/dev/null 2>&1 && ok "deleting $name kept ConfigMap $name-figures" || true
}

print_table() { # RUN
  printf '\n  results of %s:\n' "$1"
  python3 - "$artifacts/$1-matrix.csv" <<'EOF'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
cols = ["scenario_id", "thread_mode", "concurrency", "throughput_rps", "p50_ms", "p99_ms", "error_rate",
        "app_cpu_pct", "sut_cpuset", "littles_law_ratio", "bottleneck"]
w = [max(len(c), *(len(r.get(c, "")) for r in rows)) for c in cols]
print("  " + "  ".join(c.ljust(n) for c, n in zip(cols, w)))
for r in rows:
    print("  " + "  ".join(r.get(c, "").ljust(n) for c, n in zip(cols, w)))
EOF
}

run_benchmark() { # RUN EDIT KILL
  local name=$1 spec=$artifacts/$1.json storage customers orders
  render_run "$name" "$2" >"$spec"
  storage=$(json_get 'o["spec"]["database"].get("storage", "1Gi")' <"$spec")
  customers=$(json_get 'o["spec"]["database"]["seed"]["customers"]' <"$spec")
  orders=$(json_get 'o["spec"]["database"]["seed"]["orders"]' <"$spec")
  make_volume "$name" "$storage"
  kn apply -f "$spec" >/dev/null
  run_t0=$SECONDS
  log "applied $name ($(json_get '"load.runner=" + o["spec"]["load"].get("runner", "auto")' <"$spec"))"
  if follow_run "$name" "$3" "$customers" "$orders"; then
    check_csv "$name"
    check_loads "$name" "$(json_get '{"job": "job"}.get(o["spec"]["load"].get("runner"), "testrun")' <"$spec")"
    print_table "$name"
    check_delete "$name" yes
  else
    check_delete "$name" no
  fi
}

# ---------------------------------------------------------------------------------------------
# 4. the example through k6-operator TestRuns, the operator killed once

run_name=$(k create --dry-run=client -o jsonpath='{.metadata.name}' -f "$spec_file")
phase testrun
run_benchmark "$run_name" "${VTBENCH_E2E_RUNNER:+s[\"load\"][\"runner\"] = \"$VTBENCH_E2E_RUNNER\"}" yes

# ---------------------------------------------------------------------------------------------
# 5. a small run through plain Jobs

phase job
run_benchmark "$run_name-job" 's["load"]["runner"] = "job"; s["matrix"].update(threadModes=["virtual"], concurrency=[s["matrix"]["concurrency"][0]])' no
phase_end
exit 0
}
