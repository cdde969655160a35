#!/usr/bin/env bash
# Installs what a BenchmarkRun needs on a cluster and waits until each part answers: CloudNativePG
# (its webhook too), k6-operator (optional), the BenchmarkRun CRD, and the vtbench operator with
# the Helm chart. Both cluster paths use it: hack/kind.sh with the upstream manifests,
# hack/offline/e2e.sh with the manifests hack/offline/e2e-images.sh renders offline.
#
# Usage: hack/install-operators.sh --cnpg MANIFEST [--k6-operator MANIFEST] [--log-dir DIR]
#                                  [--cnpg-cpu CPU] [--k6-operator-cpu CPU] [-- HELM-ARGS...]
#   MANIFEST           a file (or, without a --*-cpu option, a URL) that kubectl apply -f reads
#   --cnpg-cpu, --k6-operator-cpu
#                      the CPU request of the operator's container "manager" (a kustomize patch),
#                      so the operators fit next to a benchmark on a small node
#   --log-dir DIR      where the rendered manifests and the apply and helm logs go (default: a
#                      temporary directory)
#   HELM-ARGS          more arguments for helm upgrade --install vtbench charts/vtbench
# Environment: KUBECTL (default: kubectl; may carry --kubeconfig), HELM (default: helm).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
read -ra kubectl <<<"${KUBECTL:-kubectl}"
read -ra helm <<<"${HELM:-helm}"
op_ns=vtbench-system

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; }
script=install-operators
. "$here/lib.sh"
k() { "${kubectl[@]}" "$@"; }

cnpg="" k6op="" cnpg_cpu="" k6op_cpu="" logs=""
while [ $# -gt 0 ]; do
  case $1 in
    --cnpg) cnpg=$2; shift 2 ;;
    --k6-operator) k6op=$2; shift 2 ;;
    --cnpg-cpu) cnpg_cpu=$2; shift 2 ;;
    --k6-operator-cpu) k6op_cpu=$2; shift 2 ;;
    --log-dir) logs=$2; shift 2 ;;
    --) shift; break ;;
    -h | --help) usage; exit 0 ;;
    *) usage >&2; die "unknown argument '$1'" ;;
  esac
done
[ -n "$cnpg" ] || { usage >&2; die "--cnpg MANIFEST is required"; }
[ -n "$logs" ] || { logs=$(mktemp -d); trap 'rm -rf "$logs"' EXIT; }
mkdir -p "$logs"

# Applies MANIFEST server-side; with CPU, first sets the CPU request of every Deployment's
# container "manager" (both operators name it so) with a kustomize patch.
apply_manifest() { # NAME MANIFEST [CPU]
  local dir=$logs/$1 file=$2
  mkdir -p "$dir"
  if [ -n "${3:-}" ]; then
    cp "$2" "$dir/manifest.yaml"
    cat >"$dir/kustomization.yaml" <<EOF
resources: [manifest.yaml]
patches:
  - target: {kind: Deployment}
    patch: |
      {apiVersion: apps/v1, kind: Deployment, metadata: {name: any},
       spec: {template: {spec: {containers: [{name: manager, resources: {requests: {cpu: "$3"}}}]}}}}
EOF
    file=$dir/rendered.yaml
    k kustomize "$dir" >"$file" || die "kubectl kustomize $dir failed"
  fi
  k apply --server-side --force-conflicts -f "$file" >"$dir/apply.log" 2>&1 ||
    { tail -n 20 "$dir/apply.log" >&2; die "applying $2 failed"; }
}
wait_deployments() { # NAMESPACE
  local d
  for d in $(k -n "$1" get deploy -o name); do
    k -n "$1" rollout status "$d" --timeout=300s >/dev/null ||
      { k -n "$1" describe "$d" | tail -n 20 >&2; k -n "$1" get pods -o wide >&2; die "$d in $1 did not roll out in 300 s"; }
  done
}
# CloudNativePG validates and defaults Clusters through its webhook: a server-side dry run. (Block
# YAML: kubectl reads a document that starts with "{" as JSON.)
webhook_ok() {
  k apply --dry-run=server -f - >/dev/null 2>&1 <<EOF
apiVersion: postgresql.cnpg.io/v1
kind: Cluster
metadata: {name: webhook-probe, namespace: default}
spec: {instances: 1, storage: {size: 1Gi}}
EOF
}

log "CloudNativePG ($cnpg)"
apply_manifest cnpg "$cnpg" "$cnpg_cpu"
if [ -n "$k6op" ]; then
  log "k6-operator ($k6op)"
  apply_manifest k6-operator "$k6op" "$k6op_cpu"
fi
wait_deployments cnpg-system
[ -z "$k6op" ] || wait_deployments k6-operator-system
for ((i = 0; i < 60; i++)); do webhook_ok && break; sleep 2; done
webhook_ok || die "CloudNativePG's webhook does not answer (kubectl -n cnpg-system logs deploy/cnpg-controller-manager)"

# Helm installs CRDs only once: apply the current one first.
k apply --server-side --force-conflicts -f "$repo/crds/benchmarkruns.vtbench.dev-v1.yml" >/dev/null
log "the vtbench operator (Helm chart)"
"${helm[@]}" upgrade --install vtbench "$repo/charts/vtbench" -n "$op_ns" --create-namespace "$@" \
  >"$logs/helm.log" 2>&1 || { cat "$logs/helm.log" >&2; die "helm upgrade --install failed"; }
# The operator discovers CloudNativePG and k6-operator once, at start: restart it when it started
# before k6-operator's CRD existed (a cluster kept from an earlier, partial install).
started=$(k -n "$op_ns" get pods -l app.kubernetes.io/name=vtbench -o jsonpath='{.items[0].status.startTime}' 2>/dev/null || true)
crd=$(k get crd testruns.k6.io -o jsonpath='{.metadata.creationTimestamp}' 2>/dev/null || true)
if [ -n "$started" ] && [ -n "$crd" ] && [[ $started < $crd ]]; then
  log "the operator started before k6-operator's CRDs existed: restarting it"
  k -n "$op_ns" rollout restart deploy/vtbench >/dev/null
fi
k -n "$op_ns" rollout status deploy/vtbench --timeout=300s >/dev/null ||
  { k -n "$op_ns" describe pods | tail -n 30 >&2; die "the vtbench operator did not roll out"; }
log "CloudNativePG${k6op:+, k6-operator} and the vtbench operator are up"
