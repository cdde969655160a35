#!/usr/bin/env bash
# A real single-node Kubernetes cluster on this machine, offline: every piece comes from the Go
# module proxy or Debian's packages, is pinned in hack/versions.env and cached under
# ~/.cache/vtbench. No Docker engine, no image registry, no systemd. See --help.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../versions.env
. "$here/../versions.env"

cache=${VTBENCH_CACHE:-$HOME/.cache/vtbench}
kube_dir=$cache/kube/$KUBE_VERSION            # kube-apiserver, kubectl (hack/kube-tools.sh), node binaries
kube_plain=${KUBE_VERSION#v}                   # 1.37.2
staging_ver=v0.${kube_plain#*.}                # the k8s.io/* staging modules: v0.37.2
etcd_bin=$cache/etcd/$ETCD_VERSION/etcd        # built by hack/kube-tools.sh etcd
images=$cache/images                           # image tars this script builds (pause, CoreDNS, busybox)
build_logs=$cache/logs
cluster=${VTBENCH_CLUSTER_DIR:-$cache/cluster} # all cluster state; teardown empties it but for logs/
pki=$cluster/pki
logs=$cluster/logs
run=$cluster/run                               # NAME.pid: "pid start-time binary" of what we started
tmpl=$here/cluster
build_nice=${VTBENCH_BUILD_NICE:-19}

# Cluster parameters (environment overrides for a machine where these collide).
node_name=${VTBENCH_NODE_NAME:-$(hostname | tr '[:upper:]' '[:lower:]')}
node_ip=${VTBENCH_NODE_IP:-}
api_port=${VTBENCH_API_PORT:-6443}
etcd_port=${VTBENCH_ETCD_PORT:-12379}          # not 2379, so a system etcd does not collide
pod_cidr=${VTBENCH_POD_CIDR:-10.244.0.0/24}
service_cidr=10.96.0.0/12
# The FORWARD rule that refuses a pod's packet to the Service range that kube-proxy did not DNAT.
service_guard=(-d "$service_cidr" -m conntrack ! --ctstate DNAT -j REJECT --reject-with icmp-net-unreachable)
api_service_ip=10.96.0.1
dns_service_ip=10.96.0.10
cluster_domain=cluster.local
bridge=vtbench0                                # the CNI bridge; teardown deletes it
masq_comment=vtbench-local-cluster             # our single iptables rule (pod egress masquerade)
sock=$cluster/containerd/containerd.sock

# Components in start order; teardown stops them in reverse.
components=(etcd kube-apiserver containerd kube-controller-manager kube-scheduler kubelet kube-proxy)
kube_node_bins=(kubelet kube-controller-manager kube-scheduler kube-proxy)

usage() {
  cat <<EOF
Usage: hack/offline/local-cluster.sh COMMAND

A single-node Kubernetes $KUBE_VERSION cluster run as plain background processes by root:
etcd, kube-apiserver, kube-controller-manager, kube-scheduler, containerd (runc, CNI bridge),
kubelet (static CPU manager; kubeReserved 100m keeps CPU 0 shared and leaves 1.9 of 2 CPUs
allocatable), kube-proxy (iptables) and CoreDNS $COREDNS_VERSION.

Commands:
  create     build or install what is missing, then start the cluster and wait until the node is
             Ready and CoreDNS is available; does nothing when the cluster is already healthy
             (a half-running cluster is torn down first)
  teardown   stop every process create started (by recorded pid), remove the pods' containers,
             unmount everything under the cluster's state, delete the CNI bridge and the
             iptables rules, restore the sysctls; keeps only $logs
  status     what runs, the node and the pods
  env        print the exports for kubectl and ctr: eval "\$(hack/offline/local-cluster.sh env)"
  load TAR…  import image tars (docker-save or OCI) into the cluster's containerd (k8s.io)
  smoke      deploy a Guaranteed busybox pod with cpu "1" and check its exclusive cpuset
             (inside the pod, via /proc of its process, in the kubelet's cpu_manager_state)
             and DNS through CoreDNS; deletes the pod afterwards
  prepare    only the builds and installs create needs (binaries, Debian packages, images)

Where things go:
  binaries   $kube_dir (built from k8s.io/kubernetes@$KUBE_VERSION)
  images     $images (pause, CoreDNS, busybox: built here, imported on create)
  cluster    $cluster (kubeconfig, pki, etcd, containerd, kubelet, logs/, run/)
  build logs $build_logs

Needs: root, Go (first build only: about 10 minutes on 2 cores; etcd $ETCD_VERSION through
hack/kube-tools.sh etcd), apt-get for Debian's $CLUSTER_DEBIAN_PACKAGES.
Environment: VTBENCH_CACHE, VTBENCH_CLUSTER_DIR, VTBENCH_NODE_NAME, VTBENCH_NODE_IP,
VTBENCH_API_PORT (6443), VTBENCH_ETCD_PORT (12379), VTBENCH_POD_CIDR (10.244.0.0/24),
VTBENCH_BUILD_NICE (19: the niceness of Go builds; the cluster itself runs at niceness 0).
EOF
}

script=local-cluster.sh root_for="containerd, kubelet, mounts, iptables"
. "$here/../lib.sh"
kubectl_() { "$kube_dir/kubectl" --kubeconfig="$cluster/kubeconfig" "$@"; }
ctr_() { ctr --address "$sock" --namespace k8s.io "$@"; }
# logged, gorun, moddir
. "$here/go-steps.sh"
# Serialises Go builds with hack/kube-tools.sh (same lock file). Never held while daemons start.
build_lock() { mkdir -p "$cache"; exec 9>"$cache/.kube-tools.lock"; flock 9; }
build_unlock() { exec 9>&-; }

detect_node_ip() {
  [ -n "$node_ip" ] && return 0
  node_ip=$(ip -4 route get 1.1.1.1 2>/dev/null | sed -n 's/.* src \([0-9.]*\).*/\1/p')
  [ -n "$node_ip" ] || node_ip=$(ip -4 -o addr show scope global 2>/dev/null | awk '!n {sub("/.*", "", $4); print $4; n = 1}')
  [ -n "$node_ip" ] || die "no IPv4 address for the node; set VTBENCH_NODE_IP"
}

# ---------------------------------------------------------------------------------------------
# prepare: binaries, Debian packages, images

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
  build_pause_image
  build_coredns_image
  build_busybox_image
  check_tools
}

# ---------------------------------------------------------------------------------------------
# process bookkeeping

# The start time (clock ticks since boot) tells a recorded pid from a later reuse of the number.
proc_start() { awk '{print $22}' "/proc/$1/stat" 2>/dev/null || true; }
# Prints the pid of component NAME if the process we recorded still runs, else nothing.
live_pid() {
  local f=$run/$1.pid pid start bin argv0
  [ -f "$f" ] || return 0
  read -r pid start bin <"$f" || return 0
  [ -d "/proc/$pid" ] || return 0
  [ "$(proc_start "$pid")" = "$start" ] || return 0
  argv0=$(tr '\0' '\n' 2>/dev/null <"/proc/$pid/cmdline" | head -n1)
  [ "$argv0" = "$bin" ] || return 0
  echo "$pid"
}

# Starts a component in its own session at niceness 0 with its log in $logs/NAME.log.
launch() {
  local name=$1 bin=$2; shift 2
  local pid
  echo "=== $(date -Is) $bin $*" >>"$logs/$name.log"
  nice -n "$((-$(nice)))" setsid "$bin" "$@" >>"$logs/$name.log" 2>&1 </dev/null 8>&- 9>&- &
  pid=$!
  local start="" i
  for ((i = 0; i < 40; i++)); do # until nice and setsid have exec'ed the binary
    start=$(proc_start "$pid")
    [ -n "$start" ] || break
    [ "$(tr '\0' '\n' 2>/dev/null <"/proc/$pid/cmdline" | head -n1)" = "$bin" ] && break
    sleep 0.05
  done
  [ -n "$start" ] || die "$name exited at once; $logs/$name.log:$(tail -n 20 "$logs/$name.log" | sed 's/^/\n  /')"
  echo "$pid $start $bin" >"$run/$name.pid"
}

# Waits up to TIMEOUT seconds for COMMAND to succeed while component NAME stays alive.
wait_for() {
  local name=$1 what=$2 timeout=$3; shift 3
  local deadline=$((SECONDS + timeout))
  until "$@" >/dev/null 2>&1; do
    if [ -z "$(live_pid "$name")" ]; then
      tail -n 30 "$logs/$name.log" >&2
      die "$name died while waiting for $what; log: $logs/$name.log"
    fi
    if [ "$SECONDS" -ge "$deadline" ]; then
      tail -n 30 "$logs/$name.log" >&2
      die "timed out after ${timeout}s waiting for $what; log: $logs/$name.log"
    fi
    sleep 0.5
  done
}

stop_pid() { # NAME PID: TERM, then KILL after 20 s
  local name=$1 pid=$2 i
  kill -TERM "$pid" 2>/dev/null || return 0
  for ((i = 0; i < 100; i++)); do
    [ -d "/proc/$pid" ] || return 0
    [ "$(awk '{print $3}' "/proc/$pid/stat" 2>/dev/null)" = Z ] && return 0
    sleep 0.2
  done
  log "$name (pid $pid) ignored SIGTERM for 20 s; killing it"
  kill -KILL "$pid" 2>/dev/null || true
  sleep 0.5
}
stop_component() {
  local name=$1 pid
  pid=$(live_pid "$name")
  if [ -n "$pid" ]; then
    log "stopping $name (pid $pid)"
    stop_pid "$name" "$pid"
  elif [ -f "$run/$name.pid" ]; then
    log "$name (recorded pid $(cut -d' ' -f1 "$run/$name.pid")) is not running"
  fi
  rm -f "$run/$name.pid"
}

# ---------------------------------------------------------------------------------------------
# certificates and kubeconfigs (openssl; ECDSA P-256, ten years)

new_ca() { # NAME CN
  openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$pki/$1.key" 2>/dev/null
  openssl req -x509 -new -key "$pki/$1.key" -subj "/CN=$2" -days 3650 -sha256 -out "$pki/$1.crt" \
    -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign,digitalSignature"
}
issue_cert() { # NAME SUBJECT EXTENDED-USAGE [SUBJECT-ALT-NAMES [CA]]
  local name=$1 subj=$2 usage=$3 sans=${4:-} ca=${5:-ca}
  openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$pki/$name.key" 2>/dev/null
  openssl req -new -key "$pki/$name.key" -subj "$subj" -out "$pki/$name.csr"
  {
    echo "basicConstraints = critical, CA:FALSE"
    echo "keyUsage = critical, digitalSignature, keyEncipherment"
    echo "extendedKeyUsage = $usage"
    [ -z "$sans" ] || echo "subjectAltName = $sans"
  } >"$pki/$name.ext"
  openssl x509 -req -in "$pki/$name.csr" -CA "$pki/$ca.crt" -CAkey "$pki/$ca.key" -set_serial "0x$(openssl rand -hex 16)" \
    -days 3650 -sha256 -extfile "$pki/$name.ext" -out "$pki/$name.crt" 2>/dev/null
  rm -f "$pki/$name.csr" "$pki/$name.ext"
}

make_pki() {
  mkdir -p "$pki"
  chmod 700 "$pki"
  new_ca ca vtbench-local-ca
  # The aggregation layer's own CA (extension API servers such as metrics-server trust it).
  new_ca front-proxy-ca vtbench-local-front-proxy-ca
  issue_cert front-proxy-client "/CN=front-proxy-client" clientAuth "" front-proxy-ca
  issue_cert kube-apiserver "/CN=kube-apiserver" serverAuth \
    "IP:127.0.0.1, IP:$node_ip, IP:$api_service_ip, DNS:localhost, DNS:$node_name, DNS:kubernetes, DNS:kubernetes.default, DNS:kubernetes.default.svc, DNS:kubernetes.default.svc.$cluster_domain"
  issue_cert apiserver-kubelet-client "/O=system:masters/CN=kube-apiserver-kubelet-client" clientAuth
  issue_cert admin "/O=system:masters/CN=vtbench-admin" clientAuth
  issue_cert kube-controller-manager "/CN=system:kube-controller-manager" clientAuth
  issue_cert kube-scheduler "/CN=system:kube-scheduler" clientAuth
  issue_cert kube-proxy "/CN=system:kube-proxy" clientAuth
  issue_cert kubelet "/O=system:nodes/CN=system:node:$node_name" clientAuth
  issue_cert kubelet-serving "/CN=$node_name" serverAuth "IP:127.0.0.1, IP:$node_ip, DNS:$node_name, DNS:localhost"
  openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$pki/sa.key" 2>/dev/null
  openssl pkey -in "$pki/sa.key" -pubout -out "$pki/sa.pub"
}

make_kubeconfig() { # FILE USER CERT-NAME
  local k=("$kube_dir/kubectl" --kubeconfig="$1" config)
  rm -f "$1"
  "${k[@]}" set-cluster vtbench --server="https://127.0.0.1:$api_port" --certificate-authority="$pki/ca.crt" --embed-certs=true >/dev/null
  "${k[@]}" set-credentials "$2" --client-certificate="$pki/$3.crt" --client-key="$pki/$3.key" --embed-certs=true >/dev/null
  "${k[@]}" set-context vtbench --cluster=vtbench --user="$2" >/dev/null
  "${k[@]}" use-context vtbench >/dev/null
  chmod 600 "$1"
}

# Renders hack/offline/cluster/TEMPLATE into FILE, replacing each @NAME@ by its value in the table below.
render() {
  local template=$tmpl/$1 out=$2 text key
  local -A values=([CLUSTER]=$cluster [NODE_NAME]=$node_name [NODE_IP]=$node_ip [POD_CIDR]=$pod_cidr
    [SERVICE_CIDR]=$service_cidr [DNS_SERVICE_IP]=$dns_service_ip [CLUSTER_DOMAIN]=$cluster_domain
    [BRIDGE]=$bridge [SOCK]=$sock [PAUSE_IMAGE]=$(pause_image) [COREDNS_IMAGE]=$coredns_image)
  [ -f "$template" ] || die "template $template is missing"
  text=$(<"$template")
  for key in "${!values[@]}"; do text=${text//@$key@/${values[$key]}}; done
  if grep -o '@[A-Z_]*@' <<<"$text"; then die "template $template has placeholders render does not know"; fi
  printf '%s\n' "$text" >"$out"
}

# ---------------------------------------------------------------------------------------------
# create

sysctl_set() { # KEY VALUE: records the original once, for teardown to restore
  local f=/proc/sys/${1//.//} old
  [ -w "$f" ] || die "cannot set $1: $f is not writable"
  old=$(<"$f")
  grep -q "^$1 " "$cluster/sysctl.orig" 2>/dev/null || echo "$1 $old" >>"$cluster/sysctl.orig"
  echo "$2" >"$f"
}

etcd_healthy() { curl -fsS --max-time 2 "http://127.0.0.1:$etcd_port/health" | grep -q '"health":"true"'; }
api_ready() { kubectl_ get --raw /readyz --request-timeout=2s | grep -qx ok; }
containerd_up() { ctr --address "$sock" version; }
kubelet_healthy() { curl -fsS --max-time 2 http://127.0.0.1:10248/healthz | grep -qx ok; }
node_ready() {
  [ "$(kubectl_ get node "$node_name" --request-timeout=2s -o jsonpath='{.status.conditions[?(@.type=="Ready")].status}' 2>/dev/null)" = True ]
}
all_running() { local c; for c in "${components[@]}"; do [ -n "$(live_pid "$c")" ] || return 1; done; }
healthy() { all_running && node_ready; }
anything_left() {
  local c
  for c in "${components[@]}"; do [ -n "$(live_pid "$c")" ] && return 0; done
  [ -n "$(our_mounts)" ] || ip link show "$bridge" >/dev/null 2>&1
}

# The ports the cluster listens on must be free (another cluster, a system etcd, kind …).
check_ports() {
  local p busy=""
  for p in "$api_port" "$etcd_port" "$((etcd_port + 1))" 10248 10249 10250 10256 10257 10259; do
    [ -z "$(ss -Hltn "sport = :$p" 2>/dev/null)" ] || busy+=" $p"
  done
  [ -z "$busy" ] || die "TCP port(s)$busy already in use (ss -ltnp shows by what); VTBENCH_API_PORT and VTBENCH_ETCD_PORT move the first three"
}

write_configs() {
  mkdir -p "$cluster"/{containerd,cni/net.d,cni/networks,kubelet,pod-logs,etcd}
  chmod 700 "$cluster/etcd"
  render containerd-config.toml "$cluster/containerd/config.toml"
  render cni-bridge.conflist "$cluster/cni/net.d/10-vtbench-bridge.conflist"
  render kubelet-config.yaml "$cluster/kubelet-config.yaml"
  render kube-proxy-config.yaml "$cluster/kube-proxy-config.yaml"
  render coredns.yaml "$cluster/coredns.yaml"
  make_kubeconfig "$cluster/kubeconfig" vtbench-admin admin
  make_kubeconfig "$cluster/kube-controller-manager.kubeconfig" system:kube-controller-manager kube-controller-manager
  make_kubeconfig "$cluster/kube-scheduler.kubeconfig" system:kube-scheduler kube-scheduler
  make_kubeconfig "$cluster/kube-proxy.kubeconfig" system:kube-proxy kube-proxy
  make_kubeconfig "$cluster/kubelet.kubeconfig" "system:node:$node_name" kubelet
}

start_etcd() {
  launch etcd "$etcd_bin" --name "$node_name" --data-dir "$cluster/etcd" \
    --listen-client-urls "http://127.0.0.1:$etcd_port" --advertise-client-urls "http://127.0.0.1:$etcd_port" \
    --listen-peer-urls "http://127.0.0.1:$((etcd_port + 1))" --initial-advertise-peer-urls "http://127.0.0.1:$((etcd_port + 1))" \
    --initial-cluster "$node_name=http://127.0.0.1:$((etcd_port + 1))" \
    --quota-backend-bytes $((2 * 1024 * 1024 * 1024)) --logger zap --log-level warn
  wait_for etcd "etcd /health" 60 etcd_healthy
}

start_apiserver() {
  launch kube-apiserver "$kube_dir/kube-apiserver" \
    --etcd-servers="http://127.0.0.1:$etcd_port" \
    --bind-address=0.0.0.0 --secure-port="$api_port" --advertise-address="$node_ip" \
    --service-cluster-ip-range="$service_cidr" \
    --client-ca-file="$pki/ca.crt" \
    --tls-cert-file="$pki/kube-apiserver.crt" --tls-private-key-file="$pki/kube-apiserver.key" \
    --kubelet-client-certificate="$pki/apiserver-kubelet-client.crt" --kubelet-client-key="$pki/apiserver-kubelet-client.key" \
    --kubelet-certificate-authority="$pki/ca.crt" --kubelet-preferred-address-types=InternalIP \
    --service-account-issuer="https://kubernetes.default.svc.$cluster_domain" \
    --service-account-key-file="$pki/sa.pub" --service-account-signing-key-file="$pki/sa.key" \
    --authorization-mode=Node,RBAC --enable-admission-plugins=NodeRestriction \
    --requestheader-client-ca-file="$pki/front-proxy-ca.crt" --requestheader-allowed-names=front-proxy-client \
    --requestheader-username-headers=X-Remote-User --requestheader-group-headers=X-Remote-Group \
    --requestheader-extra-headers-prefix=X-Remote-Extra- \
    --proxy-client-cert-file="$pki/front-proxy-client.crt" --proxy-client-key-file="$pki/front-proxy-client.key" \
    --allow-privileged=true --profiling=false --v=1
  wait_for kube-apiserver "kube-apiserver /readyz" 120 api_ready
}

start_containerd() {
  launch containerd "$(command -v containerd)" --config "$cluster/containerd/config.toml"
  wait_for containerd "containerd on $sock" 60 containerd_up
  local tar
  for tar in "$images/pause.tar" "$images/coredns-$COREDNS_VERSION.tar" "$images/busybox-$(busybox_upstream).tar"; do
    ctr_ images import "$tar" >/dev/null || die "ctr images import $tar failed"
  done
}

start_node() {
  launch kube-controller-manager "$kube_dir/kube-controller-manager" \
    --kubeconfig="$cluster/kube-controller-manager.kubeconfig" \
    --authentication-kubeconfig="$cluster/kube-controller-manager.kubeconfig" \
    --authorization-kubeconfig="$cluster/kube-controller-manager.kubeconfig" \
    --bind-address=127.0.0.1 --leader-elect=false --cluster-name=vtbench \
    --service-account-private-key-file="$pki/sa.key" --root-ca-file="$pki/ca.crt" \
    --cluster-signing-cert-file="$pki/ca.crt" --cluster-signing-key-file="$pki/ca.key" \
    --use-service-account-credentials=true --service-cluster-ip-range="$service_cidr" \
    --allocate-node-cidrs=false --flex-volume-plugin-dir="$cluster/kube-controller-manager/volume-plugins" --v=1
  launch kube-scheduler "$kube_dir/kube-scheduler" \
    --kubeconfig="$cluster/kube-scheduler.kubeconfig" \
    --authentication-kubeconfig="$cluster/kube-scheduler.kubeconfig" \
    --authorization-kubeconfig="$cluster/kube-scheduler.kubeconfig" \
    --bind-address=127.0.0.1 --leader-elect=false --v=1
  # cAdvisor finds containerd only at /run/containerd/containerd.sock (1.37 has no --containerd) or
  # labels no container with its pod (kubernetes#89903): a link there to ours, removed by teardown.
  mkdir -p /run/containerd && { [ -e /run/containerd/containerd.sock ] || ln -sfn "$sock" /run/containerd/containerd.sock; }
  launch kubelet "$kube_dir/kubelet" \
    --config="$cluster/kubelet-config.yaml" --kubeconfig="$cluster/kubelet.kubeconfig" \
    --root-dir="$cluster/kubelet" --cert-dir="$cluster/kubelet/pki" \
    --hostname-override="$node_name" --node-ip="$node_ip" --v=1
  launch kube-proxy "$kube_dir/kube-proxy" --config="$cluster/kube-proxy-config.yaml" --v=1
  wait_for kubelet "the kubelet's /healthz" 60 kubelet_healthy
}

# Removes the KUBE-* chains kube-proxy and the kubelet created (this host is the cluster's only
# node): the rules elsewhere that jump to them, then the chains themselves.
sweep_kube_chains() {
  local ipt=$1 table rule chain n=0
  command -v "$ipt" >/dev/null 2>&1 || return 0
  for table in filter nat mangle raw; do
    "$ipt" -t "$table" -S >/dev/null 2>&1 || continue
    while IFS= read -r rule; do
      eval "$ipt -t $table ${rule/#-A /-D }" 2>/dev/null && n=$((n + 1))
    done < <("$ipt" -t "$table" -S | grep -E '^-A [^K][^ ]* .*-j KUBE-' || true)
    for chain in $("$ipt" -t "$table" -S | awk '$1 == "-N" && $2 ~ /^KUBE-/ {print $2}'); do
      "$ipt" -t "$table" -F "$chain"
    done
    for chain in $("$ipt" -t "$table" -S | awk '$1 == "-N" && $2 ~ /^KUBE-/ {print $2}'); do
      "$ipt" -t "$table" -X "$chain" && n=$((n + 1))
    done
  done
  [ "$n" -eq 0 ] || log "removed $n KUBE-* rules and chains ($ipt)"
}

# Pods leave the node through the node's address (the CNI bridge's own ipMasq would add a chain
# per pod that only a CNI DEL removes; one rule of ours is simpler to take back).
add_masquerade() {
  local rule=(POSTROUTING -s "$pod_cidr" ! -o "$bridge" -m comment --comment "$masq_comment" -j MASQUERADE)
  iptables -t nat -C "${rule[@]}" 2>/dev/null || iptables -t nat -A "${rule[@]}"
}

create() {
  need_root "create"
  local t0=$SECONDS
  detect_node_ip
  mkdir -p "$cluster"
  exec 8>"$cluster.lock"
  flock -n 8 || die "another local-cluster.sh holds $cluster.lock"
  if [ -f "$cluster/kubeconfig" ] && healthy; then
    log "cluster already running and node $node_name Ready: nothing to do (status: hack/offline/local-cluster.sh status)"
    return 0
  fi
  prepare
  if anything_left || [ -d "$run" ]; then
    log "found a stopped or half-running cluster in $cluster: tearing it down first"
    teardown_locked
  fi
  log "creating node $node_name ($node_ip) in $cluster"
  trap 'log "create failed: the partial cluster stays for a look (status; logs in $logs); teardown removes it"' EXIT
  mkdir -p "$logs" "$run"
  local f
  for f in "$logs"/*.log; do [ -f "$f" ] && mv -f "$f" "$f.prev"; done
  make_pki
  write_configs
  sysctl_set net.ipv4.ip_forward 1
  sysctl_set net.bridge.bridge-nf-call-iptables 1
  sysctl_set net.bridge.bridge-nf-call-ip6tables 1
  # A pod's connection to a ClusterIP kube-proxy has not programmed yet must fail at once, not
  # leave by the default route: this VM's gateway accepts any TCP connection and answers 404, and
  # k6-operator kept such a connection alive and read "service not ready" from it for as long as
  # it reused it (docs/e2e.md, "k6-operator's start stalls"). Forwarded packets only: kube-proxy's
  # DNAT (PREROUTING) comes first, so programmed Services pass; the node's own processes (the API
  # server calling a webhook) are routed before their DNAT and keep working.
  iptables -C FORWARD "${service_guard[@]}" 2>/dev/null || iptables -I FORWARD "${service_guard[@]}"
  check_ports
  local t1=$SECONDS
  start_etcd
  start_apiserver
  log "etcd and kube-apiserver ready after $((SECONDS - t1)) s"
  start_containerd
  add_masquerade
  start_node
  wait_for kubelet "node $node_name Ready" 180 node_ready
  log "node $node_name Ready $((SECONDS - t1)) s after starting etcd"
  kubectl_ apply -f "$cluster/coredns.yaml" >/dev/null
  wait_for kubelet "CoreDNS available" 180 kubectl_ -n kube-system wait --for=condition=Available deploy/coredns --timeout=5s
  log "CoreDNS available; cluster up in $((SECONDS - t1)) s ($((SECONDS - t0)) s with the checks and builds before)"
  trap - EXIT
  log "use it: eval \"\$(hack/offline/local-cluster.sh env)\"; kubectl get nodes"
}

# ---------------------------------------------------------------------------------------------
# teardown

our_mounts() { findmnt -rn -o TARGET 2>/dev/null | sed 's/\\x20/ /g' | grep -F "$cluster/" | sort -r || true; }

remove_containers() {
  [ -n "$(live_pid containerd)" ] && containerd_up >/dev/null 2>&1 || return 0
  local ids id
  ids=$(ctr_ tasks ls -q 2>/dev/null || true)
  for id in $ids; do ctr_ tasks kill -s SIGKILL "$id" >/dev/null 2>&1 || true; done
  for id in $ids; do ctr_ tasks delete --force "$id" >/dev/null 2>&1 || true; done
  ids=$(ctr_ containers ls -q 2>/dev/null || true)
  for id in $ids; do ctr_ containers delete "$id" >/dev/null 2>&1 || true; done
  [ -z "$ids" ] || log "removed $(wc -w <<<"$ids") containers (k8s.io namespace)"
}

# What outlives containerd: shims serving our socket, processes left in the pods' cgroups.
kill_leftovers() {
  local p cmd killed=0
  for p in /proc/[0-9]*; do
    cmd=$(tr '\0' ' ' 2>/dev/null <"$p/cmdline") || continue
    case $cmd in
      *containerd-shim-runc-v2*"-address $sock "*) kill -KILL "${p#/proc/}" 2>/dev/null && killed=$((killed + 1)) ;;
    esac
  done
  for p in $(find /sys/fs/cgroup/pids/kubepods -name cgroup.procs -exec cat {} + 2>/dev/null || true); do
    kill -KILL "$p" 2>/dev/null && killed=$((killed + 1))
  done
  [ "$killed" -eq 0 ] || { log "killed $killed leftover shim/pod processes"; sleep 1; }
}

unmount_all() {
  local m i
  for ((i = 0; i < 5; i++)); do
    [ -n "$(our_mounts)" ] || return 0
    while IFS= read -r m; do
      umount "$m" 2>/dev/null || umount -l "$m" 2>/dev/null || true
    done < <(our_mounts)
  done
  [ -z "$(our_mounts)" ] || die "still mounted under $cluster:$(our_mounts | sed 's/^/\n  /')"
}

remove_cgroups() {
  local d
  for d in /sys/fs/cgroup/*/kubepods; do
    if [ -d "$d" ]; then find "$d" -depth -type d -exec rmdir {} + 2>/dev/null || true; fi
  done
}

cleanup_network() {
  local veth
  if ip link show "$bridge" >/dev/null 2>&1; then
    for veth in $(ip -o link show master "$bridge" 2>/dev/null | awk -F': ' '{sub("@.*", "", $2); print $2}'); do
      ip link delete "$veth" 2>/dev/null || true
    done
    ip link delete "$bridge" && log "deleted bridge $bridge"
  fi
  while iptables -t nat -C POSTROUTING -s "$pod_cidr" ! -o "$bridge" -m comment --comment "$masq_comment" -j MASQUERADE 2>/dev/null; do
    iptables -t nat -D POSTROUTING -s "$pod_cidr" ! -o "$bridge" -m comment --comment "$masq_comment" -j MASQUERADE
  done
  sweep_kube_chains iptables
  sweep_kube_chains ip6tables
  if [ -f "$cluster/sysctl.orig" ]; then
    local key val
    while read -r key val; do echo "$val" >"/proc/sys/${key//.//}" 2>/dev/null || true; done <"$cluster/sysctl.orig"
    rm -f "$cluster/sysctl.orig"
  fi
  # What lands outside $cluster (directories go only when empty): pod log links in /var/log/containers,
  # the kubelet's device plugin socket, libcni's results, shims' sockets, runc's state, our sock link.
  find /var/log/containers -maxdepth 1 -type l -lname "$cluster/*" -delete 2>/dev/null || true
  rm -f /var/lib/kubelet/device-plugins/kubelet.sock
  rmdir /var/log/containers /var/lib/kubelet/device-plugins /var/lib/kubelet 2>/dev/null || true
  # Killed shims leave their socket (path in the bundle's address file) and runc its state behind.
  local b sb addr
  for b in "$cluster"/containerd/state/io.containerd.runtime.v2.task/*/*; do
    [ -d "$b" ] || continue
    addr=$(cat "$b/address" 2>/dev/null || true)
    [[ $addr != unix:///run/containerd/s/* ]] || rm -f "${addr#unix://}"
    rm -rf "/run/containerd/runc/$(basename "$(dirname "$b")")/$(basename "$b")"
  done
  for sb in "$cluster"/containerd/{root,state}/io.containerd.grpc.v1.cri/sandboxes/*; do
    [ -d "$sb" ] && rm -f /var/lib/cni/results/*-"$(basename "$sb")"-*
  done
  [ "$(readlink /run/containerd/containerd.sock)" != "$sock" ] || rm -f /run/containerd/containerd.sock
  rmdir /var/lib/cni/results /var/lib/cni /run/containerd/runc/k8s.io /run/containerd/runc /run/containerd/s \
    /run/containerd 2>/dev/null || true
}

teardown_locked() {
  local t0=$SECONDS c
  for c in kube-proxy kubelet kube-scheduler kube-controller-manager; do stop_component "$c"; done
  remove_containers
  stop_component containerd
  kill_leftovers
  stop_component kube-apiserver
  stop_component etcd
  unmount_all
  cleanup_network
  while iptables -D FORWARD "${service_guard[@]}" 2>/dev/null; do :; done
  remove_cgroups
  local left=""
  for c in "${components[@]}"; do [ -z "$(live_pid "$c")" ] || left+=" $c"; done
  [ -z "$left" ] || die "still running:$left"
  # Nothing is mounted below $cluster any more (checked above); --one-file-system guards anyway.
  find "$cluster" -mindepth 1 -maxdepth 1 ! -name logs -exec rm -rf --one-file-system {} +
  log "teardown done in $((SECONDS - t0)) s: no process, mount, bridge or iptables rule of the cluster left (logs kept in $logs)"
}

teardown() {
  need_root "teardown"
  [ -d "$cluster" ] || { log "no cluster in $cluster"; return 0; }
  exec 8>"$cluster.lock"
  flock -n 8 || die "another local-cluster.sh holds $cluster.lock"
  teardown_locked
}

# ---------------------------------------------------------------------------------------------
# status, env, load, smoke

status() {
  local c pid rc=0
  for c in "${components[@]}"; do
    pid=$(live_pid "$c")
    if [ -n "$pid" ]; then
      printf '%-24s running  pid %s\n' "$c" "$pid"
    else
      printf '%-24s stopped\n' "$c"
      rc=1
    fi
  done
  if [ -n "$(live_pid kube-apiserver)" ] && [ -f "$cluster/kubeconfig" ]; then
    echo
    kubectl_ get nodes -o wide || rc=1
    echo
    kubectl_ get pods -A -o wide || rc=1
  fi
  return $rc
}

print_env() {
  printf 'export KUBECONFIG=%q\n' "$cluster/kubeconfig"
  printf 'export CONTAINERD_ADDRESS=%q\n' "$sock"
  printf 'export CONTAINERD_NAMESPACE=k8s.io\n'
}

load_images() {
  need_root "load"
  [ $# -gt 0 ] || die "load needs image tars (docker-save or OCI layout)"
  [ -n "$(live_pid containerd)" ] || die "the cluster's containerd is not running; run: hack/offline/local-cluster.sh create"
  local tar
  for tar in "$@"; do
    [ -f "$tar" ] || die "no such image tar: $tar"
    ctr_ images import "$tar" || die "ctr images import $tar failed"
  done
}

# True when the kernel CPU list LIST (e.g. 0,2-3) contains CPU.
cpulist_has() {
  local part parts
  IFS=, read -ra parts <<<"$1"
  for part in "${parts[@]}"; do
    if [[ $part == *-* ]]; then
      [ "$2" -ge "${part%-*}" ] && [ "$2" -le "${part#*-}" ] && return 0
    else
      [ "$part" = "$2" ] && return 0
    fi
  done
  return 1
}

# Lists "pid binary Cpus_allowed_list" of every running pod container but the one with id $1
# (sandboxes left out: the CPU manager does not pin their idle pause processes).
other_containers() {
  local id pid
  for id in $(ctr_ containers ls -q 'labels."io.cri-containerd.kind"==container'); do
    [ "$id" != "$1" ] || continue
    pid=$(ctr_ tasks ls | awk -v id="$id" '$1 == id && $3 == "RUNNING" {print $2}')
    [ -n "$pid" ] || continue
    echo "$pid $(tr '\0' '\n' 2>/dev/null <"/proc/$pid/cmdline" | head -n1) $(awk '/Cpus_allowed_list/ {print $2}' "/proc/$pid/status" 2>/dev/null)"
  done
}

smoke() {
  need_root "smoke"
  healthy || die "the cluster is not healthy; run: hack/offline/local-cluster.sh create"
  local pod=vtbench-smoke ns=default uid cid pid inside host state qos
  kubectl_ -n "$ns" delete pod "$pod" --ignore-not-found --wait=true >/dev/null
  kubectl_ -n "$ns" apply -f - >/dev/null <<EOF
apiVersion: v1
kind: Pod
metadata: {name: $pod}
spec:
  terminationGracePeriodSeconds: 1
  containers:
  - name: pinned
    image: $(busybox_image)
    imagePullPolicy: Never
    command: [sh, -c, "grep Cpus_allowed_list /proc/self/status; sleep 3600"]
    resources:
      requests: {cpu: "1", memory: 32Mi}
      limits: {cpu: "1", memory: 32Mi}
EOF
  kubectl_ -n "$ns" wait --for=condition=Ready "pod/$pod" --timeout=120s >/dev/null || die "pod $pod not Ready: $(kubectl_ -n "$ns" describe pod "$pod" | tail -n 15)"
  qos=$(kubectl_ -n "$ns" get pod "$pod" -o jsonpath='{.status.qosClass}')
  uid=$(kubectl_ -n "$ns" get pod "$pod" -o jsonpath='{.metadata.uid}')
  cid=$(kubectl_ -n "$ns" get pod "$pod" -o jsonpath='{.status.containerStatuses[0].containerID}')
  cid=${cid#containerd://}
  pid=$(ctr_ tasks ls | awk -v id="$cid" '$1 == id {print $2}')
  inside=$(kubectl_ -n "$ns" exec "$pod" -- sh -c 'grep Cpus_allowed_list /proc/self/status | cut -f2; nproc' | paste -sd' ')
  host=$(awk '/Cpus_allowed_list/ {print $2}' "/proc/$pid/status")
  state=$(<"$cluster/kubelet/cpu_manager_state")
  echo "pod $pod: qosClass=$qos uid=$uid"
  echo "inside the pod (Cpus_allowed_list, nproc): $inside"
  echo "/proc/$pid/status of the container's process: Cpus_allowed_list: $host"
  echo "$cluster/kubelet/cpu_manager_state: $state"
  local cg; cg=$(awk -F: '$2 == "cpuset" {print $3}' "/proc/$pid/cgroup")
  [ -z "$cg" ] || [ ! -f "/sys/fs/cgroup/cpuset$cg/cpuset.cpus" ] ||
    echo "cgroup cpuset $cg: cpuset.cpus = $(<"/sys/fs/cgroup/cpuset$cg/cpuset.cpus")"
  local dns
  dns=$(kubectl_ -n "$ns" exec "$pod" -- nslookup "kubernetes.default.svc.$cluster_domain" "$dns_service_ip" 2>&1 | awk '/^Address/ {a=$NF} END {print a}')
  echo "DNS: kubernetes.default.svc.$cluster_domain -> $dns (via CoreDNS at $dns_service_ip)"
  local want
  want=$(python3 -c 'import json,sys; s=json.load(open(sys.argv[1])); print(s["entries"][sys.argv[2]]["pinned"], s["defaultCpuSet"])' \
    "$cluster/kubelet/cpu_manager_state" "$uid") || die "cpu_manager_state has no entry for pod $uid"
  read -r want default <<<"$want"
  [ "$qos" = Guaranteed ] || die "pod is $qos, not Guaranteed"
  if [ "$host" != "$want" ] || [ "${inside%% *}" != "$want" ]; then
    die "cpuset $host (host) / $inside (pod) differs from the kubelet's $want"
  fi
  [ "${inside##* }" = 1 ] || die "nproc inside the pod is ${inside##* }, not 1"
  ! cpulist_has "$default" "$want" || die "CPU $want is also in the shared pool $default"
  # The kubelet moves the shared pool's containers off the CPU within cpuManagerReconcilePeriod.
  local deadline=$((SECONDS + 30)) others line on
  while :; do
    others=$(other_containers "$cid")
    on=""
    while read -r line; do
      [ -n "$line" ] && cpulist_has "${line##* }" "$want" && on+=" ${line% *}"
    done <<<"$others"
    [ -z "$on" ] && break
    [ "$SECONDS" -lt "$deadline" ] || die "still allowed on CPU $want after 30 s:$on"
    sleep 1
  done
  echo "other pod containers (pid, binary, Cpus_allowed_list):"
  while read -r line; do echo "  $line"; done <<<"$others"
  [ "$dns" = "$api_service_ip" ] || die "DNS gave '$dns', not $api_service_ip"
  kubectl_ -n "$ns" delete pod "$pod" --wait=false >/dev/null
  echo "OK: exclusive cpuset $want (shared pool: $default), DNS works"
}

cmd=${1:-}
case $cmd in
  -h | --help | help) usage ;;
  create) create ;;
  teardown | delete) teardown ;;
  status) status ;;
  env) print_env ;;
  load) shift; load_images "$@" ;;
  smoke) smoke ;;
  prepare) prepare ;;
  "") usage >&2; exit 2 ;;
  *) usage >&2; die "unknown command '$cmd'" ;;
esac
