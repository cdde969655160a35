#!/usr/bin/env bash
# End to end on a real Kubernetes cluster of one node (or several: --nodes), offline (hack/offline/local-cluster.sh):
# the plumbing. It brings up the cluster, loads the images, installs CloudNativePG, k6-operator,
# prometheus-operator with a Prometheus, the CRD and the chart (monitoring on), then runs the *E2E
# tests (operator/kube/src/test/java/.../e2e) and the monitoring checks
# (hack/offline/monitoring-check.py), which make every check and print it as ok/FAIL. See --help
# and docs/e2e.md.
set -euo pipefail
# The whole script is one compound command: bash reads it completely before running any of it,
# so editing this file while an e2e runs cannot break that run.
{
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
# shellcheck source=../versions.env
. "$here/../versions.env"
export JAVA_HOME=${JAVA_HOME:-$JDK25_HOME_DEFAULT}

cache=${VTBENCH_CACHE:-$HOME/.cache/vtbench}
cluster_dir=${VTBENCH_CLUSTER_DIR:-$cache/cluster}
kubectl_bin=$cache/kube/$KUBE_VERSION/kubectl
helm_bin=${HELM:-$cache/bin/helm}
ns=${VTBENCH_E2E_NAMESPACE:-vtbench-e2e}
op_ns=vtbench-system
spec_file=${VTBENCH_E2E_SPEC:-$repo/examples/two-core.yaml}
byo_spec_file=${VTBENCH_E2E_BYO_SPEC:-$repo/examples/byo-orders-cluster.yaml}
db_image=${VTBENCH_E2E_DB_IMAGE:-vtbench/postgresql:15}
k6_image=${VTBENCH_E2E_K6_IMAGE:-vtbench/k6:${K6_VERSION#v}}
artifacts=$cache/logs/e2e-$(date -u +%Y%m%dT%H%M%SZ)
pv_dir=$cluster_dir/e2e-volumes # hostPath volumes for CloudNativePG; teardown removes them
# The small shares the operators run with on 2 cores (examples/two-core.yaml budgets them).
op_cpu_request=${VTBENCH_E2E_OPERATOR_CPU:-50m}
cnpg_cpu=${VTBENCH_E2E_CNPG_CPU:-25m}
k6op_cpu=${VTBENCH_E2E_K6OP_CPU:-25m}
keep=no
tests=yes
monitoring=yes
parity=no
nodes=1
parity_out=${VTBENCH_PARITY_OUT:-$repo/results/cluster-parity-cluster}

usage() {
  cat <<EOF
Usage: hack/offline/e2e.sh [--keep] [--help]          (normally: make e2e; docs/e2e.md)

End to end on the cluster of hack/offline/local-cluster.sh (root, 2 cores; one node unless --nodes):
  cluster   hack/offline/local-cluster.sh create, unless it is already healthy
  images    make images when a source is newer than the image tars; hack/offline/e2e-images.sh
            all (CloudNativePG, PostgreSQL, k6-operator, k6, the starter, prometheus-operator,
            Prometheus, the manifests); load them
  install   CloudNativePG and k6-operator (small CPU requests), prometheus-operator and a
            Prometheus set up like kube-prometheus-stack's (hack/offline/monitoring-stack.sh),
            the CRD, the chart with monitoring.enabled; namespace $ns
  testrun   TwoCoreRunE2E: $(basename "$spec_file") through k6-operator TestRuns, the operator
            killed after the first recorded scenario
  staged    StagedRunE2E: $(basename "$spec_file") through Jobs with 30 s holds: each SUT
            configuration's scenarios as stages of one Job, the operator killed mid-stage
  reactive  ReactiveRunE2E: one scenario on the reactive SUT (spec.sut.reactiveImage)
  netpol    NetworkPolicyE2E: one virtual scenario while pods outside the run try its SUT, stub
            and database and the operator's /metrics (the cluster enforces NetworkPolicy with
            kube-router's firewall): a stranger in the run's namespace or an unlabelled one gets
            through nowhere, a pod of a namespace labelled vtbench.dev/scrape=true reaches the
            operator and the SUT's and stub's ports only, the database's primary the database;
            each refusal counts only when an allowed pod reached the same address (down is no
            pass); VTBENCH_E2E_BREAK_POLICY=1 opens each tier in turn, then probes a Service with
            no pods, on purpose: every refusal check must then FAIL in its round
  neighbour NeighbourRunE2E: one scenario with a busy loop pinned to the SUT's exclusive CPU from
            outside the kubelet: the row says sut-core-shared
  job       JobRunE2E: one cell at two pool sizes with spec.load.runner=job (one SUT pod)
  runners   RunnersE2E: $(basename "$spec_file")'s 4 scenarios, each shared by two k6 runners
            (spec.load.parallelism 2, 100m each) through auto, i.e. a 2-runner TestRun per
            scenario; every row says load_runners 2, its latencies merged
  placement PlacementE2E, needs --nodes 3 (skipped on fewer nodes, FAILED on fewer Ready;
            VTBENCH_E2E_NOT_READY_NODE=<node> counts one NotReady on purpose): the nodes labelled
            vtbench.dev/tier=sut|stub|database and vtbench.dev/load=true, one virtual scenario
            with each tier's nodeSelector, spec.sut.dedicatedNode and two runners; a pod watch:
            each tier on its node, the SUT's node its own, the runners spread over the load
            nodes, the row's tier_nodes where the pods ran; the labels removed afterwards
  faults    FaultsE2E: 4 repetitions of one virtual cell through TestRuns, one fault 20 s into
            each measured load's hold (VTBENCH_E2E_FAULT_INTO_HOLD=-5: before it, on purpose):
            the SUT pod deleted, the database primary deleted, the kubelet restarted, the API
            server restarted (local-cluster.sh restart); prints
            "faults: N injected, N handled as documented" (docs/cluster-lifecycle.md, Faults during a run)
  byo       ByoRunE2E: $(basename "$byo_spec_file"), a user's own service from its image
            (vtbench/byo-orders:dev) with its SQL from a ConfigMap the test makes as a user would;
            deleting the run must leave that ConfigMap untouched
  monitoring  hack/offline/monitoring-check.py: a one-scenario run whose k6 writes to that
            Prometheus; every monitor's targets up, the labels, k6's native histogram, every
            dashboard query answered, the operator's run metrics
The tests (mvn -Pe2e: failsafe's *E2E in operator/kube) and the monitoring checks print ok/FAIL
per check; this script prints the wall-clock per phase and exits non-zero on any FAIL.
Diagnostics go to $cache/logs/e2e-<time>/.

Options:
  --keep             keep the cluster and the operators running afterwards (a rerun starts warm)
  --monitoring-only  skip the *E2E tests (testrun, reactive, netpol, neighbour, job, runners, faults, byo): make e2e-monitoring
  --no-monitoring    no monitoring stack, chart monitoring off, no monitoring phase
  --only TEST        only the *E2E class TEST (e.g. NeighbourRunE2E) after install: a quick rerun
                     of one phase; with --no-monitoring, no monitoring phase either
  --nodes N          a cluster of N nodes (local-cluster.sh create --nodes N; 1 unless said): the
                     placement phase needs 3 and is skipped, said so, on fewer: make e2e-nodes
  --parity           instead of the phases above, examples/cluster-parity.yaml as a user applies it
                     (ClusterParityRun, every run check), rendered into \$VTBENCH_PARITY_OUT
                     ($parity_out): make e2e-parity
  -h, --help         this text

Environment: VTBENCH_E2E_SPEC, VTBENCH_E2E_BYO_SPEC, VTBENCH_E2E_NAMESPACE, VTBENCH_E2E_DB_IMAGE ($db_image),
VTBENCH_E2E_K6_IMAGE ($k6_image), VTBENCH_E2E_RUN_TIMEOUT (seconds per run, 900),
VTBENCH_E2E_RUNNER (spec.load.runner of the first run), VTBENCH_E2E_BREAK_POLICY=1 (netpol: a policy
broken on purpose), VTBENCH_E2E_COST_BOUNDS_SCALE (every run's cost bounds, docs/e2e.md, times this:
0.1 fails them on purpose), VTBENCH_E2E_FAULT_INTO_HOLD, VTBENCH_E2E_NOT_READY_NODE, VTBENCH_E2E_OPERATOR_CPU /
VTBENCH_E2E_CNPG_CPU / VTBENCH_E2E_K6OP_CPU (the operators' CPU requests: $op_cpu_request,
$cnpg_cpu, $k6op_cpu), VTBENCH_E2E_SKIP_IMAGES=1 (the tars as they are), VTBENCH_E2E_HELM_ARGS
(more helm upgrade --install arguments, word-split).
EOF
}

while [ $# -gt 0 ]; do
  case $1 in
    --keep) keep=yes ;;
    --monitoring-only) tests=no ;;
    --no-monitoring) monitoring=no ;;
    --parity) parity=yes; monitoring=no ;;
    --nodes)
      nodes=${2:?--nodes needs a number, e.g. 3}
      shift
      ;;
    --only)
      only_test=${2:?--only needs a test class, e.g. NeighbourRunE2E}
      shift
      ;;
    -h | --help) usage; exit 0 ;;
    *) usage >&2; echo "e2e.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
  shift
done

t_start=$SECONDS
script=e2e
. "$here/../lib.sh"
timings=$artifacts/timings.txt # "phase seconds" lines, appended by this script and the tests; "cost ..." lines, by the tests
phase_name=""
phase_t0=0
phase() { phase_end; phase_name=$1; phase_t0=$SECONDS; printf '\n== %s\n' "$1"; }
phase_end() { [ -z "$phase_name" ] || echo "$phase_name $((SECONDS - phase_t0))" >>"$timings"; phase_name=""; }
k() { "$kubectl_bin" --kubeconfig="$cluster_dir/kubeconfig" "$@"; }
ctr_() { ctr --address "$cluster_dir/containerd/containerd.sock" --namespace k8s.io "$@"; }
cluster_sh() { bash "$here/local-cluster.sh" "$@"; }
mkdir -p "$artifacts"

# The parity run's rows (the CSV ClusterParityRun read from its results ConfigMaps) as a reference
# folder: matrix.csv, summary.md and figures by `vtbench figures`, the spec, the machine.
render_parity() {
  local csv=$artifacts/cluster-parity-matrix.csv jar=$repo/operator/local/target/vtbench-local-0.1.0-SNAPSHOT-cli.jar
  [ -s "$csv" ] || { log "no $csv: the parity run recorded nothing"; return 1; }
  [ -f "$jar" ] || (cd "$repo" && make build >/dev/null) || return 1
  mkdir -p "$parity_out"
  cp "$csv" "$parity_out/matrix.csv"
  "$JAVA_HOME/bin/java" -jar "$jar" figures "$parity_out/matrix.csv" --out "$parity_out" --title cluster-parity >&2 || return 1
  cp "$repo/examples/cluster-parity.yaml" "$parity_out/spec.yaml"
  {
    echo "platform: make e2e-parity's offline single node (hack/offline/local-cluster.sh), $(date -u +%Y-%m-%d)"
    echo "cpu: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)"
    echo "cpus: $(nproc) CPUs; kubelet static CPU manager: SUT pinned on the one exclusive CPU, stub, PostgreSQL and k6 on the shared pool (CPU 0)"
    echo "memory: $(sed -n 's/^MemTotal:[[:space:]]*//p' /proc/meminfo)"
    echo "kernel: Linux $(uname -r)"
    echo "kubernetes: $KUBE_VERSION; CloudNativePG $CNPG_VERSION; k6-operator $K6_OPERATOR_VERSION; k6 $K6_VERSION"
    echo "runner: what spec.load.runner auto chose (the rows' load_runners; docs/cluster.md)"
  } >"$parity_out/machine.txt"
  log "parity run rendered into ${parity_out#"$repo"/}"
}

# Follows every TestRun and k6 runner pod from the install phase to the end, for the stall line.
stalls_pid=""
stalls_dir=$artifacts/testruns
stop_stall_watch() {
  [ -n "$stalls_pid" ] || return 0
  kill -- "-$stalls_pid" 2>/dev/null || kill "$stalls_pid" 2>/dev/null || true
  stalls_pid=""
}

finish() {
  local rc=$? t0=$SECONDS
  phase_end
  stop_stall_watch
  if [ -f "$cluster_dir/kubeconfig" ] && k get --raw /readyz >/dev/null 2>&1; then
    k -n "$op_ns" logs deploy/vtbench --tail=-1 >"$artifacts/operator.log" 2>&1 || true
    k -n "$op_ns" logs deploy/vtbench --previous --tail=-1 >"$artifacts/operator-previous.log" 2>/dev/null || true
    k -n cnpg-system logs deploy/cnpg-controller-manager --tail=-1 >"$artifacts/cnpg-operator.log" 2>&1 || true
    k -n k6-operator-system logs deploy/k6-operator-controller-manager --tail=-1 >"$artifacts/k6-operator.log" 2>&1 || true
    if [ "$monitoring" = yes ]; then
      k -n default logs deploy/prometheus-operator --tail=-1 >"$artifacts/prometheus-operator.log" 2>&1 || true
      k -n monitoring logs statefulset/prometheus-kube-prometheus-stack-prometheus -c prometheus --tail=-1 >"$artifacts/prometheus.log" 2>&1 || true
    fi
    k get events -A --sort-by=.lastTimestamp >"$artifacts/events.txt" 2>&1 || true
    k get pods -A -o wide >"$artifacts/pods.txt" 2>&1 || true
  fi
  if [ "$keep" = no ]; then
    log "tearing the cluster down (--keep keeps it)"
    cluster_sh teardown >"$artifacts/teardown.log" 2>&1 || { tail -n 20 "$artifacts/teardown.log" >&2; rc=1; }
    echo "teardown $((SECONDS - t0))" >>"$timings"
  fi
  printf '\n== wall-clock\n'
  [ ! -f "$timings" ] || { grep -v '^cost ' "$timings" || true; } | while read -r name secs; do printf '  %-10s %5s s\n' "$name" "$secs"; done
  printf '  %-10s %5s s\n' total "$((SECONDS - t_start))"
  # The tests' "cost <run>: ..." lines (RunCost): each run's wall against the hold it measured.
  if [ -f "$timings" ] && grep -q '^cost ' "$timings"; then
    printf '\n== cost of each run (wall / measured hold; docs/cluster-cost.md "What a cluster run costs")\n'
    sed -n 's/^cost /  /p' "$timings"
  fi
  if [ -d "$stalls_dir" ]; then
    printf '\n== k6-operator (every TestRun of every phase; %s/report.txt per TestRun)\n' "$stalls_dir"
    # a stall fails the run: k6-operator left a TestRun unstarted past its nudges (docs/e2e-stalls.md)
    if ! python3 "$here/testrun-stalls.py" report --out "$stalls_dir" 2>"$stalls_dir/report.txt" >"$stalls_dir/line.txt"; then
      rc=1
      echo "  e2e: a TestRun start stalled, which fails the run (per TestRun: $stalls_dir/report.txt)"
    fi
    sed 's/^/  /' "$stalls_dir/line.txt"
  fi
  printf '\ndiagnostics in %s\n' "$artifacts"
  # a phase the run was asked for (--only, or --nodes 3's placement) that skipped itself is no pass
  # e2e-skips.py exits 0 (nothing skipped), 1 (it names what skipped) or else (it could not read
  # the log, which fails the run rather than passing it unread)
  local skipped="" skips_rc=0
  if [ "$rc" -eq 0 ] && [ -f "$artifacts/e2e-tests.log" ]; then
    skipped=$(python3 "$here/e2e-skips.py" "$artifacts/e2e-tests.log" "$nodes" "${only_test:-}") && skips_rc=0 || skips_rc=$?
  fi
  if [ "$skips_rc" -eq 1 ]; then
    echo "e2e: SKIPPED ($skipped skipped checks it was asked to run; nothing failed: see e2e-tests.log)"
    exit 3
  elif [ "$skips_rc" -ne 0 ]; then
    echo "e2e: FAILED (e2e-skips.py could not read e2e-tests.log: exit $skips_rc)"
    exit 1
  fi
  [ "$rc" -eq 0 ] && echo "e2e: PASSED" || echo "e2e: FAILED"
  exit "$rc"
}

[ "$tests" = yes ] || [ "$monitoring" = yes ] || die "--monitoring-only and --no-monitoring leave nothing to check"
[ "$(id -u)" = 0 ] || die "needs root: the local cluster runs containerd and the kubelet as root"
trap finish EXIT
trap 'log "interrupted"; exit 130' INT TERM

phase cluster
cluster_sh create --nodes "$nodes" # does nothing when the cluster is healthy with as many nodes
[ -x "$kubectl_bin" ] || die "$kubectl_bin is missing"
[ -x "$helm_bin" ] || { log "building Helm (hack/kube-tools.sh helm)"; nice -n 19 bash "$here/../kube-tools.sh" helm; }
log "nodes and their allocatable CPU: $(k get nodes -o jsonpath='{range .items[*]}{.metadata.name}={.status.allocatable.cpu} {end}')"

phase images
vtbench_tars=("$repo/sut/target/vtbench-sut-image.tar"
  "$repo/sut/reactive/target/vtbench-sut-reactive-image.tar" "$repo/stub/target/vtbench-stub-image.tar"
  "$repo/operator/kube/target/vtbench-operator-image.tar" "$repo/examples/byo-orders/target/byo-orders-image.tar")
# A source make images builds from (the Makefile's SOURCES, plus the image script) newer than a tar.
images_stale() {
  local t newest oldest
  for t in "${vtbench_tars[@]}"; do [ -f "$t" ] || return 0; done
  oldest=$(ls -tr "${vtbench_tars[@]}" | sed -n 1p)
  newest=$(find "$repo/operator" "$repo/sut" "$repo/stub" "$repo/examples/byo-orders" "$repo/pom.xml" "$here/../images.sh" \
    -path '*/target' -prune -o -path '*/src/test' -prune -o -type f \
    \( -name '*.java' -o -name '*.sql' -o -name '*.yaml' -o -name '*.yml' -o -name '*.js' \
    -o -name '*.properties' -o -name pom.xml -o -name images.sh \) -newer "$oldest" -print -quit)
  [ -n "$newest" ] && log "$newest is newer than the image tars"
  [ -n "$newest" ]
}
if [ "${VTBENCH_E2E_SKIP_IMAGES:-}" = 1 ]; then
  log "VTBENCH_E2E_SKIP_IMAGES=1: using the image tars as they are"
else
  if images_stale; then
    log "make images (Maven and Jib at niceness 19; log: $artifacts/make-images.log)"
    # Once more on failure: hack/images.sh has died of a SIGPIPE (exit 141) now and then.
    (cd "$repo" && nice -n 19 make images) >"$artifacts/make-images.log" 2>&1 ||
      (cd "$repo" && log "make images failed; once more" && nice -n 19 make images) >>"$artifacts/make-images.log" 2>&1 ||
      { tail -n 30 "$artifacts/make-images.log" >&2; die "make images failed"; }
  fi
  log "hack/offline/e2e-images.sh all: third-party images and manifests (niceness 19; log: $artifacts/e2e-images.log)"
  VTBENCH_BUILD_NICE=19 bash "$here/e2e-images.sh" all >"$artifacts/e2e-images.log" 2>&1 ||
    { tail -n 30 "$artifacts/e2e-images.log" >&2; die "hack/offline/e2e-images.sh all failed"; }
fi
eval "$(bash "$here/e2e-images.sh" refs)" # E2E_IMAGE_TARS, CNPG_MANIFEST, K6_OPERATOR_MANIFEST, ...
read -ra third_party_tars <<<"$E2E_IMAGE_TARS"
for t in "${vtbench_tars[@]}" "${third_party_tars[@]}" "$CNPG_MANIFEST" "$K6_OPERATOR_MANIFEST" "$PROMETHEUS_OPERATOR_MANIFEST"; do
  [ -f "$t" ] || die "$t is missing (make images; hack/offline/e2e-images.sh all)"
done
for t in "${vtbench_tars[@]}" "${third_party_tars[@]}"; do
  log "loading ${t#"$repo"/} ($(du -h "$t" | cut -f1))"
  cluster_sh load "$t" >>"$artifacts/load.log" 2>&1 || { tail -n 10 "$artifacts/load.log" >&2; die "loading $t failed"; }
done
refs=$(ctr_ images ls -q)
for ref in docker.io/vtbench/sut:dev docker.io/vtbench/stub:dev docker.io/vtbench/operator:dev docker.io/vtbench/byo-orders:dev \
  "docker.io/$db_image" "docker.io/$k6_image" "$CNPG_OPERATOR_IMAGE" "$K6_OPERATOR_IMAGE" "$K6_STARTER_IMAGE" \
  "$PROMETHEUS_OPERATOR_IMAGE" "$PROMETHEUS_CONFIG_RELOADER_IMAGE" "$PROMETHEUS_IMAGE"; do
  grep -qx "$ref" <<<"$refs" || die "image $ref is not in the cluster's containerd after loading the tars"
done
operator_image_id=$(ctr_ images ls | awk '$1 == "docker.io/vtbench/operator:dev" {print $3}')

phase install
# A fresh namespace per e2e: kept results ConfigMaps of an earlier run of the same name would
# count as recorded scenarios for the new one. Made before the chart, whose Role goes into it;
# every pod of a run must meet the restricted Pod Security Standard there (the kubelet's
# admission proves it). Released volumes of earlier runs go too.
op_before=$(k -n "$op_ns" get pods -l app.kubernetes.io/name=vtbench -o name 2>/dev/null || true)
if k get ns "$ns" >/dev/null 2>&1; then
  log "deleting namespace $ns left by an earlier run"
  k delete benchmarkruns -n "$ns" --all --timeout=180s >/dev/null || true
  k delete ns "$ns" --timeout=300s >/dev/null
fi
k create ns "$ns" >/dev/null
k label ns "$ns" pod-security.kubernetes.io/enforce=restricted pod-security.kubernetes.io/warn=restricted >/dev/null
k delete pv -l vtbench.dev/e2e=true --wait=false >/dev/null || true
rm -rf "$pv_dir"
monitoring_args=()
if [ "$monitoring" = yes ]; then
  log "prometheus-operator $PROMETHEUS_OPERATOR_VERSION and Prometheus ${PROMETHEUS_IMAGE##*:} (hack/offline/monitoring-stack.sh)"
  KUBECTL="$kubectl_bin --kubeconfig=$cluster_dir/kubeconfig" bash "$here/monitoring-stack.sh" --log-dir "$artifacts/install" \
    --manifest "$PROMETHEUS_OPERATOR_MANIFEST" --prometheus-image "$PROMETHEUS_IMAGE"
  # What docs/monitoring.md tells kube-prometheus-stack users to set.
  monitoring_args=(--set monitoring.enabled=true --set monitoring.labels.release=kube-prometheus-stack)
fi
log "CloudNativePG $CNPG_VERSION, k6-operator $K6_OPERATOR_VERSION, the CRD and the chart (hack/install-operators.sh)"
# shellcheck disable=SC2086 # VTBENCH_E2E_HELM_ARGS is word-split on purpose
KUBECTL="$kubectl_bin --kubeconfig=$cluster_dir/kubeconfig" HELM="$helm_bin --kubeconfig $cluster_dir/kubeconfig" \
  bash "$here/../install-operators.sh" --log-dir "$artifacts/install" \
  --cnpg "$CNPG_MANIFEST" --cnpg-cpu "$cnpg_cpu" --k6-operator "$K6_OPERATOR_MANIFEST" --k6-operator-cpu "$k6op_cpu" -- \
  --set image.tag=dev --set image.pullPolicy=Never \
  --set resources.requests.cpu="$op_cpu_request" --set resources.limits.cpu=500m \
  --set resources.requests.memory=384Mi --set resources.limits.memory=384Mi \
  --set "watchNamespaces={$ns}" \
  --set-string "podAnnotations.vtbench\.dev/image-id=$operator_image_id" "${monitoring_args[@]}" ${VTBENCH_E2E_HELM_ARGS:-}
# The namespace, and the Role in it, were re-created under a running operator: its informers lost
# their rights meanwhile.
if [ -n "$op_before" ]; then
  log "the namespace was re-created under a running operator: restarting it"
  k -n "$op_ns" rollout restart deploy/vtbench >/dev/null
  k -n "$op_ns" rollout status deploy/vtbench --timeout=300s >/dev/null
fi

phase_end
set -m # its own process group, so that finish stops kubectl's watches with it
python3 "$here/testrun-stalls.py" watch --kubectl "$kubectl_bin --kubeconfig=$cluster_dir/kubeconfig" --out "$stalls_dir" \
  2>"$artifacts/testrun-watch.log" &
stalls_pid=$!
set +m

# The checks: TwoCoreRunE2E (phase testrun), StagedRunE2E (staged), RunnersE2E (runners), ReactiveRunE2E (reactive), NetworkPolicyE2E (netpol), NeighbourRunE2E (neighbour), JobRunE2E (job), FaultsE2E (faults), then ByoRunE2E (byo). Maven's own [INFO] and
# [WARNING] lines go to the log only.
export VTBENCH_E2E_KUBECONFIG=$cluster_dir/kubeconfig VTBENCH_E2E_KUBELET_DIR=$cluster_dir/kubelet \
  VTBENCH_E2E_VOLUMES=$pv_dir VTBENCH_E2E_ARTIFACTS=$artifacts VTBENCH_E2E_TIMINGS=$timings \
  VTBENCH_E2E_NAMESPACE=$ns VTBENCH_E2E_OPERATOR_NAMESPACE=$op_ns VTBENCH_E2E_SPEC=$spec_file \
  VTBENCH_E2E_BYO_SPEC=$byo_spec_file VTBENCH_E2E_REPO=$repo \
  VTBENCH_E2E_DB_IMAGE=$db_image VTBENCH_E2E_K6_IMAGE=$k6_image
rc=0
if [ "$tests" = yes ]; then
  log "mvn -Pe2e verify (operator/kube *E2E; log: $artifacts/e2e-tests.log)"
  set +e
  only=()
  if [ -n "${only_test:-}" ]; then
    only=(-Dit.test="$only_test")
  fi
  if [ "$parity" = yes ]; then
    # Not a *E2E: failsafe's it.test picks it alone. Six scenarios with steady-state warm-ups.
    only=(-Dit.test=ClusterParityRun -Dfailsafe.failIfNoSpecifiedTests=false)
    export VTBENCH_E2E_RUN_TIMEOUT=${VTBENCH_E2E_RUN_TIMEOUT:-2400}
  fi
  (cd "$repo" && mvn -B -ntp -Dmaven.repo.local="$cache/m2" -Pe2e -pl operator/kube -am -DskipTests "${only[@]}" verify) 2>&1 |
    tee "$artifacts/e2e-tests.log" | grep --line-buffered -v -E '^\[(INFO|WARNING)\]'
  rc=${PIPESTATUS[0]}
  set -e
fi
if [ "$parity" = yes ] && [ "$rc" -eq 0 ]; then
  phase parity-results
  render_parity || rc=1
  phase_end
fi
if [ "$monitoring" = yes ]; then
  phase monitoring
  python3 "$here/monitoring-check.py" --kubectl "$kubectl_bin" 2>&1 | tee "$artifacts/monitoring-check.log" || rc=1
  phase_end
fi
exit "$rc"
}
