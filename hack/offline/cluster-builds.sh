# Sourced by hack/offline/local-cluster.sh, not run alone: prepare's builds and installs (kube
# binaries, CoreDNS, Debian's packages, the pause, CoreDNS and busybox images, check_tools); it
# also sets coredns_bin and coredns_image (render uses the latter).
# shellcheck shell=bash

kube_bin_ok() { [ -x "$1" ] && [ "$("$1" --version 2>/dev/null)" = "Kubernetes $KUBE_VERSION" ]; }

# kube-apiserver and kubectl come from hack/kube-tools.sh (its own lock; no-op when built).
ensure_apiserver() {
  kube_bin_ok "$kube_dir/kube-apiserver" && [ -x "$kube_dir/kubectl" ] && return 0
  log "kube-apiserver $KUBE_VERSION missing: running hack/kube-tools.sh apiserver"
  nice -n "$build_nice" bash "$here/../kube-tools.sh" apiserver
  kube_bin_ok "$kube_dir/kube-apiserver" || die "hack/kube-tools.sh apiserver left no working $kube_dir/kube-apiserver"
}

# The k8s.io/kubernetes module zip lacks ./staging/src, which its go.mod replaces every k8s.io/*
# staging module with: copy it out and point those replaces at the published v0.X.Y modules
# (dropping the few never published), exactly as hack/kube-tools.sh does for kube-apiserver, so
# both share Go's build cache.
kube_src() {
  local src=$1 mod mods=() missing edits=() m
  mod=$(moddir "k8s.io/kubernetes@$KUBE_VERSION")
  rm -rf "$src"
  mkdir -p "$(dirname "$src")"
  cp -r "$mod" "$src"
  chmod -R u+w "$src"
  rm -rf "$src/vendor" "$src"/go.work*
  mapfile -t mods < <(sed -n 's#^[[:space:]]*\(k8s\.io/[a-z0-9-]*\) => \./staging/src/.*#\1#p' "$src/go.mod")
  [ ${#mods[@]} -gt 0 ] || die "no staging replaces found in k8s.io/kubernetes@$KUBE_VERSION/go.mod"
  missing=$(cd / && GONOSUMDB='*' go list -m -e -f '{{if .Error}}{{.Path}}{{end}}' "${mods[@]/%/@$staging_ver}") || die "go list -m of the k8s.io staging modules failed"
  for m in "${mods[@]}"; do
    if grep -qx "$m" <<<"$missing"; then
      grep -q "^[[:space:]]*$m v" "$src/go.mod" && die "kubernetes requires $m@$staging_ver, which the module proxy lacks"
      edits+=("-dropreplace=$m")
    else
      edits+=("-replace=$m=$m@$staging_ver")
    fi
  done
  (cd "$src" && go mod edit "${edits[@]}")
}

build_node_bins() {
  local b todo=()
  for b in "${kube_node_bins[@]}"; do kube_bin_ok "$kube_dir/$b" || todo+=("$b"); done
  [ ${#todo[@]} -eq 0 ] && return 0
  need_cmd go "Go 1.26 or newer builds ${todo[*]} $KUBE_VERSION"
  build_lock
  local src=$kube_dir/src-node pkg ldflags="" t0
  for pkg in k8s.io/component-base/version k8s.io/client-go/pkg/version; do
    ldflags+=" -X $pkg.gitVersion=$KUBE_VERSION -X $pkg.gitMajor=${kube_plain%%.*} -X $pkg.gitMinor=$(cut -d. -f2 <<<"$kube_plain") -X $pkg.gitTreeState=clean"
  done
  log "building ${todo[*]} $KUBE_VERSION with $(go version | cut -d' ' -f3) at niceness $build_nice (logs: $build_logs/build-*.log) ..."
  kube_src "$src"
  for b in "${todo[@]}"; do
    t0=$SECONDS
    (cd "$src" && logged "build-$b" gorun go build -trimpath -ldflags "-s -w$ldflags" -o "$kube_dir/$b" "./cmd/$b")
    kube_bin_ok "$kube_dir/$b" || die "built $b reports '$("$kube_dir/$b" --version 2>&1)', not Kubernetes $KUBE_VERSION"
    log "$b $KUBE_VERSION built in $((SECONDS - t0)) s"
  done
  rm -rf "$src"
  build_unlock
}

coredns_bin=$cache/coredns/$COREDNS_VERSION/coredns
build_coredns() {
  [ -x "$coredns_bin" ] && grep -q "CoreDNS-${COREDNS_VERSION#v}" <<<"$("$coredns_bin" -version 2>/dev/null)" && return 0
  need_cmd go "Go builds CoreDNS $COREDNS_VERSION"
  build_lock
  local t0=$SECONDS
  log "building CoreDNS $COREDNS_VERSION (log: $build_logs/build-coredns.log) ..."
  mkdir -p "$(dirname "$coredns_bin")"
  CGO_ENABLED=0 GOBIN=$(dirname "$coredns_bin") logged build-coredns gorun go install -trimpath -ldflags "-s -w" "github.com/coredns/coredns@$COREDNS_VERSION"
  grep -q "CoreDNS-${COREDNS_VERSION#v}" <<<"$("$coredns_bin" -version 2>&1)" || die "built coredns reports '$("$coredns_bin" -version 2>&1 | sed -n 1p)'"
  build_unlock
  log "CoreDNS $COREDNS_VERSION built in $((SECONDS - t0)) s"
}

kube_router_bin=$cache/kube-router/$KUBE_ROUTER_VERSION/kube-router
kube_router_recipe() { echo "$KUBE_ROUTER_VERSION $KUBE_ROUTER_DEPS"; }
build_kube_router() {
  [ -x "$kube_router_bin" ] && [ "$(cat "$kube_router_bin.stamp" 2>/dev/null)" = "$(kube_router_recipe)" ] && return 0
  need_cmd go "Go builds kube-router $KUBE_ROUTER_VERSION"
  build_lock
  local t0=$SECONDS src=$cache/kube-router/src
  log "building kube-router $KUBE_ROUTER_VERSION, its flagged dependencies raised (log: $build_logs/build-kube-router.log) ..."
  rm -rf "$src"
  mkdir -p "$(dirname "$kube_router_bin")"
  cp -r "$(moddir "github.com/cloudnativelabs/kube-router/v2@$KUBE_ROUTER_VERSION")" "$src"
  chmod -R u+w "$src"
  # shellcheck disable=SC2086 # KUBE_ROUTER_DEPS is a list of module@version words
  (cd "$src" && logged build-kube-router-deps gorun go get $KUBE_ROUTER_DEPS)
  (cd "$src" && logged build-kube-router gorun go build -trimpath -ldflags "-s -w" -o "$kube_router_bin" ./cmd/kube-router)
  kube_router_recipe >"$kube_router_bin.stamp"
  rm -rf "$src"
  build_unlock
  log "kube-router $KUBE_ROUTER_VERSION built in $((SECONDS - t0)) s"
}

ensure_packages() {
  local want=() p
  [ -x "$etcd_bin" ] || nice -n "$build_nice" bash "$here/../kube-tools.sh" etcd
  for p in $CLUSTER_DEBIAN_PACKAGES; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || want+=("$p")
  done
  [ ${#want[@]} -eq 0 ] && return 0
  need_cmd apt-get "install ${want[*]} from Debian by other means"
  log "installing ${want[*]} (Debian packages, no recommends) ..."
  logged cluster-apt bash -c "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ${want[*]}"
}

check_tools() {
  local c
  for c in containerd containerd-shim-runc-v2 ctr runc iptables iptables-save iptables-restore conntrack ip ss openssl python3 curl findmnt; do
    need_cmd "$c" "run: hack/offline/local-cluster.sh prepare (Debian: $CLUSTER_DEBIAN_PACKAGES)"
  done
  for c in bridge host-local loopback; do
    [ -x "/usr/lib/cni/$c" ] || die "CNI plugin /usr/lib/cni/$c is missing (Debian: containernetworking-plugins)"
  done
  for c in kube-apiserver kubectl "${kube_node_bins[@]}"; do
    [ -x "$kube_dir/$c" ] || die "$kube_dir/$c is missing; run: hack/offline/local-cluster.sh prepare"
  done
}

# The pause image: build/pause/linux/pause.c from the same k8s.io/kubernetes module, static.
pause_tag() { sed -n 's/^TAG ?= *//p' "$(moddir "k8s.io/kubernetes@$KUBE_VERSION")/build/pause/Makefile"; }
pause_image() { echo "registry.k8s.io/pause:$(cat "$images/pause.tag")"; }
build_pause_image() {
  [ -s "$images/pause.tar" ] && [ -s "$images/pause.tag" ] && return 0
  local mod tag root
  mod=$(moddir "k8s.io/kubernetes@$KUBE_VERSION")
  tag=$(pause_tag)
  [ -n "$tag" ] || die "no TAG in $mod/build/pause/Makefile"
  root=$(mktemp -d)
  gcc -Os -Wall -static -DVERSION="v$tag-vtbench" -o "$root/pause" "$mod/build/pause/linux/pause.c" ||
    die "gcc -static of pause.c failed (Debian: gcc libc6-dev)"
  mkdir -p "$images"
  python3 "$tmpl/oci-image.py" --rootfs "$root" --name "registry.k8s.io/pause:$tag" --entrypoint /pause \
    --user 65535:65535 --out "$images/pause.tar" >&2
  rm -rf "$root"
  echo "$tag" >"$images/pause.tag"
}

coredns_image=docker.io/vtbench/coredns:$COREDNS_VERSION
build_coredns_image() {
  [ -s "$images/coredns-$COREDNS_VERSION.tar" ] && return 0
  build_coredns
  local root; root=$(mktemp -d)
  install -m 0755 "$coredns_bin" "$root/coredns"
  mkdir -p "$images"
  python3 "$tmpl/oci-image.py" --rootfs "$root" --name "$coredns_image" --entrypoint /coredns \
    --out "$images/coredns-$COREDNS_VERSION.tar" >&2
  rm -rf "$root"
}

# A small image with a shell for tests: Debian's static busybox and its applet links.
busybox_image() { echo "docker.io/vtbench/busybox:$(busybox_upstream)"; }
build_busybox_image() {
  local v; v=$(busybox_upstream)
  [ -s "$images/busybox-$v.tar" ] && return 0
  local root app; root=$(mktemp -d)
  mkdir -p "$root/bin" "$root/tmp" "$root/etc"
  chmod 1777 "$root/tmp"
  install -m 0755 "$(command -v busybox)" "$root/bin/busybox"
  for app in $("$root/bin/busybox" --list); do
    [ "$app" = busybox ] || ln -s busybox "$root/bin/$app"
  done
  printf 'root:x:0:0:root:/root:/bin/sh\nnobody:x:65534:65534:nobody:/:/bin/false\n' >"$root/etc/passwd"
  printf 'root:x:0:\nnogroup:x:65534:\n' >"$root/etc/group"
  python3 "$tmpl/oci-image.py" --rootfs "$root" --name "$(busybox_image)" --cmd sh \
    --out "$images/busybox-$v.tar" >&2
  rm -rf "$root"
}

prepare() {
  need_root "prepare"
  ensure_packages
  ensure_apiserver
  build_node_bins
  build_kube_router
  build_pause_image
  build_coredns_image
  build_busybox_image
  check_tools
}
