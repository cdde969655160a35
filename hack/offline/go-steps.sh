# Shared by hack/offline/local-cluster.sh and hack/offline/e2e-images.sh (sourced after they define
# die, build_logs and build_nice): logged steps and Go module builds from the module proxy.

# Runs a step with its output in $build_logs/NAME.log; on failure shows the log's tail.
logged() {
  local name=$1; shift
  mkdir -p "$build_logs"
  if ! "$@" >"$build_logs/$name.log" 2>&1; then
    tail -n 40 "$build_logs/$name.log" >&2
    die "$name failed; full log: $build_logs/$name.log"
  fi
}
gorun() { GONOSUMDB='*' GOFLAGS='-mod=mod -buildvcs=false' nice -n "$build_nice" "$@"; }
# Downloads a module through the configured GOPROXY and prints its read-only directory.
moddir() {
  local out dir
  out=$(cd / && GONOSUMDB='*' go mod download -json "$1" 2>&1) || die "cannot download Go module $1 (GOPROXY=$(go env GOPROXY)): $(grep -m1 Error <<<"$out" || echo "$out")"
  dir=$(sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p' <<<"$out")
  [ -d "$dir" ] || die "go mod download $1 gave no directory"
  echo "$dir"
}
