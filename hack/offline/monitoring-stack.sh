#!/usr/bin/env bash
# Installs the monitoring stack of hack/offline/e2e.sh: prometheus-operator (the manifest
# hack/offline/e2e-images.sh renders: its CRDs and its example install in namespace default) and the
# Prometheus of hack/offline/cluster/monitoring.yaml (kube-prometheus-stack's names and selectors),
# then waits until Prometheus answers /-/ready through the API server's service proxy.
#
# Usage: hack/offline/monitoring-stack.sh --manifest FILE --prometheus-image REF [--log-dir DIR]
# Environment: KUBECTL (default: kubectl; may carry --kubeconfig).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
read -ra kubectl <<<"${KUBECTL:-kubectl}"
ns=monitoring
prom=kube-prometheus-stack-prometheus

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; }
script=monitoring-stack
. "$here/../lib.sh"
k() { "${kubectl[@]}" "$@"; }

manifest="" image="" logs=""
while [ $# -gt 0 ]; do
  case $1 in
    --manifest) manifest=$2; shift 2 ;;
    --prometheus-image) image=$2; shift 2 ;;
    --log-dir) logs=$2; shift 2 ;;
    -h | --help) usage; exit 0 ;;
    *) usage >&2; die "unknown argument '$1'" ;;
  esac
done
if [ ! -f "$manifest" ] || [ -z "$image" ]; then usage >&2; die "--manifest FILE and --prometheus-image REF are required"; fi
[ -n "$logs" ] || { logs=$(mktemp -d); trap 'rm -rf "$logs"' EXIT; }
mkdir -p "$logs"

log "prometheus-operator: CRDs and controller (kubectl apply --server-side; the CRDs are too big for client-side apply)"
k apply --server-side --force-conflicts -f "$manifest" >"$logs/prometheus-operator-apply.log" 2>&1 ||
  { tail -n 20 "$logs/prometheus-operator-apply.log" >&2; die "applying $manifest failed"; }
# Upstream asks 100m; the node's unpinned requests are budgeted to 0.9 CPU (docs/e2e.md).
k -n default set resources deploy/prometheus-operator -c prometheus-operator --requests=cpu=5m >/dev/null
k -n default rollout status deploy/prometheus-operator --timeout=300s >/dev/null ||
  { k -n default get pods -o wide >&2; die "prometheus-operator did not roll out in 300 s"; }
k wait --for=condition=Established --timeout=60s crd/prometheuses.monitoring.coreos.com \
  crd/servicemonitors.monitoring.coreos.com crd/podmonitors.monitoring.coreos.com >/dev/null

version=${image##*:}
log "Prometheus $version ($ns/$prom, hack/offline/cluster/monitoring.yaml)"
sed -e "s|@PROMETHEUS_IMAGE@|$image|" -e "s|@PROMETHEUS_VERSION@|$version|" "$here/cluster/monitoring.yaml" >"$logs/monitoring.yaml"
k apply --server-side --force-conflicts -f "$logs/monitoring.yaml" >"$logs/monitoring-apply.log" 2>&1 ||
  { tail -n 20 "$logs/monitoring-apply.log" >&2; die "applying the Prometheus failed"; }
ready() { k get --raw "/api/v1/namespaces/$ns/services/$prom:9090/proxy/-/ready" >/dev/null 2>&1; }
for _ in $(seq 1 120); do
  ready && break
  sleep 2
done
ready || { k -n "$ns" get prometheus,statefulset,pods -o wide >&2; k -n default logs deploy/prometheus-operator --tail=20 >&2; die "Prometheus not ready after 240 s"; }
log "Prometheus is ready"
