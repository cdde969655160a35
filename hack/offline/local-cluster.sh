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
api_service_ip=10.96.0.1
dns_service_ip=10.96.0.10
cluster_domain=cluster.local
bridge=vtbench0                                # the CNI bridge; teardown deletes it
# What refuses a pod's packet to the Service range that kube-proxy did not DNAT: a policy route for
# packets from the pods' bridge (create says why; not a FORWARD rule, which kube-router's firewall
# would pass over by accepting earlier in FORWARD).
guard_table=4096
service_guard_rule=(iif "$bridge" to "$service_cidr" lookup "$guard_table" priority "$guard_table")
service_guard_route=(unreachable "$service_cidr" table "$guard_table")
masq_comment=vtbench-local-cluster             # our single iptables rule (pod egress masquerade)
sock=$cluster/containerd/containerd.sock

# Components in start order; teardown stops them in reverse.
components=(etcd kube-apiserver containerd kube-controller-manager kube-scheduler kubelet kube-proxy kube-router)
kube_node_bins=(kubelet kube-controller-manager kube-scheduler kube-proxy)

usage() {
  cat <<EOF
Usage: hack/offline/local-cluster.sh COMMAND

A single-node Kubernetes $KUBE_VERSION cluster run as plain background processes by root:
etcd, kube-apiserver, kube-controller-manager, kube-scheduler, containerd (runc, CNI bridge),
kubelet (static CPU manager; kubeReserved 100m keeps CPU 0 shared and leaves 1.9 of 2 CPUs
allocatable), kube-proxy (iptables), kube-router $KUBE_ROUTER_VERSION's firewall (NetworkPolicy
enforced) and CoreDNS $COREDNS_VERSION.

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
  restart COMPONENT
             stop one of kube-apiserver, kube-controller-manager, kube-scheduler, kubelet,
             kube-proxy and kube-router as teardown does (TERM, KILL after 20 s), start it with
             create's arguments and wait until it is healthy (kube-apiserver: /readyz; kubelet:
             /healthz and the node Ready; kube-router: /healthz; the others: running); prints the
             seconds from the stop until the new process ran (down) and until it was healthy
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

# The jobs in their own files, sourced (they use the settings above): prepare's builds, process
# bookkeeping, certificates and kubeconfigs, starting each component, teardown, smoke.
# shellcheck source=cluster-builds.sh
. "$here/cluster-builds.sh"
# shellcheck source=cluster-procs.sh
. "$here/cluster-procs.sh"
# shellcheck source=cluster-pki.sh
. "$here/cluster-pki.sh"
# shellcheck source=cluster-starts.sh
. "$here/cluster-starts.sh"
# shellcheck source=cluster-teardown.sh
. "$here/cluster-teardown.sh"
# shellcheck source=cluster-smoke.sh
. "$here/cluster-smoke.sh"

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
  for p in "$api_port" "$etcd_port" "$((etcd_port + 1))" 10248 10249 10250 10256 10257 10259 20244; do
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
  # it reused it (docs/e2e-stalls.md). Packets from the pods' bridge only,
  # routed after kube-proxy's DNAT (PREROUTING), so programmed Services pass; the node's own
  # processes (the API server calling a webhook) are not from the bridge and keep working. A route,
  # not a FORWARD rule: kube-router's firewall accepts what the policies allow at FORWARD's top.
  ip route replace "${service_guard_route[@]}"
  ip rule del "${service_guard_rule[@]}" 2>/dev/null || true
  ip rule add "${service_guard_rule[@]}"
  check_ports
  local t1=$SECONDS
  start_etcd
  start_apiserver
  log "etcd and kube-apiserver ready after $((SECONDS - t1)) s"
  start_containerd
  add_masquerade
  start_node
  start_kube_router
  wait_for kubelet "node $node_name Ready" 180 node_ready
  log "node $node_name Ready $((SECONDS - t1)) s after starting etcd"
  kubectl_ apply -f "$cluster/coredns.yaml" >/dev/null
  wait_for kubelet "CoreDNS available" 180 kubectl_ -n kube-system wait --for=condition=Available deploy/coredns --timeout=5s
  log "CoreDNS available; cluster up in $((SECONDS - t1)) s ($((SECONDS - t0)) s with the checks and builds before)"
  trap - EXIT
  log "use it: eval \"\$(hack/offline/local-cluster.sh env)\"; kubectl get nodes"
}

# ---------------------------------------------------------------------------------------------
# restart: one component stopped as teardown stops it and started as create starts it (fault tests)

# The components restart takes, each with the function create starts it by (the same arguments).
restartable=(kube-apiserver:start_apiserver kube-controller-manager:start_controller_manager
  kube-scheduler:start_scheduler kubelet:start_kubelet kube-proxy:start_kube_proxy
  kube-router:start_kube_router)

# Seconds from time $1 to time $2 (nanoseconds since the epoch), to a tenth: 3.2.
tenths() { local d=$((($2 - $1) / 100000000)); echo "$((d / 10)).$((d % 10))"; }

restart() {
  local name=${1:-} pair start="" names=${restartable[*]%%:*}
  for pair in "${restartable[@]}"; do [ "${pair%%:*}" != "$name" ] || start=${pair#*:}; done
  if [ $# -ne 1 ] || [ -z "$start" ]; then die "restart takes one component, one of ${names// /, }; got '$*'"; fi
  need_root "restart"
  [ -n "$(live_pid "$name")" ] ||
    die "$name is not running (no live pid in $run/$name.pid): restart needs a running cluster; create starts one"
  exec 8>"$cluster.lock"
  flock -n 8 || die "another local-cluster.sh holds $cluster.lock"
  detect_node_ip
  local t0 up
  t0=$(date +%s%N)
  stop_component "$name"
  "$start" # start_apiserver waits for /readyz too (120 s)
  up=$(date -r "$run/$name.pid" +%s%N) # when launch recorded the new process
  if [ "$name" = kubelet ]; then
    wait_for kubelet "the kubelet's /healthz" 60 kubelet_healthy
    wait_for kubelet "node $node_name Ready" 180 node_ready
  fi
  [ -n "$(live_pid "$name")" ] || die "$name exited right after its start; log: $logs/$name.log"
  echo "restart: $name down $(tenths "$t0" "$up") s, healthy again after $(tenths "$t0" "$(date +%s%N)") s"
}

# ---------------------------------------------------------------------------------------------
# status, env, load

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

cmd=${1:-}
case $cmd in
  -h | --help | help) usage ;;
  create) create ;;
  teardown | delete) teardown ;;
  status) status ;;
  env) print_env ;;
  load) shift; load_images "$@" ;;
  smoke) smoke ;;
  restart) shift; restart "$@" ;;
  prepare) prepare ;;
  "") usage >&2; exit 2 ;;
  *) usage >&2; die "unknown command '$cmd'" ;;
esac
