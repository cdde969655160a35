# shellcheck shell=bash
# Sourced by hack/offline/local-cluster.sh, not run alone: how create starts each component (and
# restart starts one again), with the same arguments either way.

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

start_controller_manager() {
  launch kube-controller-manager "$kube_dir/kube-controller-manager" \
    --kubeconfig="$cluster/kube-controller-manager.kubeconfig" \
    --authentication-kubeconfig="$cluster/kube-controller-manager.kubeconfig" \
    --authorization-kubeconfig="$cluster/kube-controller-manager.kubeconfig" \
    --bind-address=127.0.0.1 --leader-elect=false --cluster-name=vtbench \
    --service-account-private-key-file="$pki/sa.key" --root-ca-file="$pki/ca.crt" \
    --cluster-signing-cert-file="$pki/ca.crt" --cluster-signing-key-file="$pki/ca.key" \
    --use-service-account-credentials=true --service-cluster-ip-range="$service_cidr" \
    --allocate-node-cidrs=false --flex-volume-plugin-dir="$cluster/kube-controller-manager/volume-plugins" --v=1
}

start_scheduler() {
  launch kube-scheduler "$kube_dir/kube-scheduler" \
    --kubeconfig="$cluster/kube-scheduler.kubeconfig" \
    --authentication-kubeconfig="$cluster/kube-scheduler.kubeconfig" \
    --authorization-kubeconfig="$cluster/kube-scheduler.kubeconfig" \
    --bind-address=127.0.0.1 --leader-elect=false --v=1
}

start_kubelet() {
  # cAdvisor finds containerd only at /run/containerd/containerd.sock (1.37 has no --containerd) or
  # labels no container with its pod (kubernetes#89903): a link there to ours, removed by teardown.
  mkdir -p /run/containerd && { [ -e /run/containerd/containerd.sock ] || ln -sfn "$sock" /run/containerd/containerd.sock; }
  launch kubelet "$kube_dir/kubelet" \
    --config="$cluster/kubelet-config.yaml" --kubeconfig="$cluster/kubelet.kubeconfig" \
    --root-dir="$cluster/kubelet" --cert-dir="$cluster/kubelet/pki" \
    --hostname-override="$node_name" --node-ip="$node_ip" --v=1
}

start_kube_proxy() { launch kube-proxy "$kube_dir/kube-proxy" --config="$cluster/kube-proxy-config.yaml" --v=1; }

# NetworkPolicy enforcement, as a cluster whose CNI enforces it: kube-router's firewall only (the
# bridge CNI connects the pods, kube-proxy serves the Services), as admin (a test cluster's).
kube_router_healthy() { curl -fsS --max-time 2 http://127.0.0.1:20244/healthz >/dev/null; }
start_kube_router() {
  launch kube-router "$kube_router_bin" --kubeconfig="$cluster/kubeconfig" --hostname-override="$node_name" \
    --run-firewall=true --run-router=false --run-service-proxy=false --run-loadbalancer=false \
    --enable-cni=false --enable-pod-egress=false --service-cluster-ip-range="$service_cidr" \
    --health-port=20244 --metrics-port=0 --v=1
  wait_for kube-router "kube-router's /healthz" 60 kube_router_healthy
}

# The other four in start order, each by its function (restart's too); then the kubelet's /healthz.
start_node() {
  start_controller_manager
  start_scheduler
  start_kubelet
  start_kube_proxy
  wait_for kubelet "the kubelet's /healthz" 60 kubelet_healthy
}

# Pods leave the node through the node's address (the CNI bridge's own ipMasq would add a chain
# per pod that only a CNI DEL removes; one rule of ours is simpler to take back).
add_masquerade() {
  local rule=(POSTROUTING -s "$pod_cidr" ! -o "$bridge" -m comment --comment "$masq_comment" -j MASQUERADE)
  iptables -t nat -C "${rule[@]}" 2>/dev/null || iptables -t nat -A "${rule[@]}"
}
