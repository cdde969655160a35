# shellcheck shell=bash
# Sourced by hack/offline/local-cluster.sh, not run alone: the nodes after the first
# (create --nodes N). Node K (2..N) is a containerd and a kubelet of its own on this machine:
#   name        <first node's name>-K        state    $cluster/nodes/K
#   pod CIDR    the first one's, third octet + K-1 (10.244.1.0/24 for node 2), on the same bridge
#               and subnet (ipam_range): a pod reaches another node's pods as on one node
#   kubelet     port 10250 + 100(K-1), /healthz 10248 + 100(K-1), cgroup root /vtbench-node-K
#   CPUs        only the first node's shared CPU 0: the kubelet sees one CPU (its static CPU manager
#               keeps it as the reserved, shared one), and its cgroup root's cpuset is CPU 0, so no
#               pod of node K ever runs on a CPU the first node hands out for exclusive use.
# Both run in a mount namespace of their own (slave: they see the machine's mounts, the machine
# does not see theirs) where /sys/devices/system/cpu/online reads "0" (what cAdvisor counts CPUs
# by), /run/containerd holds a link to their containerd's socket (where cAdvisor looks for it) and
# the kubelet's fixed device-plugin folder is theirs. Everything else is the machine's, shared:
# the network (one bridge, one kube-proxy, one kube-router: every node has the machine's address,
# so kube-router's firewall takes every pod as its own), the kernel, the disk.

# The CPUs the nodes after the first see: the first node's reserved, shared one.
extra_node_cpus=0

# What create --nodes asked for, recorded for teardown, status, load and restart.
node_count_file() { echo "$cluster/node-count"; }
recorded_nodes() { cat "$(node_count_file)" 2>/dev/null || echo 1; }
extra_nodes() { [ "$nodes" -lt 2 ] || seq 2 "$nodes"; }

# Sets the per-node settings (node_name, node_dir, sock, pod_cidr, kubelet_port, healthz_port,
# cgroup_root) to node K's; "as_node 1" puts the first node's back.
as_node() {
  local k=$1 a b c d
  if [ "$k" = 1 ]; then
    node_name=$first_node_name node_dir=$cluster sock=$first_sock pod_cidr=$first_pod_cidr
    kubelet_port=10250 healthz_port=10248 cgroup_root=/
    return 0
  fi
  IFS=./ read -r a b c d _ <<<"$first_pod_cidr"
  node_name=$first_node_name-$k node_dir=$cluster/nodes/$k
  sock=$node_dir/containerd/containerd.sock pod_cidr=$a.$b.$((c + k - 1)).$d/24
  kubelet_port=$((10250 + 100 * (k - 1))) healthz_port=$((10248 + 100 * (k - 1))) cgroup_root=/vtbench-node-$k
}

# The CNI bridge plugin's address range for the node as_node chose. One node: its pod CIDR. Several:
# they share the bridge, so they share one subnet (the /16 around the first node's /24) and its
# gateway (the bridge's one address: the plugin refuses to give the bridge a second), each
# handing out addresses from its own /24 only.
ipam_range() {
  if [ "$nodes" -lt 2 ]; then printf '{"subnet": "%s"}' "$pod_cidr"; return 0; fi
  local a b c0 c _
  IFS=./ read -r a b c0 _ _ <<<"$first_pod_cidr"
  IFS=./ read -r _ _ c _ _ <<<"$pod_cidr"
  printf '{"subnet": "%s.%s.0.0/16", "rangeStart": "%s.%s.%s.2", "rangeEnd": "%s.%s.%s.254", "gateway": "%s.%s.%s.1"}' \
    "$a" "$b" "$a" "$b" "$c" "$a" "$b" "$c" "$a" "$b" "$c0"
}

# Every node's containerd socket, the first node's first.
node_socks() {
  local k
  for k in $(seq 1 "$nodes"); do as_node "$k"; echo "$sock"; done
  as_node 1
}

check_node_cidrs() {
  [[ $first_pod_cidr =~ ^[0-9]+\.[0-9]+\.([0-9]+)\.0/24$ ]] ||
    die "VTBENCH_POD_CIDR must be a /24 ending in .0 (got $first_pod_cidr): the nodes after the first take the next ones"
  [ $((BASH_REMATCH[1] + nodes - 1)) -le 255 ] || die "VTBENCH_POD_CIDR $first_pod_cidr leaves no room for $nodes nodes' /24s"
}

# Node K's configuration files, kubelet credentials, cgroup root and CPU view.
write_node_configs() {
  local k=$1 d
  as_node "$k"
  mkdir -p "$node_dir"/{containerd,cni/net.d,cni/networks,kubelet,pod-logs}
  render containerd-config.toml "$node_dir/containerd/config.toml"
  render cni-bridge.conflist "$node_dir/cni/net.d/10-vtbench-bridge.conflist"
  render kubelet-config.yaml "$node_dir/kubelet-config.yaml"
  issue_cert "kubelet-$k" "/O=system:nodes/CN=system:node:$node_name" clientAuth
  make_kubeconfig "$node_dir/kubelet.kubeconfig" "system:node:$node_name" "kubelet-$k"
  echo "$extra_node_cpus" >"$node_dir/cpu-online"
  # The kubelet wants its cgroup root in every hierarchy; its cpuset is set before any child.
  for d in /sys/fs/cgroup/*/; do
    [ -f "$d/cgroup.procs" ] || continue
    mkdir -p "$d${cgroup_root#/}"
    if [ -f "$d/cpuset.cpus" ]; then
      cat "$d/cpuset.mems" >"$d${cgroup_root#/}/cpuset.mems"
      echo "$extra_node_cpus" >"$d${cgroup_root#/}/cpuset.cpus"
    fi
  done
  as_node 1
}

# The shell that makes node K's mount namespace what it needs, then runs the command after it.
node_namespace_setup() {
  local k=$1
  as_node "$k"
  mkdir -p /run/containerd /var/lib/kubelet/device-plugins
  cat <<EOF
set -e
mount --bind '$node_dir/cpu-online' /sys/devices/system/cpu/online
mount -t tmpfs -o mode=0755 vtbench-node-$k /run/containerd
ln -s '$sock' /run/containerd/containerd.sock
mount -t tmpfs -o mode=0755 vtbench-node-$k /var/lib/kubelet/device-plugins
exec "\$0" "\$@"
EOF
  as_node 1
}

start_node_containerd() { # K: in a new mount namespace, which its kubelet then joins
  local k=$1 setup
  setup=$(node_namespace_setup "$k")
  as_node "$k"
  launch_prefix=(unshare --mount --propagation slave -- /bin/sh -c "$setup")
  launch "containerd-$k" "$(command -v containerd)" --config "$node_dir/containerd/config.toml"
  launch_prefix=()
  wait_for "containerd-$k" "containerd on $sock" 60 ctr --address "$sock" version
  local tar
  for tar in "$images/pause.tar" "$images/coredns-$COREDNS_VERSION.tar" "$images/busybox-$(busybox_upstream).tar"; do
    ctr --address "$sock" --namespace k8s.io images import "$tar" >/dev/null || die "ctr images import $tar into node $k failed"
  done
  as_node 1
}

start_node_kubelet() { # K: in its containerd's mount namespace
  local k=$1 ns_pid
  ns_pid=$(live_pid "containerd-$k")
  [ -n "$ns_pid" ] || die "containerd-$k is not running: node $k's kubelet needs its mount namespace"
  as_node "$k"
  launch_prefix=(nsenter --target "$ns_pid" --mount --)
  launch "kubelet-$k" "$kube_dir/kubelet" \
    --config="$node_dir/kubelet-config.yaml" --kubeconfig="$node_dir/kubelet.kubeconfig" \
    --root-dir="$node_dir/kubelet" --cert-dir="$node_dir/kubelet/pki" \
    --hostname-override="$node_name" --node-ip="$node_ip" --v=1
  launch_prefix=()
  wait_for "kubelet-$k" "node $k's kubelet /healthz" 60 curl -fsS --max-time 2 "http://127.0.0.1:$healthz_port/healthz"
  as_node 1
}

start_extra_nodes() {
  local k
  for k in $(extra_nodes); do
    start_node_containerd "$k"
    as_node "$k"
    add_masquerade
    as_node 1
    start_node_kubelet "$k"
  done
}

nodes_ready() {
  local k
  for k in $(seq 1 "$nodes"); do
    as_node "$k"
    node_ready || { as_node 1; return 1; }
  done
  as_node 1
}

# One line per node after the first: the CPUs its kubelet counts (its capacity) and may give out.
report_extra_nodes() {
  local k cap alloc
  for k in $(extra_nodes); do
    as_node "$k"
    cap=$(kubectl_ get node "$node_name" -o jsonpath='{.status.capacity.cpu}')
    alloc=$(kubectl_ get node "$node_name" -o jsonpath='{.status.allocatable.cpu}')
    [ "$cap" = 1 ] || die "node $node_name counts $cap CPUs, not the 1 ($extra_node_cpus) its namespace shows; log: $logs/kubelet-$k.log"
    log "node $node_name Ready: pods $pod_cidr, capacity $cap CPU (CPU $extra_node_cpus, shared), allocatable $alloc"
  done
  as_node 1
}

# The components of every node after the first, in start order.
extra_components() {
  local k
  for k in $(extra_nodes); do echo "containerd-$k kubelet-$k"; done
}

# Teardown of the nodes after the first: their kubelets, containers, containerds (the mount
# namespace goes with its last process), shims, leftover pod processes and cgroup roots.
stop_extra_kubelets() {
  local k
  for k in $(extra_nodes); do stop_component "kubelet-$k"; done
}
stop_extra_runtimes() {
  local k
  for k in $(extra_nodes); do
    as_node "$k"
    remove_containers "containerd-$k"
    stop_component "containerd-$k"
  done
  as_node 1
}
remove_extra_cgroups() {
  local d k
  for k in $(extra_nodes); do
    for d in /sys/fs/cgroup/*/vtbench-node-"$k"; do
      if [ -d "$d" ]; then find "$d" -depth -type d -exec rmdir {} + 2>/dev/null || true; fi
    done
  done
}
