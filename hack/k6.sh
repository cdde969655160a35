#!/usr/bin/env bash
# Builds the pinned k6 (hack/versions.env) with vtbench's extension k6/x/vtbench (hack/k6/: k6's
# own CPU time and cgroup, which a k6 script cannot read at a hold's edges) into
# ~/.cache/vtbench/bin/k6 with the Go toolchain, unless that exact build is already there (a stamp
# beside it names the k6 version and the extension's sources). Runs the extension's tests first.
# Prints the binary's path.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=versions.env
. "$here/versions.env"
cache=${VTBENCH_CACHE:-$HOME/.cache/vtbench}
bin="$cache/bin/k6"
src="$here/k6"
recipe="k6 $K6_VERSION ext $(cd "$src" && cat go.mod main.go vtbench/*.go | sha256sum | cut -c1-16)"

if [ -x "$bin" ] && [ "$(cat "$bin.recipe" 2>/dev/null)" = "$recipe" ]; then
  echo "$bin"
  exit 0
fi
if ! command -v go >/dev/null 2>&1; then
  echo "k6.sh: Go is needed to build k6 $K6_VERSION (Go 1.24 or newer); install it, or put a k6 binary on PATH" >&2
  exit 1
fi
echo "k6.sh: building k6 $K6_VERSION with k6/x/vtbench, $(go version | cut -d' ' -f3) (about 3 minutes the first time) ..." >&2
# A copy to build in: resolving k6's module graph writes go.mod and go.sum, never into the repository.
work="$cache/k6-src"
rm -rf "$work"
mkdir -p "$work" "$cache/bin"
cp -r "$src/." "$work/"
sed -i "s|go.k6.io/k6 v[0-9.]*|go.k6.io/k6 $K6_VERSION|" "$work/go.mod"
(
  cd "$work"
  export GONOSUMDB='*' GOFLAGS='-mod=mod -buildvcs=false'
  go test ./vtbench >&2
  go build -trimpath -o "$bin.new" . >&2
)
mv "$bin.new" "$bin"
echo "$recipe" >"$bin.recipe"
"$bin" version >&2
echo "$bin"
