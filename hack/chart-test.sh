#!/usr/bin/env bash
# Lints charts/vtbench and renders it with `helm template` in the four configurations the chart's
# Java checks use (operator/kube/src/test/java/dev/vtbench/operator/chart/*IT and ChartIT: security
# contexts, RBAC, monitors, the dashboard, values; `make chart-test` runs them after this script),
# then checks examples/*.yaml and examples/gate/*.yaml against the CRD without a cluster
# (hack/examples-check.py). One line per step; exits 1 on any failure.
#
# Usage: hack/chart-test.sh [--out DIR] [-h|--help]
#   --out DIR   also keep the rendered manifests there (CRD included), one file per
#               configuration: default.yaml, watch-namespaces.yaml (namespaces a and b must
#               exist before applying it), monitoring.yaml and monitoring-namespaces.yaml (need
#               the prometheus-operator CRDs; the latter watches namespaces a and b). All render
#               the release "vtbench" into namespace vtbench-system.
# Environment: HELM (default: ~/.cache/vtbench/bin/helm, else helm on PATH; hack/kube-tools.sh
#   helm builds it), PYTHON (default: a python3 with PyYAML).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
chart=$root/charts/vtbench
release=vtbench
namespace=vtbench-system

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; }
script=chart-test.sh die_status=2
. "$here/lib.sh"

out=""
while [ $# -gt 0 ]; do
  case $1 in
    --out) [ $# -ge 2 ] || die "--out needs a directory"; out=$2; shift 2 ;;
    --out=*) out=${1#--out=}; shift ;;
    -h | --help) usage; exit 0 ;;
    *) die "unknown argument '$1' (see --help)" ;;
  esac
done

helm=${HELM:-}
if [ -z "$helm" ]; then
  if [ -x "${VTBENCH_CACHE:-$HOME/.cache/vtbench}/bin/helm" ]; then
    helm=${VTBENCH_CACHE:-$HOME/.cache/vtbench}/bin/helm
  elif command -v helm >/dev/null 2>&1; then
    helm=$(command -v helm)
  else
    die "helm not found: run hack/kube-tools.sh helm (or set HELM)"
  fi
fi
python=${PYTHON:-}
if [ -z "$python" ]; then
  for p in python3 /usr/bin/python3; do
    if command -v "$p" >/dev/null 2>&1 && "$p" -c 'import yaml' 2>/dev/null; then python=$p; break; fi
  done
  [ -n "$python" ] || die "needs python3 with PyYAML (apt-get install python3-yaml)"
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
dir=${out:-$work/rendered}
mkdir -p "$dir"
failed=0
ok() { printf 'ok   %s\n' "$*"; }
fail() { printf 'FAIL %s\n' "$*"; failed=1; }

if "$helm" lint "$chart" >"$work/lint.log" 2>&1; then
  ok "helm lint charts/vtbench ($("$helm" version --template '{{.Version}}'))"
else
  fail "helm lint charts/vtbench:"; sed 's/^/       /' "$work/lint.log"
fi

render() { # name, extra helm args...
  local name=$1; shift
  if "$helm" template "$release" "$chart" --namespace "$namespace" --include-crds "$@" \
    >"$dir/$name.yaml" 2>"$work/$name.err"; then
    ok "helm template $name${*:+ ($*)}: $(grep -c '^kind:' "$dir/$name.yaml") objects -> $dir/$name.yaml"
  else
    fail "helm template $name:"; sed 's/^/       /' "$work/$name.err"
  fi
}
# The configurations of ChartRender.Config (the Java checks render their own).
render default
render watch-namespaces --set 'watchNamespaces={a,b}'
render monitoring --set monitoring.enabled=true --set monitoring.labels.release=prom
render monitoring-namespaces --set monitoring.enabled=true --set monitoring.labels.release=prom \
  --set 'watchNamespaces={a,b}' --set monitoring.serviceMonitors.stub.enabled=false \
  --set monitoring.dashboards.namespace=grafana

"$python" "$here/examples-check.py" || failed=1
"$python" "$here/examples-check.py" --examples "$here/../examples/gate" || failed=1

if [ "$failed" = 0 ]; then echo "ok   chart-test: all checks passed"; else echo "FAIL chart-test: see the FAIL lines above"; fi
exit "$failed"
