#!/usr/bin/env bash
# The kind path: a kind cluster whose kubelets run the static CPU manager (hack/kind-config.yaml),
# the SUT, stub, operator and byo-orders example images from `make images` loaded into its nodes,
# and CloudNativePG, k6-operator and the vtbench chart installed (hack/install-operators.sh).
# Needs a running Docker engine, Helm 3 (hack/kube-tools.sh helm) and, for the node image, what
# hack/kind-node-image.sh needs; kind comes from the Go module proxy when it is not on the PATH.
#
# Node image: KIND_NODE_IMAGE when set (e.g. kindest/node:v1.37.x, pulled by kind: the online
# path); otherwise hack/kind-node-image.sh builds one here, offline (docs/cluster-kind.md).
# Operators: the upstream release manifests when they can be fetched (or CNPG_MANIFEST and
# K6_OPERATOR_MANIFEST when set); without the network, the manifests and images
# hack/offline/e2e-images.sh builds (the ones make e2e uses), loaded into the nodes, with
# CloudNativePG's default PostgreSQL image set to that build and k6's default image
# (grafana/k6:K6_VERSION) given by the k6 image built there.
# On a host with 2 CPUs (two-core.yaml's case) the kubelets reserve 100m (kubeReserved, which
# still keeps CPU 0 out of exclusive use) instead of reservedSystemCPUs: "0", and the operators,
# CoreDNS and the storage provisioner run on the control-plane node, so that the worker's 1.9
# allocatable CPUs are the run's and kindnet's.
#
# Usage: hack/kind.sh [up|create|load|install|pinning RUN [NS]|down|clean] [-h|--help]
#                                                                   (normally: make kind)
#   up        create + load + install (the default)
#   create    the cluster, unless it exists
#   load      kind load image-archive the five image tars (make images builds them), and
#             offline the third-party images
#   install   CloudNativePG, k6-operator (its controller image pinned to the tag of its version),
#             the CRD and the chart
#   pinning   check that run RUN's SUT holds an exclusive core on its node, while it runs
#             (hack/kind/pinning.sh: cpu_manager_state, the SUT's cgroup cpuset)
#   down      delete the cluster, its kubeconfig context and kind's Docker network (make kind-down)
#   clean     down, then remove the node and base images hack/kind-node-image.sh built
#             (make kind-clean; the next make kind assembles them again from ~/.cache/vtbench)
# Environment: KIND_CLUSTER (default: vtbench, as hack/kind-config.yaml names it),
#   KIND_NODE_IMAGE, CNPG_MANIFEST, K6_OPERATOR_MANIFEST, KIND_OFFLINE (1: the offline operators
#   even with network), HELM_ARGS (more arguments for helm upgrade --install, word-split),
#   VTBENCH_CACHE.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
# shellcheck source=versions.env
. "$here/versions.env"
cache=${VTBENCH_CACHE:-$HOME/.cache/vtbench}
name=${KIND_CLUSTER:-vtbench}
cnpg_v=${CNPG_VERSION#v}
cnpg_url=https://raw.githubusercontent.com/cloudnative-pg/cloudnative-pg/release-${cnpg_v%.*}/releases/cnpg-$cnpg_v.yaml
k6op_url=https://raw.githubusercontent.com/grafana/k6-operator/$K6_OPERATOR_VERSION/bundle.yaml
tars=(sut/target/vtbench-sut-image.tar sut/reactive/target/vtbench-sut-reactive-image.tar
  stub/target/vtbench-stub-image.tar operator/kube/target/vtbench-operator-image.tar
  examples/byo-orders/target/byo-orders-image.tar)
two_cores=no
[ "$(nproc)" -gt 2 ] || two_cores=yes

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; }
script=kind.sh
. "$here/lib.sh"
k() { kubectl --context "kind-$name" "$@"; }
PATH=$cache/kube/$KUBE_VERSION:$cache/bin:$PATH

kind_() {
  if ! command -v kind >/dev/null; then
    bash "$here/kind-node-image.sh" kind >/dev/null || die "kind is not installed and go install failed"
  fi
  kind "$@"
}

# Offline unless the upstream manifests answer (or KIND_OFFLINE=1). Decided once, before
# anything reads e2e-images.sh's refs: they set CNPG_MANIFEST too, which would turn a later
# check "online" and skip CloudNativePG's PostgreSQL image setting.
offline_mode=""
offline() {
  if [ -z "$offline_mode" ]; then
    offline_mode=no
    if [ "${KIND_OFFLINE:-}" = 1 ]; then
      offline_mode=yes
    elif [ -z "${CNPG_MANIFEST:-}" ] && ! curl -fsIL --max-time 10 "$cnpg_url" >/dev/null 2>&1; then
      offline_mode=yes
    fi
  fi
  [ "$offline_mode" = yes ]
}

create() {
  need_cmd docker "a Docker engine runs kind's nodes (Debian: docker.io)"
  docker info >/dev/null 2>&1 || die "no Docker engine answers (docker info); start one, e.g. dockerd &"
  if kind_ get clusters 2>/dev/null | grep -qx "$name"; then
    log "cluster $name exists"
    return 0
  fi
  local image=${KIND_NODE_IMAGE:-} config=$here/kind-config.yaml t0=$SECONDS
  if [ -z "$image" ]; then
    log "no KIND_NODE_IMAGE: building the node image here (hack/kind-node-image.sh)"
    image=$(bash "$here/kind-node-image.sh" build) || die "hack/kind-node-image.sh failed"
    log "node image $image ready after $((SECONDS - t0)) s"
  fi
  if [ "$two_cores" = yes ]; then
    config=$(mktemp --suffix=.yaml)
    sed 's/^\(    \)reservedSystemCPUs: "0"$/\1kubeReserved: {cpu: 100m}  # 2 CPUs: see hack\/kind.sh/' \
      "$here/kind-config.yaml" >"$config"
    grep -q 'kubeReserved: {cpu: 100m}' "$config" || die "hack/kind-config.yaml has no reservedSystemCPUs line to replace"
    log "2 CPUs: the kubelets reserve kubeReserved 100m instead of reservedSystemCPUs \"0\""
  fi
  t0=$SECONDS
  local rc=0
  kind_ create cluster --config "$config" --name "$name" --image "$image" --wait 5m || rc=$?
  [ "$config" = "$here/kind-config.yaml" ] || rm -f "$config"
  [ "$rc" = 0 ] || die "kind create cluster failed ($rc)"
  log "cluster $name up in $((SECONDS - t0)) s"
}

load() {
  local t
  for t in "${tars[@]}"; do
    [ -f "$repo/$t" ] || die "$t is missing: run make images"
    kind_ load image-archive "$repo/$t" --name "$name"
  done
  if offline; then
    eval "$(bash "$here/offline/e2e-images.sh" refs)"
    for t in manifests cnpg postgres k6-operator k6 starter; do bash "$here/offline/e2e-images.sh" "$t" >/dev/null; done
    for t in "$CNPG_OPERATOR_TAR" "$CNPG_POSTGRES_TAR" "$K6_OPERATOR_TAR" "$K6_TAR" "$K6_STARTER_TAR"; do
      kind_ load image-archive "$t" --name "$name"
    done
    # The operator's default k6 image, given by the k6 built here (same version, with a shell).
    for node in $(kind_ get nodes --name "$name"); do
      docker exec "$node" ctr --namespace=k8s.io images tag --force "$K6_IMAGE" "docker.io/grafana/k6:${K6_VERSION#v}" >/dev/null
    done
  fi
}

# On 2 CPUs: a Deployment to the control-plane node (its taint tolerated), and wait for it.
to_control_plane() { # NAMESPACE DEPLOYMENT
  k -n "$1" patch deployment "$2" --type merge -p '{"spec":{"template":{"spec":{
    "nodeSelector":{"node-role.kubernetes.io/control-plane":""},
    "tolerations":[{"key":"node-role.kubernetes.io/control-plane","operator":"Exists","effect":"NoSchedule"}]}}}}' >/dev/null
  k -n "$1" rollout status deployment "$2" --timeout=300s >/dev/null || die "$1/$2 did not roll out on the control plane"
}

install() {
  local cnpg=${CNPG_MANIFEST:-$cnpg_url} k6op=${K6_OPERATOR_MANIFEST:-$k6op_url} args=()
  # Runs go where kubectl puts them by default (the README's `kubectl apply -f examples/…`).
  HELM_ARGS="--set watchNamespaces={default} ${HELM_ARGS:-}"
  if offline; then
    eval "$(bash "$here/offline/e2e-images.sh" refs)"
    cnpg=$CNPG_MANIFEST k6op=$K6_OPERATOR_MANIFEST
    [ -s "$cnpg" ] || die "$cnpg is missing: run hack/kind.sh load (it builds the offline images and manifests)"
    # CloudNativePG reads its default PostgreSQL image from this ConfigMap when it starts: an
    # operator already running (install again) is restarted when the ConfigMap changes.
    local cm
    k get namespace cnpg-system >/dev/null 2>&1 || k create namespace cnpg-system >/dev/null
    cm=$(k -n cnpg-system create configmap cnpg-controller-manager-config \
      --from-literal=POSTGRES_IMAGE_NAME="$CNPG_POSTGRES_IMAGE" --dry-run=client -o yaml | k apply -f -)
    if [ "$cm" != "configmap/cnpg-controller-manager-config unchanged" ] &&
      k -n cnpg-system get deployment cnpg-controller-manager >/dev/null 2>&1; then
      k -n cnpg-system rollout restart deployment cnpg-controller-manager >/dev/null
    fi
    log "offline: CloudNativePG's default PostgreSQL image is $CNPG_POSTGRES_IMAGE"
  fi
  if [ "$two_cores" = yes ]; then
    args=(--cnpg-cpu 25m --k6-operator-cpu 25m)
    HELM_ARGS="--set resources.requests.cpu=50m --set nodeSelector.node-role\\.kubernetes\\.io/control-plane= --set tolerations[0].key=node-role.kubernetes.io/control-plane --set tolerations[0].operator=Exists --set tolerations[0].effect=NoSchedule ${HELM_ARGS:-}"
  fi
  # shellcheck disable=SC2086 # HELM_ARGS is word-split on purpose
  KUBECTL="kubectl --context kind-$name" HELM="helm --kube-context kind-$name" \
    bash "$here/install-operators.sh" --cnpg "$cnpg" --k6-operator "$k6op" "${args[@]}" -- ${HELM_ARGS:-}
  # The bundle committed at a k6-operator tag may still name the previous controller image.
  k -n k6-operator-system set image deployment/k6-operator-controller-manager \
    "manager=ghcr.io/grafana/k6-operator:controller-$K6_OPERATOR_VERSION" >/dev/null
  k -n k6-operator-system rollout status deployment/k6-operator-controller-manager --timeout=300s >/dev/null ||
    die "k6-operator-system/k6-operator-controller-manager did not roll out in 300 s with controller-$K6_OPERATOR_VERSION"
  if [ "$two_cores" = yes ]; then
    log "2 CPUs: CoreDNS, the storage provisioner and the operators to the control-plane node"
    to_control_plane kube-system coredns
    to_control_plane local-path-storage local-path-provisioner
    to_control_plane cnpg-system cnpg-controller-manager
    to_control_plane k6-operator-system k6-operator-controller-manager
  fi
  log "ready: kubectl --context kind-$name apply -f examples/<run>.yaml; kubectl get bench -w"
}

down() {
  kind_ delete cluster --name "$name"
  # kind leaves its Docker network; remove it when no container uses it any more.
  if docker network inspect kind -f '{{len .Containers}}' 2>/dev/null | grep -qx 0; then
    docker network rm kind >/dev/null && log "removed the Docker network kind"
  fi
}

case ${1:-up} in
  up) create; load; install ;;
  create) create ;;
  load) load ;;
  install) install ;;
  pinning) shift; bash "$here/kind/pinning.sh" "$@" ;;
  down) down ;;
  clean) down; bash "$here/kind-node-image.sh" remove ;;
  -h | --help) usage ;;
  *) usage >&2; exit 2 ;;
esac
