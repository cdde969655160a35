#!/usr/bin/env bash
# Takes a cluster run's results home: fetches the CSV parts <run>-results, <run>-results-2, …
# (in order, until one is missing) with kubectl, joins them into OUT/matrix.csv and renders
# hero.png, bottleneck.png and summary.md there with `vtbench figures` (the engine code local
# runs use). Works as long as the results ConfigMaps exist, also after the run is deleted.
#
# Usage: hack/cluster-figures.sh RUN [NAMESPACE] [OUT]     (OUT defaults to results/RUN)
# Environment: KUBECTL (default kubectl), VTBENCH (the command running the CLI; default
#   hack/vtbench, which finds JDK 25 and builds the CLI jar when it is missing).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
if [ $# -lt 1 ] || [ "$1" = -h ] || [ "$1" = --help ]; then
  sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi
run=$1
ns=${2:-}
out=${3:-$root/results/$run}
kubectl=${KUBECTL:-kubectl}
read -r -a vtbench <<<"${VTBENCH:-$root/hack/vtbench}"
nsarg=()
if [ -n "$ns" ]; then nsarg=(-n "$ns"); fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
parts=()
for ((i = 1; ; i++)); do
  name=$run-results
  if [ "$i" -gt 1 ]; then name=$run-results-$i; fi
  if ! "$kubectl" "${nsarg[@]}" get configmap "$name" -o jsonpath='{.data.matrix\.csv}' \
    >"$tmp/part-$i.csv" 2>"$tmp/err"; then
    if grep -q NotFound "$tmp/err"; then break; fi
    echo "cluster-figures: kubectl get configmap $name failed: $(cat "$tmp/err")" >&2
    exit 1
  fi
  parts+=("$tmp/part-$i.csv")
done
if [ ${#parts[@]} -eq 0 ]; then
  echo "cluster-figures: no ConfigMap $run-results in namespace ${ns:-of the current context}:" \
    "is $run the BenchmarkRun's name, and has it recorded a scenario (kubectl get bench $run)?" >&2
  exit 2
fi
mkdir -p "$out"
# One CSV: the first part whole, the others without their header line.
{
  cat "${parts[0]}"
  for p in "${parts[@]:1}"; do tail -n +2 "$p"; done
} >"$out/matrix.csv"
echo "${#parts[@]} part(s) -> $out/matrix.csv"
"${vtbench[@]}" figures "${parts[@]}" --out "$out" --title "$run"
