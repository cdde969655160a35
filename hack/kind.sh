#!/usr/bin/env bash
# The kind path: a kind cluster whose kubelets run the static CPU manager (hack/kind-config.yaml),
# the SUT, stub, operator and byo-orders example images from `make images` loaded into its nodes, and CloudNativePG,
# k6-operator and the vtbench chart installed from their upstream manifests
# (hack/install-operators.sh). Needs Docker, kind, kubectl, Helm 3 and the network. Without
# Docker or network, use the offline rig instead: hack/offline/ (make e2e, docs/e2e.md).
#
# Usage: hack/kind.sh [up|create|load|install|down] [-h|--help]     (normally: make kind)
#   up        create + load + install (the default)
#   create    the cluster, unless it exists
#   load      kind load image-archive the five image tars (make images builds them)
#   install   CloudNativePG, k6-operator (its controller image pinned to the tag of its version),
#             the CRD and the chart
#   down      delete the cluster
# Environment: KIND_CLUSTER (default: vtbench, as hack/kind-config.yaml names it), CNPG_MANIFEST,
#   K6_OPERATOR_MANIFEST (default: the release manifests of the versions in hack/versions.env),
#   HELM_ARGS (more arguments for helm upgrade --install, word-split).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
# shellcheck source=versions.env
. "$here/versions.env"
name=${KIND_CLUSTER:-vtbench}
cnpg_v=${CNPG_VERSION#v}
cnpg_manifest=${CNPG_MANIFEST:-https://raw.githubusercontent.com/cloudnative-pg/cloudnative-pg/release-${cnpg_v%.*}/releases/cnpg-$cnpg_v.yaml}
k6op_manifest=${K6_OPERATOR_MANIFEST:-https://raw.githubusercontent.com/grafana/k6-operator/$K6_OPERATOR_VERSION/bundle.yaml}
tars=(sut/target/vtbench-sut-image.tar sut/reactive/target/vtbench-sut-reactive-image.tar
  stub/target/vtbench-stub-image.tar operator/kube/target/vtbench-operator-image.tar
  examples/byo-orders/target/byo-orders-image.tar)

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; }
script=kind.sh
. "$here/lib.sh"
k() { kubectl --context "kind-$name" "$@"; }

create() {
  command -v kind >/dev/null || die "kind is not installed (and Docker is needed to run it)"
  if kind get clusters 2>/dev/null | grep -qx "$name"; then
    log "cluster $name exists"
  else
    kind create cluster --config "$here/kind-config.yaml" --name "$name"
  fi
}

load() {
  local t
  for t in "${tars[@]}"; do
    [ -f "$repo/$t" ] || die "$t is missing: run make images"
    kind load image-archive "$repo/$t" --name "$name"
  done
}

install() {
  # shellcheck disable=SC2086 # HELM_ARGS is word-split on purpose
  KUBECTL="kubectl --context kind-$name" HELM="helm --kube-context kind-$name" \
    bash "$here/install-operators.sh" --cnpg "$cnpg_manifest" --k6-operator "$k6op_manifest" -- ${HELM_ARGS:-}
  # The bundle committed at a k6-operator tag may still name the previous controller image.
  k -n k6-operator-system set image deployment/k6-operator-controller-manager \
    "manager=ghcr.io/grafana/k6-operator:controller-$K6_OPERATOR_VERSION" >/dev/null
  k -n k6-operator-system rollout status deployment/k6-operator-controller-manager --timeout=300s >/dev/null
  log "ready: kubectl --context kind-$name apply -f examples/<run>.yaml; kubectl get bench -w"
}

case ${1:-up} in
  up) create; load; install ;;
  create) create ;;
  load) load ;;
  install) install ;;
  down) kind delete cluster --name "$name" ;;
  -h | --help) usage ;;
  *) usage >&2; exit 2 ;;
esac
