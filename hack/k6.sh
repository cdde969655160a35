#!/usr/bin/env bash
# Builds the pinned k6 (hack/versions.env) into ~/.cache/vtbench/bin/k6 with the Go toolchain,
# unless that exact version is already there. Prints the binary's path.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=versions.env
. "$here/versions.env"
cache=${VTBENCH_CACHE:-$HOME/.cache/vtbench}
bin="$cache/bin/k6"

if [ -x "$bin" ] && "$bin" version 2>/dev/null | grep -q "k6 $K6_VERSION "; then
  echo "$bin"
  exit 0
fi
if ! command -v go >/dev/null 2>&1; then
  echo "k6.sh: Go is needed to build k6 $K6_VERSION (Go 1.24 or newer); install it, or put a k6 binary on PATH" >&2
  exit 1
fi
echo "k6.sh: building k6 $K6_VERSION with $(go version | cut -d' ' -f3) (about 3 minutes the first time) ..." >&2
mkdir -p "$cache/bin"
GOBIN="$cache/bin" GONOSUMDB='*' GOFLAGS=-mod=mod go install "go.k6.io/k6@$K6_VERSION" >&2
"$bin" version >&2
echo "$bin"
