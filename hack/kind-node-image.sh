#!/usr/bin/env bash
# Builds a kind node image here, offline: no registry, only the Go module proxy and Debian's
# packages. hack/kind.sh (make kind) runs it when KIND_NODE_IMAGE is not set.
#
#   base image   Debian bookworm (debootstrap) with systemd, containerd, runc and the CNI plugins
#                from Debian, and kind's own base files (entrypoint, systemd units, containerd
#                config) from the sigs.k8s.io/kind module of KIND_VERSION: kind's layout, systemd
#                as PID 1. `docker import` makes it an image.
#   node image   the base with kubeadm, kubelet and kubectl of KUBE_VERSION, /kind/version, kind's
#                default CNI and storage manifests, and in its containerd (k8s.io namespace) every
#                image those and kubeadm name, under the names they name: kube-apiserver,
#                -controller-manager, -scheduler, -proxy (built from k8s.io/kubernetes as make e2e
#                builds them), etcd (ETCD_VERSION), CoreDNS (COREDNS_VERSION), pause (pause.c of
#                the same module), kindnetd (a stand-in: hack/kind/kindnetd.sh), local-path-
#                provisioner (its Go module) and its helper (busybox).
# It does what `kind build node-image` does (a container of the base image, the binaries copied
# in, the images imported into its containerd, `docker commit`), because that command fetches
# every image but the four Kubernetes ones from its registry (pkg/build/nodeimage, `ctr content
# fetch`). Everything is cached under ~/.cache/vtbench/kind; a warm run only compares stamps.
#
# Usage: hack/kind-node-image.sh [build|name|kind|-h|--help]
#   build   build what is missing and print the node image's name (the default)
#   base    build the base image only and print its name
#   name    print the node image's name only
#   kind    install kind KIND_VERSION into ~/.cache/vtbench/bin (go install) and print its path
#   remove  delete from Docker the images this script builds: every tag of vtbench/kind-node and
#           vtbench/kind-base, and the untagged node images rebuilds leave (hack/kind.sh clean)
# Needs: root (debootstrap, chroot), a running Docker engine, Go, python3, gcc (pause),
#   busybox-static, debootstrap. Environment: VTBENCH_CACHE, VTBENCH_BUILD_NICE (19),
#   VTBENCH_DEBIAN_MIRROR (http://deb.debian.org/debian).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=versions.env
. "$here/versions.env"
cache=${VTBENCH_CACHE:-$HOME/.cache/vtbench}
kube_dir=$cache/kube/$KUBE_VERSION
kube_plain=${KUBE_VERSION#v}
staging_ver=v0.${kube_plain#*.}
etcd_bin=$cache/etcd/$ETCD_VERSION/etcd
build_logs=$cache/logs
build_nice=${VTBENCH_BUILD_NICE:-19}
tmpl=$here/offline/cluster
images=$cache/images
kdir=$cache/kind
ktars=$kdir/images
kind_bin=$cache/bin/kind
mirror=${VTBENCH_DEBIAN_MIRROR:-http://deb.debian.org/debian}
# Bump when a recipe below changes in a way the keys do not show.
recipe=1
base_packages=systemd,conntrack,iptables,nftables,iproute2,ethtool,util-linux,mount,kmod,libseccomp2,pigz,bash,ca-certificates,curl,jq,procps,containerd,runc,containernetworking-plugins

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; }
script=kind-node-image.sh root_for="debootstrap, chroot"
. "$here/lib.sh"
. "$here/offline/go-steps.sh"
build_lock() { mkdir -p "$cache"; exec 9>"$cache/.kube-tools.lock"; flock 9; }
build_unlock() { exec 9>&-; }
kube_node_bins=(kubelet kube-controller-manager kube-scheduler kube-proxy kubeadm)
# build_node_bins, build_coredns, coredns_bin
. "$here/offline/cluster-builds.sh"
# kubeadm has no --version flag.
kube_bin_ok() {
  [ -x "$1" ] || return 1
  case $1 in
    */kubeadm) [ "$("$1" version -o short 2>/dev/null)" = "$KUBE_VERSION" ] ;;
    *) [ "$("$1" --version 2>/dev/null)" = "Kubernetes $KUBE_VERSION" ] ;;
  esac
}
sha() { sha256sum "$@" | cut -c1-12; }
current() { [ -s "$1" ] && [ "$(cat "$1.stamp" 2>/dev/null)" = "$2" ]; }

ensure_kind() {
  if ! [ -x "$kind_bin" ] || ! "$kind_bin" version 2>/dev/null | grep -q "kind $KIND_VERSION "; then
    need_cmd go "Go installs kind $KIND_VERSION"
    log "installing kind $KIND_VERSION (go install sigs.k8s.io/kind@$KIND_VERSION) ..."
    mkdir -p "$(dirname "$kind_bin")"
    GOBIN=$(dirname "$kind_bin") logged kind-install gorun go install "sigs.k8s.io/kind@$KIND_VERSION"
  fi
  echo "$kind_bin"
}

# ---------------------------------------------------------------------------------------------
# The base image: kind's images/base, its packages from Debian instead of built from source.

base_root=$kdir/base-root
base_key() { echo "recipe=$recipe kind=$KIND_VERSION packages=$base_packages mirror=$mirror"; }
base_image() { echo "vtbench/kind-base:$KIND_VERSION-$({ base_key; sha "$here/kind/runc-capfit.sh"; } | sha256sum | cut -c1-8)"; }
build_base_root() {
  current "$base_root/.vtbench" "$(base_key)" && return 0
  need_root "the base root file system"
  need_cmd debootstrap "Debian: debootstrap"
  local kmod t0=$SECONDS
  kmod=$(moddir "sigs.k8s.io/kind@$KIND_VERSION")
  rm -rf "$base_root"
  mkdir -p "$kdir"
  log "debootstrap bookworm with systemd, containerd, runc, CNI plugins from $mirror (log: $build_logs/kind-debootstrap.log) ..."
  logged kind-debootstrap unshare --mount --propagation private -- \
    nice -n "$build_nice" debootstrap --variant=minbase --include="$base_packages" bookworm "$base_root" "$mirror"
  # kind's files, with the modes its Dockerfile gives them.
  cp -r "$kmod/images/base/files/." "$base_root/"
  chmod -R u+w,go-w "$base_root/kind" "$base_root/etc" "$base_root/usr/local/bin"
  find "$base_root/kind" "$base_root/etc/containerd" "$base_root/etc/default" "$base_root/etc/sysctl.d" \
    "$base_root/etc/systemd/system" "$base_root/LICENSES" -type f -exec chmod 0644 {} +
  chmod 0755 "$base_root"/usr/local/bin/* "$base_root"/kind/bin/*
  # kind builds containerd, runc and the CNI plugins into /usr/local/bin, /usr/local/sbin and
  # /opt/cni/bin; Debian's are in /usr/bin, /usr/sbin and /usr/lib/cni.
  local b
  for b in containerd ctr containerd-shim-runc-v2; do ln -sf "/usr/bin/$b" "$base_root/usr/local/bin/$b"; done
  mkdir -p "$base_root/opt/cni/bin"
  for b in host-local loopback ptp portmap bridge; do cp "$base_root/usr/lib/cni/$b" "$base_root/opt/cni/bin/"; done
  logged kind-base-setup chroot "$base_root" /bin/bash -euc '
    find /lib/systemd/system/sysinit.target.wants/ -name "systemd-tmpfiles-setup.service" -delete
    rm -f /lib/systemd/system/multi-user.target.wants/* /etc/systemd/system/*.wants/* \
      /lib/systemd/system/local-fs.target.wants/* /lib/systemd/system/sockets.target.wants/*udev* \
      /lib/systemd/system/sockets.target.wants/*initctl* /lib/systemd/system/basic.target.wants/*
    echo "ReadKMsg=no" >> /etc/systemd/journald.conf
    ln -sf "$(command -v systemd || echo /lib/systemd/systemd)" /sbin/init
    systemctl enable kubelet.service containerd.service undo-mount-hacks.service
    systemctl mask systemd-binfmt.service
    mkdir -p /etc/kubernetes/manifests
    ctr oci spec | jq ".hooks.createContainer[.hooks.createContainer| length] |= . + {\"path\": \"/kind/bin/mount-product-files.sh\"}" |
      jq "del(.process.rlimits)" > /etc/containerd/cri-base.json
    apt-get clean
    rm -rf /var/lib/apt/lists/* /usr/share/doc/* /usr/share/man/* /usr/share/locale/* /var/log/*.log
    : > /etc/machine-id'
  base_key >"$base_root/.vtbench.stamp"
  echo ok >"$base_root/.vtbench"
  log "base root file system ready in $((SECONDS - t0)) s ($(du -sh "$base_root" | cut -f1))"
}
build_base_image() {
  local img; img=$(base_image)
  docker image inspect "$img" >/dev/null 2>&1 && return 0
  build_base_root
  # containerd runs runc through runc-capfit (hack/kind/runc-capfit.sh: privileged pods on a host
  # that cannot grant every capability); idempotent.
  install -m 0755 "$here/kind/runc-capfit.sh" "$base_root/usr/local/sbin/runc-capfit"
  grep -q 'BinaryName' "$base_root/etc/containerd/config.toml" ||
    sed -i 's#^\([[:space:]]*\)SystemdCgroup = true$#&\n\1BinaryName = "/usr/local/sbin/runc-capfit"#' "$base_root/etc/containerd/config.toml"
  grep -c 'BinaryName' "$base_root/etc/containerd/config.toml" | grep -qx 2 || die "could not set runc-capfit in kind's containerd config"
  log "docker import $img ..."
  tar -C "$base_root" --numeric-owner --exclude=./.vtbench --exclude=./.vtbench.stamp -cf - . |
    docker import - "$img-rootfs" >/dev/null
  # docker import takes no STOPSIGNAL: a one-step build adds kind's image settings (no network).
  printf 'FROM %s\nENV container=docker\nSTOPSIGNAL SIGRTMIN+3\nENTRYPOINT [ "/usr/local/bin/entrypoint", "/sbin/init" ]\n' "$img-rootfs" |
    DOCKER_BUILDKIT=0 docker build -q -t "$img" - >/dev/null || die "docker build of $img failed"
  docker rmi "$img-rootfs" >/dev/null
}

# ---------------------------------------------------------------------------------------------
# The images kind and kubeadm name, each a small root file system packed by oci-image.py.

# Copies the shared libraries BIN... link against (and the loader) into ROOT, as ldd in the
# host (or, with LDD_ROOT, in that chroot) resolves them.
libs_into() {
  local root=$1 f; shift
  for f in $(if [ -n "${LDD_ROOT:-}" ]; then chroot "$LDD_ROOT" ldd "$@"; else ldd "$@"; fi 2>/dev/null |
    grep -o '/[^ ]*' | sort -u); do
    [ -e "${LDD_ROOT:-}$f" ] || continue
    mkdir -p "$root$(dirname "$f")"
    cp -L "${LDD_ROOT:-}$f" "$root$f"
  done
}
new_root() {
  local root=$kdir/work/$1
  rm -rf "$root"
  mkdir -p "$root/etc" "$root/tmp" "$root/usr/local/bin"
  chmod 1777 "$root/tmp"
  printf 'root:x:0:0:root:/root:/bin/sh\nnobody:x:65534:65534:nobody:/:/bin/false\n' >"$root/etc/passwd"
  printf 'root:x:0:\nnogroup:x:65534:\n' >"$root/etc/group"
  echo "$root"
}
busybox_into() {
  local app
  mkdir -p "$1/bin"
  install -m 0755 "$(command -v busybox)" "$1/bin/busybox"
  for app in $("$1/bin/busybox" --list); do
    [ "$app" = busybox ] || [ -e "$1/bin/$app" ] || ln -s busybox "$1/bin/$app"
  done
}
pack() { # ROOT NAME KEY [oci-image.py args]
  local root=$1 name=$2 key=$3 out; shift 3
  out=$ktars/$(echo "$name" | tr '/:' '__').tar
  mkdir -p "$ktars"
  python3 "$tmpl/oci-image.py" --rootfs "$root" --name "$name" --env PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin \
    --out "$out" "$@" >&2
  echo "$key" >"$out.stamp"
  rm -rf "$root"
}
tar_of() { echo "$ktars/$(echo "$1" | tr '/:' '__').tar"; }

# kubeadm's images for KUBE_VERSION (kubeadm config images list, offline with an explicit version).
kubeadm_images() { "$kube_dir/kubeadm" config images list --kubernetes-version "$KUBE_VERSION" 2>/dev/null; }

image_control_plane() { # NAME BIN
  local key root
  key="recipe=$recipe bin=$(sha "$2")"
  current "$(tar_of "$1")" "$key" && return 0
  root=$(new_root cp)
  install -m 0755 "$2" "$root/usr/local/bin/$(basename "$2")"
  libs_into "$root" "$2"
  pack "$root" "$1" "$key"
}
image_kube_proxy() { # NAME
  local key root f
  key="recipe=$recipe bin=$(sha "$kube_dir/kube-proxy") base=$(base_key | sha256sum | cut -c1-8)"
  current "$(tar_of "$1")" "$key" && return 0
  root=$(new_root kube-proxy)
  install -m 0755 "$kube_dir/kube-proxy" "$root/usr/local/bin/kube-proxy"
  libs_into "$root" "$kube_dir/kube-proxy"
  # iptables (nft and legacy), conntrack and their extensions, from the base root file system.
  mkdir -p "$root/usr/sbin" "$root/usr/lib/x86_64-linux-gnu"
  for f in xtables-nft-multi xtables-legacy-multi conntrack; do
    cp "$base_root/usr/sbin/$f" "$root/usr/sbin/"
    LDD_ROOT=$base_root libs_into "$root" "/usr/sbin/$f"
  done
  cp -r "$base_root/usr/lib/x86_64-linux-gnu/xtables" "$root/usr/lib/x86_64-linux-gnu/"
  for f in "$root"/usr/lib/x86_64-linux-gnu/xtables/*.so; do
    LDD_ROOT=$base_root libs_into "$root" "/usr/lib/x86_64-linux-gnu/xtables/$(basename "$f")"
  done
  for f in iptables iptables-save iptables-restore ip6tables ip6tables-save ip6tables-restore; do
    ln -s xtables-nft-multi "$root/usr/sbin/$f"
    ln -s xtables-nft-multi "$root/usr/sbin/${f/tables/tables-nft}"
    ln -s xtables-legacy-multi "$root/usr/sbin/${f/tables/tables-legacy}"
  done
  pack "$root" "$1" "$key"
}
image_coredns() {
  local key root
  build_coredns
  key="recipe=$recipe bin=$(sha "$coredns_bin")"
  current "$(tar_of "$1")" "$key" && return 0
  root=$(new_root coredns)
  install -m 0755 "$coredns_bin" "$root/coredns"
  pack "$root" "$1" "$key" --entrypoint /coredns
}
image_pause() {
  local key root mod
  mod=$(moddir "k8s.io/kubernetes@$KUBE_VERSION")
  key="recipe=$recipe src=$(sha "$mod/build/pause/linux/pause.c")"
  current "$(tar_of "$1")" "$key" && return 0
  root=$(new_root pause)
  gcc -Os -Wall -static -DVERSION="v${1##*:}-vtbench" -o "$root/pause" "$mod/build/pause/linux/pause.c" ||
    die "gcc -static of pause.c failed (Debian: gcc libc6-dev)"
  pack "$root" "$1" "$key" --entrypoint /pause --user 65535:65535
}
image_kindnetd() {
  local key root
  key="recipe=$recipe script=$(sha "$here/kind/kindnetd.sh") kubectl=$(sha "$kube_dir/kubectl") busybox=$(busybox_version)"
  current "$(tar_of "$1")" "$key" && return 0
  root=$(new_root kindnetd)
  busybox_into "$root"
  install -m 0755 "$kube_dir/kubectl" "$root/usr/local/bin/kubectl"
  libs_into "$root" "$kube_dir/kubectl"
  install -m 0755 "$here/kind/kindnetd.sh" "$root/bin/kindnetd"
  pack "$root" "$1" "$key" --entrypoint /bin/kindnetd --env HOME=/tmp
}
image_local_path() {
  local key root bin=$kdir/bin/local-path-provisioner
  if ! [ -x "$bin" ] || [ "$(cat "$bin.stamp" 2>/dev/null)" != "$LOCAL_PATH_PROVISIONER_VERSION" ]; then
    build_lock
    log "building local-path-provisioner $LOCAL_PATH_PROVISIONER_VERSION (log: $build_logs/kind-local-path.log) ..."
    mkdir -p "$kdir/bin"
    CGO_ENABLED=0 GOBIN=$kdir/bin logged kind-local-path gorun go install -trimpath -ldflags "-s -w" \
      "github.com/rancher/local-path-provisioner@$LOCAL_PATH_PROVISIONER_VERSION"
    echo "$LOCAL_PATH_PROVISIONER_VERSION" >"$bin.stamp"
    build_unlock
  fi
  key="recipe=$recipe bin=$(sha "$bin")"
  current "$(tar_of "$1")" "$key" && return 0
  root=$(new_root local-path)
  install -m 0755 "$bin" "$root/usr/local/bin/local-path-provisioner"
  pack "$root" "$1" "$key" --entrypoint /usr/local/bin/local-path-provisioner
}
image_busybox() {
  local key root
  key="recipe=$recipe busybox=$(busybox_version)"
  current "$(tar_of "$1")" "$key" && return 0
  root=$(new_root busybox)
  busybox_into "$root"
  pack "$root" "$1" "$key" --cmd sh
}

# Every image the node carries, as "NAME TAR" lines; builds what is missing.
node_images() {
  local kmod nodeimage img cni storage helper sandbox
  kmod=$(moddir "sigs.k8s.io/kind@$KIND_VERSION")
  nodeimage=$kmod/pkg/build/nodeimage
  read -r cni storage helper < <(python3 "$here/kind/kind-consts.py" "$nodeimage" kindnetdImage storageProvisionerImage storageHelperImage | tr '\n' ' ')
  sandbox=$(sed -n 's/^[[:space:]]*sandbox_image = "\(.*\)"/\1/p' "$kmod/images/base/files/etc/containerd/config.toml")
  [ -n "$sandbox" ] || die "no sandbox_image in kind's containerd config"
  for img in $(kubeadm_images) "$sandbox"; do
    case $img in
      */kube-apiserver:* | */kube-controller-manager:* | */kube-scheduler:*)
        b=${img##*/}; image_control_plane "$img" "$kube_dir/${b%%:*}" ;;
      */kube-proxy:*) image_kube_proxy "$img" ;;
      */etcd:*) image_control_plane "$img" "$etcd_bin" ;;
      */coredns:*) image_coredns "$img" ;;
      */pause:*) image_pause "$img" ;;
      *) die "kubeadm names an image this script does not build: $img" ;;
    esac
    echo "$img $(tar_of "$img")"
  done
  image_kindnetd "$cni"; echo "$cni $(tar_of "$cni")"
  image_local_path "$storage"; echo "$storage $(tar_of "$storage")"
  image_busybox "$helper"; echo "$helper $(tar_of "$helper")"
}

# ---------------------------------------------------------------------------------------------
# The node image: as kind's buildcontext.go builds it.

node_name() { echo "vtbench/kind-node:$KUBE_VERSION"; }
build_node_image() {
  local list key img cid t0=$SECONDS name tar kmod
  img=$(node_name)
  list=$(node_images) || exit 1
  kmod=$(moddir "sigs.k8s.io/kind@$KIND_VERSION")
  key="recipe=$recipe base=$(base_image) bins=$(sha "$kube_dir"/{kubeadm,kubelet,kubectl} | tr '\n' ' ') images=$(cut -d' ' -f2 <<<"$list" | sed 's/$/.stamp/' | xargs cat | sha256sum | cut -c1-12) cni=$(sha "$kmod/pkg/build/nodeimage/const_cni.go")"
  if [ "$(docker image inspect -f '{{index .Config.Labels "dev.vtbench.key"}}' "$img" 2>/dev/null)" = "$key" ]; then
    log "$img is current"
    return 0
  fi
  build_base_image
  log "assembling $img from $(base_image) ..."
  cid=kind-build-vtbench-$$
  # a container of that name is one an interrupted build left: remove it; none is the usual case
  if docker container inspect "$cid" >/dev/null 2>&1; then docker rm -f -v "$cid" >/dev/null; fi
  docker run -d --name "$cid" --entrypoint sleep --security-opt seccomp=unconfined "$(base_image)" infinity >/dev/null
  trap 'docker rm -f -v "'"$cid"'" >/dev/null || echo "kind-node-image: could not remove the build container '"$cid"' (docker rm -f it)" >&2' EXIT
  for b in kubeadm kubelet kubectl; do docker cp "$kube_dir/$b" "$cid:/usr/bin/$b"; done
  docker exec "$cid" sh -c "chown root:root /usr/bin/kubeadm /usr/bin/kubelet /usr/bin/kubectl && mkdir -p /kind/manifests && echo $KUBE_VERSION > /kind/version"
  python3 "$here/kind/kind-consts.py" "$kmod/pkg/build/nodeimage" defaultCNIManifest |
    docker exec -i "$cid" sh -c 'cat > /kind/manifests/default-cni.yaml'
  python3 "$here/kind/kind-consts.py" "$kmod/pkg/build/nodeimage" defaultStorageManifest |
    docker exec -i "$cid" sh -c 'cat > /kind/manifests/default-storage.yaml'
  docker exec "$cid" bash -c 'nohup containerd > /dev/null 2>&1 &'
  docker exec "$cid" bash -c 'for i in $(seq 30); do ctr version >/dev/null 2>&1 && exit 0; sleep 1; done; exit 1' ||
    die "containerd did not start in the build container"
  while read -r name tar; do
    log "  import $name"
    docker exec -i "$cid" ctr --namespace=k8s.io images import --label=io.cri-containerd.pinned=pinned \
      --all-platforms --no-unpack --digests - <"$tar" >/dev/null || die "ctr import of $tar failed"
  done <<<"$list"
  docker exec "$cid" ctr --namespace=k8s.io images list -q | sed 's/^/  in the node: /' >&2
  # (its process stays a zombie under sleep: wait for the socket to stop answering instead)
  docker exec "$cid" bash -c 'pkill containerd; for i in $(seq 30); do ctr version >/dev/null 2>&1 || { sleep 2; exit 0; }; sleep 1; done; exit 1' ||
    die "containerd did not stop in the build container"
  docker commit --change 'ENTRYPOINT [ "/usr/local/bin/entrypoint", "/sbin/init" ]' \
    --change 'ENV HTTP_PROXY="" HTTPS_PROXY="" NO_PROXY=""' --change "LABEL dev.vtbench.key=\"$key\"" \
    "$cid" "$img" >/dev/null
  docker rm -f -v "$cid" >/dev/null
  trap - EXIT
  log "$img built in $((SECONDS - t0)) s ($(docker image inspect -f '{{.Size}}' "$img" | awk '{printf "%.0f MB", $1/1e6}'))"
}

# Node images first (tagged, then those a rebuild untagged: they carry dev.vtbench.key), then the
# base images they were committed from.
remove_images() {
  local ids n=0
  need_cmd docker "Debian: docker.io"
  for ids in "$(docker images -q "$(node_name | cut -d: -f1)")" \
    "$(docker images -q --filter dangling=true --filter label=dev.vtbench.key)" \
    "$(docker images -q "$(base_image | cut -d: -f1)")"; do
    ids=$(sort -u <<<"$ids" | sed '/^$/d')
    [ -n "$ids" ] || continue
    # shellcheck disable=SC2086 # one image id a word
    docker rmi -f $ids >/dev/null || die "docker rmi failed (a container still uses one of: $(echo $ids))"
    n=$((n + $(wc -l <<<"$ids")))
  done
  log "removed $n image(s)"
}

build() {
  need_root "the node image"
  need_cmd docker "Debian: docker.io"
  docker info >/dev/null 2>&1 || die "no Docker engine answers (docker info); start one: dockerd &"
  need_cmd busybox "Debian: busybox-static"
  ensure_kind >/dev/null
  ensure_apiserver
  [ -x "$etcd_bin" ] || nice -n "$build_nice" bash "$here/kube-tools.sh" etcd
  build_base_image
  build_node_bins
  build_node_image
  rm -rf "$kdir/work"
  node_name
}

case ${1:-build} in
  build) build ;;
  base) need_root "the base image"; docker info >/dev/null 2>&1 || die "no Docker engine answers (docker info)"; build_base_image; base_image ;;
  name) node_name ;;
  kind) ensure_kind ;;
  remove) remove_images ;;
  -h | --help) usage ;;
  *) usage >&2; exit 2 ;;
esac
