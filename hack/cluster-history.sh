#!/usr/bin/env bash
# How each cell moved over a cluster's runs of one spec: finds the results ConfigMaps of every run
# whose name starts with PREFIX (a pipeline's nightly-20261127, nightly-20261128, …; the runs may be
# deleted if they kept their results, spec.results.keepOnDelete), joins each run's CSV parts into
# OUT/<run>/matrix.csv and renders the history with `vtbench history` into OUT (history.md,
# history.png).
#
# Usage: hack/cluster-history.sh PREFIX [NAMESPACE] [OUT] [--last N]   (OUT: results/PREFIX-history)
# Environment: KUBECTL (default kubectl), VTBENCH (the command running the CLI; default
#   hack/vtbench, which finds JDK 25 and builds the CLI jar when it is missing).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
if [ $# -lt 1 ] || [ "$1" = -h ] || [ "$1" = --help ]; then
  sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi
args=()
last=()
while [ $# -gt 0 ]; do
  if [ "$1" = --last ]; then
    last=(--last "${2:?--last needs a number}")
    shift 2
  else
    args+=("$1")
    shift
  fi
done
prefix=${args[0]}
ns=${args[1]:-}
out=${args[2]:-$root/results/$prefix-history}
kubectl=${KUBECTL:-kubectl}
read -r -a vtbench <<<"${VTBENCH:-$root/hack/vtbench}"
script=cluster-history
# shellcheck source=hack/lib.sh
. "$here/lib.sh"
nsarg=()
if [ -n "$ns" ]; then nsarg=(-n "$ns"); fi

# Every run with results here: the run label of vtbench's results ConfigMaps.
runs=$("$kubectl" "${nsarg[@]}" get configmap \
  -l app.kubernetes.io/managed-by=vtbench-operator,app.kubernetes.io/component=results \
  -o jsonpath='{range .items[*]}{.metadata.labels.vtbench\.dev/run}{"\n"}{end}' |
  awk -v p="$prefix" 'index($0, p) == 1' | sort -u) || true
if [ -z "$runs" ]; then
  die "no results ConfigMap of a run named $prefix… in namespace ${ns:-of the current context}" \
    "(kubectl get configmap -l app.kubernetes.io/component=results lists them)"
fi
csvs=()
while read -r run; do
  mkdir -p "$out/$run"
  parts=$(fetch_results_csv "$run" "$ns" "$out/$run/matrix.csv")
  log "$run: $parts part(s) -> $out/$run/matrix.csv"
  csvs+=("$out/$run/matrix.csv")
done <<<"$runs"
"${vtbench[@]}" history "${csvs[@]}" "${last[@]}" --out "$out" --title "$prefix"
