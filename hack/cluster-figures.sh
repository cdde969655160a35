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
script=cluster-figures
# shellcheck source=hack/lib.sh
. "$here/lib.sh"

mkdir -p "$out"
status=0
parts=$(fetch_results_csv "$run" "$ns" "$out/matrix.csv") || status=$?
if [ "$status" -eq 3 ]; then
  echo "cluster-figures: no ConfigMap $run-results in namespace ${ns:-of the current context}:" \
    "is $run the BenchmarkRun's name, and has it recorded a scenario (kubectl get bench $run)?" >&2
  exit 2
elif [ "$status" -ne 0 ]; then
  exit "$status"
fi
echo "$parts part(s) -> $out/matrix.csv"
"${vtbench[@]}" figures "$out/matrix.csv" --out "$out" --title "$run"
