# Sourced by hack/offline/local-cluster.sh, not run alone: smoke (a Guaranteed pod's exclusive
# cpuset, DNS through CoreDNS) and its helpers cpulist_has and other_containers.
# shellcheck shell=bash

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

# Lists "pid binary Cpus_allowed_list" of every running pod container of every node but the one
# with id $1 (sandboxes left out: the CPU manager does not pin their idle pause processes).
other_containers() {
  local id pid s c
  for s in $(node_socks); do
    c=(ctr --address "$s" --namespace k8s.io)
    for id in $("${c[@]}" containers ls -q 'labels."io.cri-containerd.kind"==container'); do
      [ "$id" != "$1" ] || continue
      pid=$("${c[@]}" tasks ls | awk -v id="$id" '$1 == id && $3 == "RUNNING" {print $2}')
      [ -n "$pid" ] || continue
      echo "$pid $(tr '\0' '\n' 2>/dev/null <"/proc/$pid/cmdline" | head -n1) $(awk '/Cpus_allowed_list/ {print $2}' "/proc/$pid/status" 2>/dev/null)"
    done
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
