#!/usr/bin/env bash
# Provides, without internet (Go module proxy only), what the operator's integration
# tests need for a real kube-apiserver + etcd through fabric8 kube-api-test in offline mode, plus
# third-party CRDs and Helm. Everything is pinned in hack/versions.env and cached under
# ~/.cache/vtbench; a run with warm caches does no network or Go work. See --help.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=versions.env
. "$here/versions.env"
cache=${VTBENCH_CACHE:-$HOME/.cache/vtbench}
kube_plain=${KUBE_VERSION#v}                          # 1.37.2
staging_ver=v0.${kube_plain#*.}                       # k8s.io/* staging modules: v0.37.2
kube_dir=$cache/kube/$KUBE_VERSION
api_test_dir=${KUBE_API_TEST_DIR:-$cache/kube-api-test}
# One directory per version set, so worktrees on different pins share the cache without refetching.
crd_dir=$cache/crds/cnpg-$CNPG_VERSION.k6op-$K6_OPERATOR_VERSION.promop-$PROMETHEUS_OPERATOR_VERSION
helm_bin=$cache/bin/helm
logs=$cache/logs
case $(uname -m) in x86_64 | amd64) arch=amd64 ;; aarch64 | arm64) arch=arm64 ;; *) arch=$(uname -m) ;; esac
layout_dir=$api_test_dir/k8s/$kube_plain-linux-$arch  # what kube-api-test looks for

usage() {
  cat <<EOF
Usage: hack/kube-tools.sh [all|apiserver|etcd|crds|helm|env|--help]
  all        everything below (default); independent builds run concurrently
  apiserver  build kube-apiserver + kubectl $KUBE_VERSION from k8s.io/kubernetes (~9 min cold)
  etcd       build etcd $ETCD_VERSION from go.etcd.io/etcd/server/v3 into $(dirname "$etcd_bin") (~2 min cold)
  crds       CloudNativePG $CNPG_VERSION, k6-operator $K6_OPERATOR_VERSION and
             prometheus-operator $PROMETHEUS_OPERATOR_VERSION CRDs into $crd_dir
  helm       go install Helm $HELM_VERSION into $cache/bin (~3 min cold)
  env        print the export lines the tests need (eval "\$(hack/kube-tools.sh env)")
Binaries are laid out for kube-api-test in $layout_dir
(override the root with KUBE_API_TEST_DIR; the cache root with VTBENCH_CACHE).
EOF
}
script=kube-tools.sh
. "$here/lib.sh"
need_go() {
  command -v go >/dev/null 2>&1 || die "Go (1.26 or newer) is needed to build $1; install it"
}
# logged, gorun and moddir: the same steps the offline cluster scripts use (un-niced here: make test
# waits for these builds)
build_logs=$logs
build_nice=0
# shellcheck source=hack/offline/go-steps.sh
. "$here/offline/go-steps.sh"

build_apiserver() {
  local stamp=$kube_dir/.built
  [ -x "$kube_dir/kube-apiserver" ] && [ -x "$kube_dir/kubectl" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$KUBE_VERSION" ] && return 0
  need_go "kube-apiserver $KUBE_VERSION"
  log "building kube-apiserver and kubectl $KUBE_VERSION with $(go version | cut -d' ' -f3) (about 9 minutes the first time; log: $logs/apiserver.log) ..."
  local t0=$SECONDS src=$kube_dir/src mod mods=() missing
  mod=$(moddir "k8s.io/kubernetes@$KUBE_VERSION")
  rm -rf "$src"
  mkdir -p "$kube_dir"
  cp -r "$mod" "$src"
  chmod -R u+w "$src"
  rm -rf "$src/vendor" "$src"/go.work*
  # The module zip lacks ./staging/src; point every staging replace at the published v0.X.Y module
  # instead, and drop replaces for the few that were never published (e.g. sample-controller).
  mapfile -t mods < <(sed -n 's#^[[:space:]]*\(k8s\.io/[a-z0-9-]*\) => \./staging/src/.*#\1#p' "$src/go.mod")
  [ ${#mods[@]} -gt 0 ] || die "no staging replaces found in k8s.io/kubernetes@$KUBE_VERSION/go.mod"
  missing=$(cd / && gorun go list -m -e -f '{{if .Error}}{{.Path}}{{end}}' "${mods[@]/%/@$staging_ver}") || die "go list -m of the k8s.io staging modules failed"
  [ "$(grep -c . <<<"$missing")" -lt ${#mods[@]} ] || die "no k8s.io/*@$staging_ver module found on GOPROXY=$(go env GOPROXY)"
  local edits=() m
  for m in "${mods[@]}"; do
    if grep -qx "$m" <<<"$missing"; then
      if grep -q "^[[:space:]]*$m v" "$src/go.mod"; then die "kubernetes requires $m@$staging_ver, which the module proxy lacks"; fi
      edits+=("-dropreplace=$m")
    else
      edits+=("-replace=$m=$m@$staging_ver")
    fi
  done
  (cd "$src" && go mod edit "${edits[@]}")
  local pkg v=$KUBE_VERSION ldflags=""
  for pkg in k8s.io/component-base/version k8s.io/client-go/pkg/version; do
    ldflags+=" -X $pkg.gitVersion=$v -X $pkg.gitMajor=${kube_plain%%.*} -X $pkg.gitMinor=$(cut -d. -f2 <<<"$kube_plain") -X $pkg.gitTreeState=clean"
  done
  (cd "$src" && logged apiserver gorun go build -trimpath -ldflags "-s -w$ldflags" -o "$kube_dir/" ./cmd/kube-apiserver ./cmd/kubectl)
  "$kube_dir/kube-apiserver" --version | grep -qx "Kubernetes $KUBE_VERSION" || die "built kube-apiserver reports '$("$kube_dir/kube-apiserver" --version)', not $KUBE_VERSION"
  rm -rf "$src"
  echo "$KUBE_VERSION" >"$stamp"
  log "kube-apiserver and kubectl $KUBE_VERSION built in $((SECONDS - t0)) s"
}

# etcd from its Go module (a generated main around etcdmain.Main), not Debian's etcd-server 3.4:
# kube-apiserver turns its RequestWatchProgress storage feature (watch-list) off below etcd 3.4.31 /
# 3.5.13, and fabric8's informers then log a stack trace per watch. Shared with local-cluster.sh.
etcd_bin=$cache/etcd/$ETCD_VERSION/etcd
etcd_ok() { [ -x "$etcd_bin" ] && grep -qx "etcd Version: ${ETCD_VERSION#v}" <<<"$("$etcd_bin" --version 2>/dev/null)"; }
build_etcd() {
  etcd_ok && return 0
  need_go "etcd $ETCD_VERSION"
  log "building etcd $ETCD_VERSION from go.etcd.io/etcd/server/v3 (about 2 minutes the first time; log: $logs/etcd.log) ..."
  local t0=$SECONDS src
  src=$(mktemp -d)
  printf 'package main\n\nimport (\n\t"os"\n\n\t"go.etcd.io/etcd/server/v3/etcdmain"\n)\n\nfunc main() { etcdmain.Main(os.Args) }\n' >"$src/main.go"
  mkdir -p "$(dirname "$etcd_bin")"
  (cd "$src" && go mod init vtbench.local/etcd >/dev/null 2>&1 && go mod edit -require="go.etcd.io/etcd/server/v3@$ETCD_VERSION" &&
    logged etcd-tidy gorun go mod tidy && CGO_ENABLED=0 logged etcd gorun go build -trimpath -ldflags "-s -w" -o "$etcd_bin.tmp" .) ||
    die "etcd $ETCD_VERSION did not build (logs: $logs/etcd-tidy.log, $logs/etcd.log)"
  rm -rf "$src"
  mv "$etcd_bin.tmp" "$etcd_bin"
  etcd_ok || die "built etcd reports '$("$etcd_bin" --version 2>&1 | sed -n 1p)', not $ETCD_VERSION"
  log "etcd $ETCD_VERSION built in $((SECONDS - t0)) s"
}

layout() {
  [ -x "$kube_dir/kube-apiserver" ] || die "no kube-apiserver in $kube_dir; run: hack/kube-tools.sh apiserver"
  mkdir -p "$layout_dir"
  etcd_ok || die "no etcd $ETCD_VERSION at $etcd_bin; run: hack/kube-tools.sh etcd"
  ln -sfn "$etcd_bin" "$layout_dir/etcd"
  ln -sfn "$kube_dir/kube-apiserver" "$layout_dir/kube-apiserver"
  ln -sfn "$kube_dir/kubectl" "$layout_dir/kubectl"
}

fetch_crds() {
  local want="cnpg=$CNPG_VERSION k6-operator=$K6_OPERATOR_VERSION prometheus-operator=$PROMETHEUS_OPERATOR_VERSION"
  [ "$(cat "$crd_dir/.fetched" 2>/dev/null)" = "$want" ] && return 0
  need_go "the CRD modules"
  log "fetching CRDs ($want) ..."
  local cnpg k6op promop f
  cnpg=$(moddir "github.com/cloudnative-pg/cloudnative-pg@$CNPG_VERSION")
  k6op=$(moddir "github.com/grafana/k6-operator@$K6_OPERATOR_VERSION")
  promop=$(moddir "github.com/prometheus-operator/prometheus-operator@$PROMETHEUS_OPERATOR_VERSION")
  rm -rf "$crd_dir"
  mkdir -p "$crd_dir"
  for f in "$cnpg"/config/crd/bases/*.yaml \
    "$k6op/config/crd/bases/k6.io_testruns.yaml" \
    "$promop/example/prometheus-operator-crd/monitoring.coreos.com_servicemonitors.yaml" \
    "$promop/example/prometheus-operator-crd/monitoring.coreos.com_podmonitors.yaml"; do
    [ -f "$f" ] || die "CRD file $f is missing from its module"
    install -m 0644 "$f" "$crd_dir/"
  done
  [ -f "$crd_dir/postgresql.cnpg.io_clusters.yaml" ] || die "CloudNativePG clusters CRD not found"
  echo "$want" >"$crd_dir/.fetched"
  log "$(find "$crd_dir" -name '*.yaml' | wc -l) CRDs in $crd_dir"
}

helm_ok() { [ -x "$helm_bin" ] && [ "$("$helm_bin" version --template '{{.Version}}' 2>/dev/null)" = "$HELM_VERSION" ]; }
build_helm() {
  helm_ok && return 0
  need_go "Helm $HELM_VERSION"
  log "building Helm $HELM_VERSION (about 3 minutes the first time; log: $logs/helm.log) ..."
  local t0=$SECONDS v=helm.sh/helm/v3 minor
  # Same -X flags as Helm's Makefile, so `helm version` and .Capabilities.KubeVersion are right
  # (a plain go install reports v3.19 and Kubernetes v1.20.0): the minor of Helm's client-go.
  minor=$(sed -n 's#^[[:space:]]*k8s.io/client-go v0\.\([0-9]*\)\..*#\1#p' "$(moddir "$v@$HELM_VERSION")/go.mod")
  [ -n "$minor" ] || die "cannot find the client-go version in $v@$HELM_VERSION/go.mod"
  local kv="-X $v/pkg/chartutil.k8sVersionMajor=1 -X $v/pkg/chartutil.k8sVersionMinor=$minor"
  kv+=" -X $v/pkg/lint/rules.k8sVersionMajor=1 -X $v/pkg/lint/rules.k8sVersionMinor=$minor"
  mkdir -p "$cache/bin"
  GOBIN="$cache/bin" logged helm gorun go install -trimpath -ldflags "-s -w -X $v/internal/version.version=$HELM_VERSION $kv" "$v/cmd/helm@$HELM_VERSION"
  helm_ok || die "built helm reports '$("$helm_bin" version --template '{{.Version}}')', not $HELM_VERSION"
  log "Helm $HELM_VERSION built in $((SECONDS - t0)) s"
}

print_env() {
  printf 'export KUBE_API_TEST_DIR=%q\n' "$api_test_dir"
  printf 'export KUBE_API_TEST_OFFLINE_MODE=true\n'
  printf 'export KUBE_API_TEST_API_SERVER_VERSION=%q\n' "$kube_plain"
  printf 'export VTBENCH_CRDS=%q\n' "$crd_dir"
  printf 'export HELM=%q\n' "$helm_bin"
}

# Serialises concurrent runs (e.g. make -j) so they never build into the same directories.
locked() { mkdir -p "$cache"; exec 9>"$cache/.kube-tools.lock"; flock 9; }

cmd=${1:-all}
case $cmd in
  -h | --help | help) usage ;;
  env) print_env ;;
  apiserver) locked; build_apiserver; ! etcd_ok || layout ;;
  etcd) locked; build_etcd; [ ! -x "$kube_dir/kube-apiserver" ] || layout ;;
  crds) locked; fetch_crds ;;
  helm) locked; build_helm ;;
  all)
    locked
    helm_pid=""
    if ! helm_ok; then
      set -m  # own process group, so an early exit can stop go and its compilers too
      build_helm & helm_pid=$!
      set +m
      trap '[ -z "$helm_pid" ] || kill -- "-$helm_pid" 2>/dev/null || true' EXIT
    fi
    fetch_crds
    build_etcd
    build_apiserver
    layout
    if [ -n "$helm_pid" ]; then
      wait "$helm_pid" || { helm_pid=""; die "Helm build failed (see above)"; }
      helm_pid=""
    fi
    ;;
  *) usage >&2; die "unknown subcommand '$cmd'" ;;
esac
