# Sourced by hack/offline/local-cluster.sh, not run alone: teardown and its helpers (the pods'
# containers, leftover processes, mounts, cgroups, the bridge, iptables rules and sysctls).
# shellcheck shell=bash

our_mounts() { findmnt -rn -o TARGET 2>/dev/null | sed 's/\\x20/ /g' | grep -F "$cluster/" | sort -r || true; }

remove_containers() { # [COMPONENT]: the containerd serving $sock, containerd (the first node's) if not said
  [ -n "$(live_pid "${1:-containerd}")" ] && containerd_up >/dev/null 2>&1 || return 0
  local ids id
  ids=$(ctr_ tasks ls -q 2>/dev/null || true)
  for id in $ids; do ctr_ tasks kill -s SIGKILL "$id" >/dev/null 2>&1 || true; done
  for id in $ids; do ctr_ tasks delete --force "$id" >/dev/null 2>&1 || true; done
  ids=$(ctr_ containers ls -q 2>/dev/null || true)
  for id in $ids; do ctr_ containers delete "$id" >/dev/null 2>&1 || true; done
  [ -z "$ids" ] || log "removed $(wc -w <<<"$ids") containers (k8s.io namespace, $sock)"
}

# What outlives containerd: shims serving our socket, processes left in the pods' cgroups.
kill_leftovers() {
  local p cmd killed=0 s socks
  socks=$(node_socks)
  for p in /proc/[0-9]*; do
    cmd=$(tr '\0' ' ' 2>/dev/null <"$p/cmdline") || continue
    [[ $cmd == *containerd-shim-runc-v2* ]] || continue
    for s in $socks; do
      [[ $cmd != *"-address $s "* ]] || { kill -KILL "${p#/proc/}" 2>/dev/null && killed=$((killed + 1)); }
    done
  done
  for p in $(find /sys/fs/cgroup/pids/kubepods /sys/fs/cgroup/pids/vtbench-node-* -name cgroup.procs -exec cat {} + 2>/dev/null || true); do
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

# kube-router's ipsets (KUBE-SRC-…, KUBE-DST-…), destroyable once no rule refers to them.
sweep_kube_ipsets() {
  command -v ipset >/dev/null 2>&1 || return 0
  local set n=0
  for set in $(ipset list -n 2>/dev/null | grep -E '^(inet6:)?KUBE-' || true); do
    ipset destroy "$set" 2>/dev/null && n=$((n + 1))
  done
  [ "$n" -eq 0 ] || log "destroyed $n KUBE-* ipsets (kube-router's)"
}

cleanup_network() {
  local veth
  if ip link show "$bridge" >/dev/null 2>&1; then
    for veth in $(ip -o link show master "$bridge" 2>/dev/null | awk -F': ' '{sub("@.*", "", $2); print $2}'); do
      ip link delete "$veth" 2>/dev/null || true
    done
    ip link delete "$bridge" && log "deleted bridge $bridge"
  fi
  local rule # one per node, each with its pod CIDR: found by our comment
  while IFS= read -r rule; do
    eval "iptables -t nat ${rule/#-A /-D }" 2>/dev/null || true
  done < <(iptables -t nat -S POSTROUTING 2>/dev/null | grep -F -- "--comment $masq_comment " || true)
  sweep_kube_chains iptables
  sweep_kube_chains ip6tables
  sweep_kube_ipsets
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
  local t0=$SECONDS c wanted=$nodes
  use_nodes "$(recorded_nodes)" # the nodes create started, whatever this command asks for
  # kube-router first: it would put its chains and ipsets back while they are swept
  for c in kube-router kube-proxy kubelet kube-scheduler kube-controller-manager; do stop_component "$c"; done
  stop_extra_kubelets
  remove_containers
  stop_component containerd
  stop_extra_runtimes
  kill_leftovers
  stop_component kube-apiserver
  stop_component etcd
  unmount_all
  cleanup_network
  while ip rule del "${service_guard_rule[@]}" 2>/dev/null; do :; done
  ip route flush table "$guard_table" 2>/dev/null || true
  remove_cgroups
  remove_extra_cgroups
  local left=""
  for c in "${components[@]}"; do [ -z "$(live_pid "$c")" ] || left+=" $c"; done
  [ -z "$left" ] || die "still running:$left"
  # Nothing is mounted below $cluster any more (checked above); --one-file-system guards anyway.
  find "$cluster" -mindepth 1 -maxdepth 1 ! -name logs -exec rm -rf --one-file-system {} +
  use_nodes "$wanted"
  log "teardown done in $((SECONDS - t0)) s: no process, mount, bridge or iptables rule of the cluster left (logs kept in $logs)"
}

teardown() {
  need_root "teardown"
  [ -d "$cluster" ] || { log "no cluster in $cluster"; return 0; }
  exec 8>"$cluster.lock"
  flock -n 8 || die "another local-cluster.sh holds $cluster.lock"
  teardown_locked
}
