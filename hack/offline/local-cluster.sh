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
first_node_name=$node_name
node_ip=${VTBENCH_NODE_IP:-}
api_port=${VTBENCH_API_PORT:-6443}
etcd_port=${VTBENCH_ETCD_PORT:-12379}          # not 2379, so a system etcd does not collide
pod_cidr=${VTBENCH_POD_CIDR:-10.244.0.0/24}
first_pod_cidr=$pod_cidr
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
first_sock=$sock
# The node the settings above and these describe: the first; as_node K (cluster-nodes.sh) switches.
node_dir=$cluster kubelet_port=10250 healthz_port=10248 cgroup_root=/
nodes=${VTBENCH_NODES:-}                       # create --nodes N; else what create recorded

# The first node's components in start order; teardown stops them in reverse. The nodes after the
# first add containerd-K and kubelet-K (cluster-nodes.sh).
base_components=(etcd kube-apiserver containerd kube-controller-manager kube-scheduler kubelet kube-proxy kube-router)
kube_node_bins=(kubelet kube-controller-manager kube-scheduler kube-proxy)

usage() {
  cat <<EOF
Usage: hack/offline/local-cluster.sh COMMAND

A Kubernetes $KUBE_VERSION cluster of one node (or several: create --nodes N) run as plain
background processes by root:
etcd, kube-apiserver, kube-controller-manager, kube-scheduler, containerd (runc, CNI bridge),
kubelet (static CPU manager; kubeReserved 100m keeps CPU 0 shared and leaves 1.9 of 2 CPUs
allocatable), kube-proxy (iptables), kube-router $KUBE_ROUTER_VERSION's firewall (NetworkPolicy
enforced) and CoreDNS $COREDNS_VERSION.

Commands:
  create [--nodes N]
             build or install what is missing, then start the cluster and wait until every node
             is Ready and CoreDNS is available; does nothing when the cluster is already healthy
             with N nodes (a half-running one, or one of another size, is torn down first).
             N (default 1, or VTBENCH_NODES) up to 8: node K>1 is <name>-K, a containerd and a
             kubelet of its own in a mount namespace of its own, pods in the K-th /24 after
             VTBENCH_POD_CIDR on the same bridge, kubelet port 10250+100(K-1); it sees CPU 0 only
             (the first node's shared one), so the first node's exclusive CPU stays exclusive and
             only the first node can take a pinned pod (docs/cluster.md, "Several nodes")
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
             stop one of kube-apiserver, kube-controller-manager, kube-scheduler, kubelet (or
             kubelet-K, node K's), kube-proxy and kube-router as teardown does (TERM, KILL after 20 s), start it with
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
# shellcheck source=cluster-nodes.sh
. "$here/cluster-nodes.sh"

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
kubelet_healthy() { curl -fsS --max-time 2 "http://127.0.0.1:$healthz_port/healthz" | grep -qx ok; }
node_ready() {
  [ "$(kubectl_ get node "$node_name" --request-timeout=2s -o jsonpath='{.status.conditions[?(@.type=="Ready")].status}' 2>/dev/null)" = True ]
}
all_running() { local c; for c in "${components[@]}"; do [ -n "$(live_pid "$c")" ] || return 1; done; }
healthy() { [ "$(recorded_nodes)" = "$nodes" ] && all_running && nodes_ready; }
anything_left() {
  local c
  for c in "${components[@]}"; do [ -n "$(live_pid "$c")" ] && return 0; done
  [ -n "$(our_mounts)" ] || ip link show "$bridge" >/dev/null 2>&1
}

# The ports the cluster listens on must be free (another cluster, a system etcd, kind …).
check_ports() {
  local p busy=""
  local k extra=()
  for k in $(extra_nodes); do extra+=($((10248 + 100 * (k - 1))) $((10250 + 100 * (k - 1)))); done
  for p in "$api_port" "$etcd_port" "$((etcd_port + 1))" 10248 10249 10250 10256 10257 10259 20244 "${extra[@]}"; do
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
  local k
  for k in $(extra_nodes); do write_node_configs "$k"; done
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
  check_node_cidrs
  if [ -f "$cluster/kubeconfig" ] && healthy; then
    log "cluster already running and its $nodes node(s) Ready: nothing to do (status: hack/offline/local-cluster.sh status)"
    return 0
  fi
  prepare
  if anything_left || [ -d "$run" ]; then
    if [ "$(recorded_nodes)" != "$nodes" ]; then
      log "found a cluster of $(recorded_nodes) node(s) in $cluster, $nodes asked for: tearing it down first"
    else
      log "found a stopped or half-running cluster in $cluster: tearing it down first"
    fi
    teardown_locked
  fi
  log "creating $nodes node(s), the first $node_name ($node_ip), in $cluster"
  trap 'log "create failed: the partial cluster stays for a look (status; logs in $logs); teardown removes it"' EXIT
  mkdir -p "$logs" "$run"
  echo "$nodes" >"$(node_count_file)" # before anything starts: teardown stops what it names
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
  start_extra_nodes
  start_kube_router
  wait_for kubelet "node $node_name Ready" 180 node_ready
  log "node $node_name Ready $((SECONDS - t1)) s after starting etcd"
  if [ "$nodes" -gt 1 ]; then
    wait_for kubelet "all $nodes nodes Ready" 180 nodes_ready
    report_extra_nodes
  fi
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
  local name=${1:-} pair start="" names=${restartable[*]%%:*} k=""
  for pair in "${restartable[@]}"; do [ "${pair%%:*}" != "$name" ] || start=${pair#*:}; done
  if [[ $name =~ ^kubelet-([0-9]+)$ ]] && [ "${BASH_REMATCH[1]}" -ge 2 ] && [ "${BASH_REMATCH[1]}" -le "$nodes" ]; then
    k=${BASH_REMATCH[1]} start="start_node_kubelet $k"
  fi
  [ "$nodes" -lt 2 ] || names+=" kubelet-2..kubelet-$nodes"
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
  $start # start_apiserver waits for /readyz too (120 s)
  up=$(date -r "$run/$name.pid" +%s%N) # when launch recorded the new process
  if [ "$name" = kubelet ]; then
    wait_for kubelet "the kubelet's /healthz" 60 kubelet_healthy
    wait_for kubelet "node $node_name Ready" 180 node_ready
  elif [ -n "$k" ]; then
    as_node "$k"
    wait_for "$name" "node $node_name Ready" 180 node_ready
    as_node 1
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
  local s
  for tar in "$@"; do
    [ -f "$tar" ] || die "no such image tar: $tar"
    # every node's containerd: there is no registry a node could pull from
    for s in $(node_socks); do
      ctr --address "$s" --namespace k8s.io images import "$tar" || die "ctr images import $tar into $s failed"
    done
  done
}

# The nodes a command works on: create's --nodes (or VTBENCH_NODES, else 1); the others', what
# create recorded. Sets nodes and components (the first node's and every other node's).
use_nodes() {
  nodes=$1
  [[ $nodes =~ ^[1-8]$ ]] || die "--nodes takes 1 to 8 (a node after the first is a containerd and a kubelet on this machine); got '$nodes'"
  components=("${base_components[@]}")
  local c
  for c in $(extra_components); do components+=("$c"); done
}

cmd=${1:-}
if [ "$cmd" = create ]; then
  shift
  while [ $# -gt 0 ]; do
    case $1 in
      --nodes) nodes=${2:-}; [ $# -ge 2 ] || die "--nodes needs a number"; shift ;;
      --nodes=*) nodes=${1#--nodes=} ;;
      *) usage >&2; die "unknown argument to create: '$1'" ;;
    esac
    shift
  done
  use_nodes "${nodes:-1}"
else
  use_nodes "$(recorded_nodes)"
fi
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
