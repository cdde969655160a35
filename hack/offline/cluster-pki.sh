# Sourced by hack/offline/local-cluster.sh, not run alone: certificates and kubeconfigs (openssl;
# ECDSA P-256, ten years) and render, which fills in the templates of hack/offline/cluster/.
# shellcheck shell=bash

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
    [BRIDGE]=$bridge [SOCK]=$sock [PAUSE_IMAGE]=$(pause_image) [COREDNS_IMAGE]=$coredns_image
    [NODE_DIR]=$node_dir [KUBELET_PORT]=$kubelet_port [HEALTHZ_PORT]=$healthz_port [CGROUP_ROOT]=$cgroup_root [IPAM_RANGE]=$(ipam_range))
  [ -f "$template" ] || die "template $template is missing"
  text=$(<"$template")
  for key in "${!values[@]}"; do text=${text//@$key@/${values[$key]}}; done
  if grep -o '@[A-Z_]*@' <<<"$text"; then die "template $template has placeholders render does not know"; fi
  printf '%s\n' "$text" >"$out"
}
