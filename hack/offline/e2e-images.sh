#!/usr/bin/env bash
# shellcheck disable=SC2016 # the sh -c scripts below expand their own variables
# Builds, without a Docker engine or a registry, the third-party images the end-to-end test needs
# (CloudNativePG operator, a PostgreSQL image CloudNativePG accepts, k6-operator, a k6 runner with
# a shell, k6-operator's curl "starter", prometheus-operator with its config reloader, Prometheus)
# as image tars `ctr -n k8s.io images import` loads, plus the three operators' install manifests
# rewritten to use them. Everything comes from the Go module
# proxy and Debian's packages, is pinned in hack/versions.env and cached under ~/.cache/vtbench;
# a warm run only compares stamps. See --help.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../versions.env
. "$here/../versions.env"

cache=${VTBENCH_CACHE:-$HOME/.cache/vtbench}
images=$cache/images                 # NAME.tar + NAME.stamp
bins=$images/bin                     # the static binaries the images are packed from
work=$images/.work                   # build and verification scratch (removed when done)
manifests=$cache/manifests
build_logs=$cache/logs
kube_dir=$cache/kube/$KUBE_VERSION
tmpl=$here/cluster
own=$here/cluster/images
build_nice=${VTBENCH_BUILD_NICE:-19}
# Bump when a recipe below changes in a way the stamps' inputs do not show.
recipe=1

debian_suite=bookworm
pg_major=15                          # the PostgreSQL of Debian $debian_suite
cnpg_plain=${CNPG_VERSION#v}
k6op_plain=${K6_OPERATOR_VERSION#v}
k6_plain=${K6_VERSION#v}
promop_plain=${PROMETHEUS_OPERATOR_VERSION#v}
# Prometheus 3.MM.P is the Go module version v0.3MM.P.
prom_minor=${PROMETHEUS_VERSION#v0.}
prom_plain=$((${prom_minor%%.*} / 100)).$((${prom_minor%%.*} % 100)).${PROMETHEUS_VERSION##*.}
# Without these tags Prometheus's service discoveries need a module version the proxy refuses;
# Kubernetes is the only one prometheus-operator's configurations use.
prom_tags=remove_all_sd,enable_kubernetes_sd
nonroot=65532                        # distroless "nonroot", as the operators' Dockerfiles use
pg_uid=26                            # CloudNativePG's default postgresUID / postgresGID
case $(uname -m) in x86_64 | amd64) goarch=amd64 ;; aarch64 | arm64) goarch=arm64 ;; *) goarch=$(uname -m) ;; esac

# Image references. k6-operator's starter and stopper jobs run `curl` from an image it names
# itself unless TestRun.spec.starter.image says otherwise; the tag is not "latest", so the
# kubelet uses the imported copy (pull policy IfNotPresent).
cnpg_image=ghcr.io/cloudnative-pg/cloudnative-pg:$cnpg_plain
postgres_image=docker.io/vtbench/postgresql:$pg_major
k6op_image=ghcr.io/grafana/k6-operator:controller-$K6_OPERATOR_VERSION
k6_image=docker.io/vtbench/k6:$k6_plain
starter_image=ghcr.io/grafana/k6-operator:latest-starter
# Upstream's references, so the operator's own default for the reloader (its version) and the
# manifest's arguments stay as they are.
promop_image=quay.io/prometheus-operator/prometheus-operator:$PROMETHEUS_OPERATOR_VERSION
reloader_image=quay.io/prometheus-operator/prometheus-config-reloader:$PROMETHEUS_OPERATOR_VERSION
prom_image=quay.io/prometheus/prometheus:v$prom_plain

cnpg_tar=$images/cloudnative-pg-$cnpg_plain.tar
postgres_tar=$images/postgresql-$pg_major.tar
k6op_tar=$images/k6-operator-$k6op_plain.tar
k6_tar=$images/k6-$k6_plain.tar
starter_tar=$images/k6-operator-starter.tar
promop_tar=$images/prometheus-operator-$promop_plain.tar
reloader_tar=$images/prometheus-config-reloader-$promop_plain.tar
prom_tar=$images/prometheus-$prom_plain.tar
cnpg_manifest=$manifests/cnpg-$cnpg_plain.yaml
k6op_manifest=$manifests/k6-operator-$k6op_plain.yaml
promop_manifest=$manifests/prometheus-operator-$promop_plain.yaml

usage() {
  cat <<EOF
Usage: hack/offline/e2e-images.sh [all|cnpg|postgres|k6-operator|k6|starter|monitoring|manifests|refs|--help]

Builds image tars for an offline cluster (load them with hack/offline/local-cluster.sh load TAR…):
  cnpg         $cnpg_image
               CloudNativePG's operator (/manager, built from its $CNPG_VERSION module, 4-7 min cold)
  postgres     $postgres_image
               Debian $debian_suite (debootstrap) with postgresql-$pg_major, postgres user uid $pg_uid;
               set it as Cluster.spec.imageName (CloudNativePG reads the major from the tag)
  k6-operator  $k6op_image
               k6-operator's controller (/manager, from its $K6_OPERATOR_VERSION module, 3-4 min cold)
  k6           $k6_image
               k6 $K6_VERSION (hack/k6.sh) with Debian's static busybox as /bin/sh and its
               applets, and curl; user $nonroot, WORKDIR /home/k6
  starter      $starter_image
               busybox and curl for k6-operator's starter/stopper jobs
  monitoring   $promop_image
               $reloader_image
               prometheus-operator and its config reloader (from its $PROMETHEUS_OPERATOR_VERSION module, ~4 min cold)
               $prom_image
               Prometheus (module $PROMETHEUS_VERSION, tags $prom_tags, ~5 min cold)
  manifests    $cnpg_manifest
               $k6op_manifest
               $promop_manifest
               each operator's config/default (kubectl kustomize) with the images above,
               imagePullPolicy IfNotPresent (k6-operator v1 has no kube-rbac-proxy sidecar to drop);
               prometheus-operator's CRDs and example/rbac/prometheus-operator (namespace default)
  all          all of the above (default)
  refs         print the image references, tars and manifests as shell assignments:
               eval "\$(hack/offline/e2e-images.sh refs)"

Each image is verified after packing: its main program runs in a chroot of the unpacked image
as the image's user. Tars and stamps: $images; build logs: $build_logs.
Needs root (debootstrap, chroot), Go, python3 with PyYAML, apt-get (debootstrap, busybox-static).
Environment: VTBENCH_CACHE, VTBENCH_BUILD_NICE (19), VTBENCH_DEBIAN_MIRROR (default: the
Debian mirror in /etc/apt/sources.list{,.d}).
EOF
}

script=e2e-images.sh root_for="debootstrap, chroot, mount namespaces"
. "$here/../lib.sh"
# logged, gorun, moddir
. "$here/go-steps.sh"
# One run at a time per cache; Go builds also take hack/kube-tools.sh's lock, so they never
# compete with the cluster's own builds for the two cores.
run_lock() { mkdir -p "$cache"; exec 8>"$cache/.e2e-images.lock"; flock 8; }
go_lock() { exec 9>"$cache/.kube-tools.lock"; flock 9; }
go_unlock() { exec 9>&-; }
# Of the files' contents only, not their paths: a stamp holds in every checkout.
sha() { sha256sum "$@" | cut -d" " -f1 | sha256sum | cut -c1-16; }

# A stamp holds the inputs an image was built from; the image is current when they still match.
current() { [ -s "$1" ] && [ "$(cat "${1%.tar}.stamp" 2>/dev/null)" = "$2" ]; }
stamp() { echo "$2" >"${1%.tar}.stamp"; }
# Packs ROOT into TAR as REF; the remaining arguments are oci-image.py's config options.
pack() {
  local root=$1 ref=$2 tar=$3; shift 3
  mkdir -p "$images"
  python3 "$tmpl/oci-image.py" --rootfs "$root" --name "$ref" --out "$tar" --arch "$goarch" "$@" >&2
}

# ---------------------------------------------------------------------------------------------
# verification: unpack a tar like containerd would, then run programs in a chroot of it

# Unpacks TAR's layers into DIR and its config into DIR.config.json.
unpack() {
  local tar=$1 dir=$2 layer
  rm -rf "$dir" "$dir.config.json"
  mkdir -p "$dir"
  tar -xOf "$tar" manifest.json | python3 -c '
import json, sys
m = json.load(sys.stdin)[0]
print(m["Config"]); print("\n".join(m["Layers"]))' >"$dir.parts"
  tar -xOf "$tar" "$(head -n1 "$dir.parts")" >"$dir.config.json"
  while read -r layer; do
    tar -xOf "$tar" "$layer" | tar -x --same-owner -C "$dir"
  done < <(tail -n +2 "$dir.parts")
  rm -f "$dir.parts"
}
# Prints the image config's Env one per line.
image_env() { python3 -c 'import json, sys; print("\n".join(json.load(open(sys.argv[1]))["config"].get("Env", [])))' "$1.config.json"; }
# Prints the image config in one line: Entrypoint, Cmd, User, WorkingDir, Env.
image_config() {
  python3 -c '
import json, sys
c = json.load(open(sys.argv[1]))["config"]
print("; ".join(f"{k}={json.dumps(c[k])}" for k in ("Entrypoint", "Cmd", "User", "WorkingDir", "Env") if k in c))' "$1.config.json"
}
# Runs CMD… inside a chroot of DIR as UID:GID with exactly the image's Env, in a private mount
# namespace with /dev and /proc mounted (they vanish with it: nothing to unmount afterwards).
in_image() {
  local dir=$1 user=$2; shift 2
  local envs=()
  mapfile -t envs < <(image_env "$dir")
  mkdir -p "$dir/dev" "$dir/proc"
  unshare --mount --propagation private -- sh -c '
    set -e
    dir=$1 user=$2; shift 2
    mount --rbind /dev "$dir/dev"
    mount -t proc proc "$dir/proc"
    exec "$@"' sh "$dir" "$user" env -i "${envs[@]}" chroot --userspec="$user" "$dir" "$@"
}
verify_dir() { echo "$work/verify-$1"; }
show() { sed 's/^/    /' >&2; }

# ---------------------------------------------------------------------------------------------
# Go programs

# Builds PKG of MODULE@VERSION (in a writable copy: -mod=mod must be able to edit go.mod/go.sum)
# statically into OUT. NESTED (DIR=MODULE@VERSION ...) are modules the copy's go.mod replaces
# with its own subdirectories, which the module proxy's zip leaves out.
go_build_module() {
  local name=$1 mod=$2 pkg=$3 out=$4 ldflags=$5 nested=${6:-} dir src t0=$SECONDS n
  need_cmd go "Go builds $mod"
  go_lock
  [ -x "$out" ] && { go_unlock; return 0; }  # built meanwhile by a concurrent run
  dir=$(moddir "$mod")
  src=$work/src-$name
  rm -rf "$src"
  mkdir -p "$work" "$(dirname "$out")"
  cp -r "$dir" "$src"
  chmod -R u+w "$src"
  for n in $nested; do
    rm -rf "${src:?}/${n%%=*}"
    mkdir -p "$(dirname "$src/${n%%=*}")"
    cp -r "$(moddir "${n#*=}")" "$src/${n%%=*}"
    chmod -R u+w "$src/${n%%=*}"
  done
  log "building $name from $mod with $(go version | cut -d' ' -f3) at niceness $build_nice (log: $build_logs/e2e-images-$name.log) ..."
  (cd "$src" && CGO_ENABLED=0 logged "e2e-images-$name" gorun go build -trimpath -ldflags "-s -w $ldflags" -o "$out.tmp" "$pkg")
  mv "$out.tmp" "$out"
  rm -rf "$src"
  go_unlock
  log "$name built in $((SECONDS - t0)) s"
}

cnpg_bin=$bins/cloudnative-pg-manager-$CNPG_VERSION
build_cnpg_bin() {
  [ -x "$cnpg_bin" ] && return 0
  local v=github.com/cloudnative-pg/cloudnative-pg/pkg/versions
  go_build_module cloudnative-pg "github.com/cloudnative-pg/cloudnative-pg@$CNPG_VERSION" ./cmd/manager "$cnpg_bin" \
    "-X $v.buildVersion=$cnpg_plain -X $v.buildCommit=$CNPG_VERSION-gomodule -X $v.buildDate=module-proxy"
}

k6op_bin=$bins/k6-operator-manager-$K6_OPERATOR_VERSION
build_k6op_bin() {
  [ -x "$k6op_bin" ] && return 0
  # Its go.mod replaces the module with ./, so `go install` refuses it: go build ./cmd in a copy.
  go_build_module k6-operator "github.com/grafana/k6-operator@$K6_OPERATOR_VERSION" ./cmd "$k6op_bin" ""
}

# prometheus-operator's controller and config reloader; its go.mod replaces its API and client
# modules with ./pkg/apis/monitoring and ./pkg/client.
promop_bin=$bins/prometheus-operator-$PROMETHEUS_OPERATOR_VERSION
reloader_bin=$bins/prometheus-config-reloader-$PROMETHEUS_OPERATOR_VERSION
prom_version_ldflags() { echo "-X github.com/prometheus/common/version.Version=$1 -X github.com/prometheus/common/version.Revision=$2-gomodule -X github.com/prometheus/common/version.Branch=module-proxy"; }
build_promop_bins() {
  local m=github.com/prometheus-operator/prometheus-operator
  local nested="pkg/apis/monitoring=$m/pkg/apis/monitoring@$PROMETHEUS_OPERATOR_VERSION pkg/client=$m/pkg/client@$PROMETHEUS_OPERATOR_VERSION"
  [ -x "$promop_bin" ] || go_build_module prometheus-operator "$m@$PROMETHEUS_OPERATOR_VERSION" ./cmd/operator "$promop_bin" \
    "$(prom_version_ldflags "$promop_plain" "$PROMETHEUS_OPERATOR_VERSION")" "$nested"
  [ -x "$reloader_bin" ] || go_build_module prometheus-config-reloader "$m@$PROMETHEUS_OPERATOR_VERSION" ./cmd/prometheus-config-reloader "$reloader_bin" \
    "$(prom_version_ldflags "$promop_plain" "$PROMETHEUS_OPERATOR_VERSION")" "$nested"
}

# Prometheus: go install works on its module (no replace directives), with the tags above.
prom_bin=$bins/prometheus-$PROMETHEUS_VERSION
build_prom_bin() {
  [ -x "$prom_bin" ] && return 0
  need_cmd go "Go builds Prometheus"
  local t0=$SECONDS gobin=$work/gobin-prometheus
  go_lock
  [ -x "$prom_bin" ] && { go_unlock; return 0; }
  rm -rf "$gobin"
  mkdir -p "$gobin" "$bins"
  log "building Prometheus $prom_plain (module $PROMETHEUS_VERSION, tags $prom_tags) at niceness $build_nice (log: $build_logs/e2e-images-prometheus.log) ..."
  (cd / && CGO_ENABLED=0 GOBIN=$gobin logged e2e-images-prometheus gorun go install -trimpath -tags "$prom_tags" \
    -ldflags "-s -w $(prom_version_ldflags "$prom_plain" "$PROMETHEUS_VERSION")" "github.com/prometheus/prometheus/cmd/prometheus@$PROMETHEUS_VERSION")
  mv "$gobin/prometheus" "$prom_bin"
  rm -rf "$gobin"
  go_unlock
  log "Prometheus built in $((SECONDS - t0)) s"
}

# A static curl stand-in (hack/offline/cluster/images/curl): what k6-operator's starter runs.
curl_sum() { sha "$own/curl/"*.go "$own/curl/go.mod"; }
curl_bin() { echo "$bins/curl-$(curl_sum)"; }
build_curl_bin() {
  local out; out=$(curl_bin)
  [ -x "$out" ] && return 0
  need_cmd go "Go builds the curl stand-in"
  mkdir -p "$bins"
  (cd "$own/curl" && CGO_ENABLED=0 logged e2e-images-curl gorun go build -trimpath -ldflags "-s -w" -o "$out.tmp" .)
  mv "$out.tmp" "$out"
}

# ---------------------------------------------------------------------------------------------
# images

# Writes a minimal /etc (passwd, group with root, nobody and USER:UID), /tmp and the CA bundle.
base_files() {
  local root=$1 user=$2 uid=$3 home=${4:-/}
  mkdir -p "$root/etc/ssl/certs" "$root/tmp"
  chmod 1777 "$root/tmp"
  printf 'root:x:0:0:root:/root:/sbin/nologin\n%s:x:%s:%s:%s:%s:/sbin/nologin\nnobody:x:65534:65534:nobody:/nonexistent:/sbin/nologin\n' \
    "$user" "$uid" "$uid" "$user" "$home" >"$root/etc/passwd"
  printf 'root:x:0:\n%s:x:%s:\nnogroup:x:65534:\n' "$user" "$uid" >"$root/etc/group"
  [ ! -f /etc/ssl/certs/ca-certificates.crt ] || install -m 0644 /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/"
}

build_cnpg() {
  local key="$cnpg_image recipe=$recipe"
  current "$cnpg_tar" "$key" && return 0
  build_cnpg_bin
  local root=$work/cnpg-root v
  rm -rf "$root"
  mkdir -p "$root"
  # Laid out as its Dockerfile does, WORKDIR /: the operator finds the instance manager it offers
  # per architecture as operator/manager_<GOARCH> relative to its working directory (without one
  # every Cluster fails "invalid architecture: amd64", pkg/utils/discovery.go); the Deployment
  # runs /manager, a link to it; and each PostgreSQL pod's init container runs
  # `/manager bootstrap /controller/manager`, which copies "manager" (its cobra root command's
  # name) relative to the working directory.
  mkdir -p "$root/operator"
  install -m 0755 "$cnpg_bin" "$root/operator/manager_$goarch"
  ln -s "operator/manager_$goarch" "$root/manager"
  base_files "$root" nonroot "$nonroot" /home/nonroot
  pack "$root" "$cnpg_image" "$cnpg_tar" --entrypoint /manager --user "$nonroot:$nonroot" --workdir /
  rm -rf "$root"
  v=$(verify_dir cnpg)
  unpack "$cnpg_tar" "$v"
  log "verifying $cnpg_image: $(image_config "$v")"
  if [ ! -x "$v/operator/manager_$goarch" ] || [ "$(readlink "$v/manager")" != "operator/manager_$goarch" ]; then
    die "$cnpg_image: no /operator/manager_$goarch behind /manager"
  fi
  in_image "$v" "$nonroot:$nonroot" /manager version 2>&1 | show || die "$cnpg_image: /manager version failed"
  # The bootstrap-controller init container, as CloudNativePG's pods run it (uid 26, cwd /).
  in_image "$v" "$pg_uid:$pg_uid" /manager bootstrap /tmp/controller-manager 2>&1 | tail -n 1 | show ||
    die "$cnpg_image: /manager bootstrap failed as uid $pg_uid"
  [ "$(stat -c %a "$v/tmp/controller-manager")" = 750 ] || die "/manager bootstrap did not install a 0750 copy"
  in_image "$v" "$pg_uid:$pg_uid" /tmp/controller-manager version 2>&1 | show || die "$cnpg_image: the bootstrapped copy does not run"
  rm -rf "$v" "$v.config.json"
  stamp "$cnpg_tar" "$key"
}

build_k6op() {
  local key="$k6op_image recipe=$recipe"
  current "$k6op_tar" "$key" && return 0
  build_k6op_bin
  local root=$work/k6op-root v out
  rm -rf "$root"
  mkdir -p "$root"
  install -m 0755 "$k6op_bin" "$root/manager"
  base_files "$root" nonroot "$nonroot" /home/nonroot
  pack "$root" "$k6op_image" "$k6op_tar" --entrypoint /manager --user "$nonroot:$nonroot" --workdir /
  rm -rf "$root"
  v=$(verify_dir k6op)
  unpack "$k6op_tar" "$v"
  log "verifying $k6op_image: $(image_config "$v")"
  out=$(in_image "$v" "$nonroot:$nonroot" /manager --help 2>&1 || true)
  grep -q -- '-metrics-bind-address' <<<"$out" || { echo "$out" | show; die "$k6op_image: /manager --help printed no flags"; }
  grep -E -- '-(metrics-bind-address|leader-elect|health-probe-bind-address)( |$)' <<<"$out" | show
  rm -rf "$v" "$v.config.json"
  stamp "$k6op_tar" "$key"
}

# One static Go program as /bin/NAME, user nobody (65534) as upstream's images run them; the image
# is verified by running VERIFY... in it, whose output must match PATTERN.
build_go_image() {
  local name=$1 image=$2 tar=$3 bin=$4 workdir=$5 pattern=$6; shift 6
  local key root=$work/$name-root v out
  key="$image recipe=$recipe bin=$(sha "$bin")"
  current "$tar" "$key" && return 0
  rm -rf "$root"
  mkdir -p "$root/bin" "$root$workdir"
  install -m 0755 "$bin" "$root/bin/$name"
  base_files "$root" nonroot "$nonroot" /home/nonroot # and nobody
  # The packer owns every file by root; Prometheus writes into its working directory when no
  # volume is mounted there.
  [ "$workdir" = / ] || chmod 1777 "$root$workdir"
  pack "$root" "$image" "$tar" --entrypoint "/bin/$name" --user 65534:65534 --workdir "$workdir"
  rm -rf "$root"
  v=$(verify_dir "$name")
  unpack "$tar" "$v"
  log "verifying $image: $(image_config "$v")"
  out=$(in_image "$v" 65534:65534 "$@" 2>&1 || true)
  grep -q -E -- "$pattern" <<<"$out" || { echo "$out" | show; die "$image: $* printed no '$pattern'"; }
  grep -m 3 -E -- "$pattern" <<<"$out" | show
  rm -rf "$v" "$v.config.json"
  stamp "$tar" "$key"
}
build_monitoring() {
  build_promop_bins
  build_prom_bin
  build_go_image operator "$promop_image" "$promop_tar" "$promop_bin" / 'prometheus-config-reloader' /bin/operator --help
  build_go_image prometheus-config-reloader "$reloader_image" "$reloader_tar" "$reloader_bin" / \
    "version $promop_plain" /bin/prometheus-config-reloader --version
  build_go_image prometheus "$prom_image" "$prom_tar" "$prom_bin" /prometheus "version $prom_plain" /bin/prometheus --version
}

# Debian's static busybox with a link per applet in /bin (sh, mkdir, dirname, cat, grep, …).
busybox_bin=/bin/busybox
ensure_busybox() {
  if [ -z "$(busybox_version)" ] || [ ! -x "$busybox_bin" ]; then
    need_root "installing busybox-static"
    log "installing busybox-static (Debian) ..."
    logged e2e-images-apt-busybox bash -c "DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends busybox-static || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends busybox-static; }"
  fi
  file -L "$busybox_bin" 2>/dev/null | grep -q 'statically linked' || [ ! -x /usr/bin/file ] || die "$busybox_bin is not static"
}
busybox_root() {
  local root=$1 app
  mkdir -p "$root/bin" "$root/usr/bin" "$root/sbin"
  install -m 0755 "$busybox_bin" "$root/bin/busybox"
  for app in $("$root/bin/busybox" --list); do
    [ "$app" = busybox ] || ln -s busybox "$root/bin/$app"
  done
  ln -s /bin/busybox "$root/sbin/nologin"
  mkdir -p "$root/etc"
  echo 'hosts: files dns' >"$root/etc/nsswitch.conf"
}

# The k6 of hack/k6.sh; if it is dynamically linked (built with cgo), its loader and libraries.
k6_bin=$cache/bin/k6
ensure_k6() {
  # hack/k6.sh does nothing when its stamp says the binary is this k6 with this extension
  nice -n "$build_nice" bash "$here/../k6.sh" >/dev/null
  [ -x "$k6_bin" ] || die "hack/k6.sh left no $k6_bin"
}
copy_libs() {
  local root=$1 bin=$2 lib
  for lib in $(ldd "$bin" 2>/dev/null | grep -o '/[^ ]*' || true); do
    mkdir -p "$root$(dirname "$lib")"
    cp -L "$lib" "$root$lib"
  done
}

build_k6() {
  ensure_busybox
  ensure_k6
  build_curl_bin
  local key
  key="$k6_image recipe=$recipe k6=$(cat "$k6_bin.recipe") busybox=$(busybox_version) curl=$(curl_sum)"
  current "$k6_tar" "$key" && return 0
  local root=$work/k6-root v
  rm -rf "$root"
  mkdir -p "$root/home/k6"
  busybox_root "$root"
  install -m 0755 "$k6_bin" "$root/usr/bin/k6"
  # go install keeps DWARF (about a third of the binary); the symbol table stays for stack traces.
  ! command -v strip >/dev/null 2>&1 || strip --strip-debug "$root/usr/bin/k6"
  install -m 0755 "$(curl_bin)" "$root/usr/bin/curl"
  copy_libs "$root" "$k6_bin"
  base_files "$root" k6 "$nonroot" /home/k6
  # The packer owns every file by root: leave the home writable for whatever uid the pod runs as.
  chmod 1777 "$root/home/k6"
  pack "$root" "$k6_image" "$k6_tar" --entrypoint k6 --user "$nonroot:$nonroot" --workdir /home/k6
  rm -rf "$root"
  v=$(verify_dir k6)
  unpack "$k6_tar" "$v"
  log "verifying $k6_image: $(image_config "$v")"
  # What k6-operator's initializer job runs (pkg/resources/jobs/initializer.go), then a run.
  mkdir -p "$v/test"
  printf 'export const options = { vus: 1, iterations: 1 };\nexport default function () {}\n' >"$v/test/test.js"
  in_image "$v" "$nonroot:$nonroot" sh -c 'cd /home/k6 && k6 version && curl --version && echo "sh: ok ($(id -u):$(id -g) in $(pwd))"' 2>&1 | show ||
    die "$k6_image: k6, curl or sh does not run"
  # vtbench's TestRun arguments are "--no-usage-report --no-color"; k6-operator drops the first
  # for `k6 archive` (pkg/types/k6cli.go).
  in_image "$v" "$nonroot:$nonroot" sh -c "mkdir -p \$(dirname /tmp/test.js.archived.tar) && k6 archive /test/test.js -O /tmp/test.js.archived.tar --no-color 2> /tmp/k6logs && k6 inspect --execution-requirements /tmp/test.js.archived.tar 2> /tmp/k6logs ; ! cat /tmp/k6logs | grep 'level=error'" >"$v.out" 2>&1 ||
    { show <"$v.out"; die "$k6_image: k6-operator's initializer command failed"; }
  echo "initializer command ok: $(tr -d ' \n' <"$v.out" | cut -c1-120)" | show
  in_image "$v" "$nonroot:$nonroot" sh -c 'cd /home/k6 && k6 run --no-usage-report --no-color /test/test.js' >"$v.out" 2>&1 ||
    { show <"$v.out"; die "$k6_image: k6 run failed"; }
  grep -E 'iterations\.*:' "$v.out" | show
  rm -f "$v.out"
  rm -rf "$v" "$v.config.json"
  stamp "$k6_tar" "$key"
}

build_starter() {
  ensure_busybox
  build_curl_bin
  local key
  key="$starter_image recipe=$recipe busybox=$(busybox_version) curl=$(curl_sum)"
  current "$starter_tar" "$key" && return 0
  local root=$work/starter-root v port srv out
  rm -rf "$root"
  mkdir -p "$root"
  busybox_root "$root"
  install -m 0755 "$(curl_bin)" "$root/usr/bin/curl"
  base_files "$root" nonroot "$nonroot" /home/nonroot
  pack "$root" "$starter_image" "$starter_tar" --cmd sh --user "$nonroot:$nonroot" --workdir /
  rm -rf "$root"
  v=$(verify_dir starter)
  unpack "$starter_tar" "$v"
  log "verifying $starter_image: $(image_config "$v")"
  # The starter's command against a stand-in of k6's REST API (pkg/resources/containers/curl_start.go).
  port=$((20000 + RANDOM % 20000))
  python3 -c '
import http.server, sys
class H(http.server.BaseHTTPRequestHandler):
    def do_PATCH(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self.send_response(200); self.end_headers()
        self.wfile.write(b"PATCH " + self.path.encode() + b" " + self.headers.get("Content-Type", "").encode() + b" " + body)
    def log_message(self, *a): pass
http.server.HTTPServer(("127.0.0.1", int(sys.argv[1])), H).handle_request()' "$port" &
  srv=$!
  sleep 0.5
  out=$(in_image "$v" "$nonroot:$nonroot" sh -c "curl --retry 3 -X PATCH -H 'Content-Type: application/json' http://127.0.0.1:$port/v1/status -d '{\"data\":{\"attributes\":{\"paused\":false},\"id\":\"default\",\"type\":\"status\"}}' -s -w '
{\"http_code\":%{http_code},\"time_total\":%{time_total},\"time_starttransfer\":%{time_starttransfer},\"url\":\"%{url_effective}\",\"remote_ip\":\"%{remote_ip}\",\"errormsg\":\"%{errormsg}\"}'" 2>&1) || true
  kill "$srv" 2>/dev/null || true
  wait "$srv" 2>/dev/null || true
  echo "$out" | show
  grep -q '^PATCH /v1/status application/json {"data"' <<<"$out" && grep -q '^{"http_code":200,' <<<"$out" ||
    die "$starter_image: the starter's curl PATCH did not arrive, or its -w printed no http_code 200"
  rm -rf "$v" "$v.config.json"
  stamp "$starter_tar" "$key"
}

# The Debian mirror (and security mirror) this machine's apt uses, for debootstrap and the chroot.
debian_uris() {
  python3 - "$debian_suite" <<'EOF'
import glob, re, sys
suite = sys.argv[1]
found = {}
def note(uri, suites):
    for s in suites:
        if s in (suite, suite + "-updates", suite + "-security"):
            found.setdefault(s, uri.rstrip("/"))
for path in sorted(glob.glob("/etc/apt/sources.list.d/*.sources")):
    for stanza in re.split(r"\n\s*\n", open(path).read()):
        fields = dict(re.findall(r"^([A-Za-z-]+):\s*(.*)$", stanza, re.M))
        if "deb" in fields.get("Types", "deb").split() and fields.get("Enabled", "yes") != "no":
            for uri in fields.get("URIs", "").split():
                note(uri, fields.get("Suites", "").split())
for path in ["/etc/apt/sources.list"] + sorted(glob.glob("/etc/apt/sources.list.d/*.list")):
    try:
        lines = open(path).read().splitlines()
    except OSError:
        continue
    for line in lines:
        m = re.match(r"^\s*deb\s+(?:\[[^\]]*\]\s+)?(\S+)\s+(\S+)", line)
        if m:
            note(m.group(1), [m.group(2)])
for s in (suite, suite + "-updates", suite + "-security"):
    if s in found:
        print(s, found[s])
EOF
}

postgres_key() { echo "$postgres_image recipe=$recipe suite=$debian_suite setup=$(sha "$own/postgres-rootfs.sh")"; }
build_postgres() {
  local key; key=$(postgres_key)
  current "$postgres_tar" "$key" && return 0
  need_root "the PostgreSQL image"
  if ! command -v debootstrap >/dev/null 2>&1; then
    log "installing debootstrap (Debian) ..."
    logged e2e-images-apt-debootstrap bash -c "DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap; }"
  fi
  local uris mirror root=$work/postgres-root v t0=$SECONDS s u
  uris=$(debian_uris)
  mirror=${VTBENCH_DEBIAN_MIRROR:-$(awk -v s="$debian_suite" '$1 == s {print $2}' <<<"$uris")}
  mirror=${mirror:-http://deb.debian.org/debian}
  rm -rf "$root"
  mkdir -p "$work"
  log "building $postgres_image: debootstrap --variant=minbase $debian_suite from $mirror, then postgresql-$pg_major (about 2 minutes; logs: $build_logs/e2e-images-postgres-*.log) ..."
  # In a private mount namespace: the /proc and /sys debootstrap mounts vanish with it, even on failure.
  logged e2e-images-postgres-debootstrap unshare --mount --propagation private -- \
    nice -n "$build_nice" debootstrap --variant=minbase "$debian_suite" "$root" "$mirror"
  # The chroot's apt sees the same suites as this machine's: the release, -updates, -security.
  {
    echo "deb $mirror $debian_suite main"
    while read -r s u; do
      if [ -z "$s" ] || [ "$s" = "$debian_suite" ]; then continue; fi
      if [ -n "${VTBENCH_DEBIAN_MIRROR:-}" ]; then
        u=$mirror
        [ "$s" != "$debian_suite-security" ] || u=$mirror-security
      fi
      echo "deb $u $s main"
    done <<<"$uris"
  } >"$root/etc/apt/sources.list"
  cp -L /etc/resolv.conf "$root/etc/resolv.conf"
  install -m 0755 "$own/postgres-rootfs.sh" "$root/tmp/postgres-rootfs.sh"
  logged e2e-images-postgres-setup unshare --mount --propagation private -- sh -c '
    set -e
    root=$1; shift
    mount --rbind /dev "$root/dev"
    mount -t proc proc "$root/proc"
    exec nice -n "$0" chroot "$root" "$@"' "$build_nice" "$root" /tmp/postgres-rootfs.sh "$pg_major"
  rm -f "$root/tmp/postgres-rootfs.sh" "$root/etc/resolv.conf" "$root/etc/hostname"
  : >"$root/etc/resolv.conf"
  # The runtime provides /dev, /proc, /sys and /run (CloudNativePG mounts an emptyDir on /run).
  find "$root/dev" "$root/proc" "$root/sys" -mindepth 1 -delete
  pack "$root" "$postgres_image" "$postgres_tar" --user "$pg_uid:$pg_uid" --env LANG=C.UTF-8 \
    --env PGDATA=/var/lib/postgresql/data/pgdata --cmd postgres --workdir /
  rm -rf "$root"
  log "$postgres_image built in $((SECONDS - t0)) s"
  v=$(verify_dir postgres)
  unpack "$postgres_tar" "$v"
  log "verifying $postgres_image: $(image_config "$v")"
  in_image "$v" "$pg_uid:$pg_uid" sh -c '
    set -e
    echo "id: $(id)  LANG=$LANG  postgres -> $(readlink -f "$(command -v postgres)")"
    for t in postgres initdb pg_ctl pg_controldata pg_basebackup pg_rewind pg_isready; do printf "%s " "$(command -v $t)"; done; echo
    postgres --version
    initdb -D /tmp/pgdata -U postgres --encoding=UTF8 --lc-collate=C --lc-ctype=C --auth=trust >/tmp/initdb.log 2>&1 || { cat /tmp/initdb.log; exit 1; }
    echo "initdb ok ($(cat /tmp/pgdata/PG_VERSION))"
    pg_ctl -D /tmp/pgdata -l /tmp/pg.log -o "-c listen_addresses= -k /tmp" -w start >/dev/null || { cat /tmp/pg.log; exit 1; }
    psql -h /tmp -U postgres -Atc "select version()"
    psql -h /tmp -U postgres -Atc "create table t as select g from generate_series(1, 100000) g; select count(*) as rows, pg_jit_available() as jit from t"
    pg_isready -h /tmp
    pg_controldata /tmp/pgdata | grep -E "^(pg_control version|Database cluster state)"
    pg_ctl -D /tmp/pgdata -m fast -w stop >/dev/null
    echo "pg_ctl start/stop ok"' 2>&1 | show || die "$postgres_image: verification failed (above)"
  rm -rf "$v" "$v.config.json"
  stamp "$postgres_tar" "$key"
}

# ---------------------------------------------------------------------------------------------
# manifests

kubectl_bin() {
  if [ -x "$kube_dir/kubectl" ]; then echo "$kube_dir/kubectl"; else command -v kubectl || die "no kubectl ($kube_dir/kubectl or on PATH)"; fi
}
# kubectl kustomize MODULE's config/default (from a writable copy) into RAW.
kustomize_module() {
  local name=$1 mod=$2 raw=$3 dir src=$work/config-$1
  dir=$(moddir "$mod")
  rm -rf "$src"
  mkdir -p "$src"
  cp -r "$dir/config" "$src/"
  chmod -R u+w "$src"
  logged "e2e-images-kustomize-$name" sh -c '"$1" kustomize "$2" >"$3"' sh "$(kubectl_bin)" "$src/config/default" "$raw"
  rm -rf "$src"
}
render_manifests() {
  local key
  key="cnpg=$cnpg_image k6-operator=$k6op_image prometheus-operator=$promop_image recipe=$recipe render=$(sha "$own/render-manifest.py")"
  [ -s "$cnpg_manifest" ] && [ -s "$k6op_manifest" ] && [ -s "$promop_manifest" ] && [ "$(cat "$manifests/.stamp" 2>/dev/null)" = "$key" ] && return 0
  python3 -c 'import yaml' 2>/dev/null || die "python3 lacks PyYAML (Debian: python3-yaml)"
  mkdir -p "$manifests" "$work"
  # CloudNativePG: config/default is what its releases/cnpg-X.yaml is rendered from; the image
  # placeholder "controller:latest" is also the OPERATOR_IMAGE_NAME its pods' init container uses.
  kustomize_module cnpg "github.com/cloudnative-pg/cloudnative-pg@$CNPG_VERSION" "$work/cnpg.raw.yaml"
  python3 "$own/render-manifest.py" --in "$work/cnpg.raw.yaml" --out "$cnpg_manifest" \
    --image "controller:latest=$cnpg_image" >&2
  # k6-operator: config/default, as its bundle.yaml (no kube-rbac-proxy sidecar since v1.0).
  kustomize_module k6-operator "github.com/grafana/k6-operator@$K6_OPERATOR_VERSION" "$work/k6op.raw.yaml"
  python3 "$own/render-manifest.py" --in "$work/k6op.raw.yaml" --out "$k6op_manifest" \
    --image "ghcr.io/grafana/k6-operator:latest=$k6op_image" >&2
  # prometheus-operator: every CRD it serves (it watches them all) and its example install in
  # namespace default (RBAC, Deployment, Service; --kubelet-service=kube-system/kubelet keeps a
  # Service with the kubelets' endpoints, which the cAdvisor ServiceMonitor selects).
  local promop f
  promop=$(moddir "github.com/prometheus-operator/prometheus-operator@$PROMETHEUS_OPERATOR_VERSION")
  for f in "$promop"/example/rbac/prometheus-operator/*.yaml; do
    case $f in *service-monitor.yaml) continue ;; esac
    echo "---"; cat "$f"
  done >"$work/promop.raw.yaml"
  python3 "$own/render-manifest.py" --in "$work/promop.raw.yaml" --out "$work/promop.yaml" \
    --image "$promop_image=$promop_image" >&2
  # The CRDs as they are (PyYAML cannot read their "=" enum values; kubectl can).
  for f in "$promop"/example/prometheus-operator-crd/*.yaml; do echo "---"; cat "$f"; done >"$promop_manifest.tmp"
  { echo "---"; cat "$work/promop.yaml"; } >>"$promop_manifest.tmp"
  mv "$promop_manifest.tmp" "$promop_manifest"
  rm -f "$work/cnpg.raw.yaml" "$work/k6op.raw.yaml" "$work/promop.raw.yaml" "$work/promop.yaml"
  echo "$key" >"$manifests/.stamp"
}

# ---------------------------------------------------------------------------------------------

print_refs() {
  printf 'CNPG_OPERATOR_IMAGE=%q\n' "$cnpg_image"
  printf 'CNPG_POSTGRES_IMAGE=%q\n' "$postgres_image"
  printf 'K6_OPERATOR_IMAGE=%q\n' "$k6op_image"
  printf 'K6_IMAGE=%q\n' "$k6_image"
  printf 'K6_STARTER_IMAGE=%q\n' "$starter_image"
  printf 'PROMETHEUS_OPERATOR_IMAGE=%q\n' "$promop_image"
  printf 'PROMETHEUS_CONFIG_RELOADER_IMAGE=%q\n' "$reloader_image"
  printf 'PROMETHEUS_IMAGE=%q\n' "$prom_image"
  printf 'CNPG_OPERATOR_TAR=%q\n' "$cnpg_tar"
  printf 'CNPG_POSTGRES_TAR=%q\n' "$postgres_tar"
  printf 'K6_OPERATOR_TAR=%q\n' "$k6op_tar"
  printf 'K6_TAR=%q\n' "$k6_tar"
  printf 'K6_STARTER_TAR=%q\n' "$starter_tar"
  printf 'E2E_IMAGE_TARS=%q\n' "$cnpg_tar $postgres_tar $k6op_tar $k6_tar $starter_tar $promop_tar $reloader_tar $prom_tar"
  printf 'CNPG_MANIFEST=%q\n' "$cnpg_manifest"
  printf 'K6_OPERATOR_MANIFEST=%q\n' "$k6op_manifest"
  printf 'PROMETHEUS_OPERATOR_MANIFEST=%q\n' "$promop_manifest"
}
summary() {
  local tar ref
  for tar in "$@"; do
    case $tar in
      "$cnpg_tar") ref=$cnpg_image ;; "$postgres_tar") ref=$postgres_image ;;
      "$k6op_tar") ref=$k6op_image ;; "$k6_tar") ref=$k6_image ;; "$starter_tar") ref=$starter_image ;;
      "$promop_tar") ref=$promop_image ;; "$reloader_tar") ref=$reloader_image ;; "$prom_tar") ref=$prom_image ;;
      *) ref="install manifest" ;;
    esac
    [ -s "$tar" ] && printf '%-45s %6s  %s\n' "$ref" "$(du -h "$tar" | cut -f1)" "$tar"
  done
}

cmd=${1:-all}
case $cmd in
  -h | --help | help) usage; exit 0 ;;
  refs) print_refs; exit 0 ;;
  all | cnpg | postgres | k6-operator | k6 | starter | monitoring | manifests) ;;
  *) usage >&2; die "unknown subcommand '$cmd'" ;;
esac
[ $# -le 1 ] || die "one subcommand at a time"
run_lock
trap 'rm -rf "$work"/verify-* "$work"/*-root "$work"/src-* "$work"/config-* 2>/dev/null; rmdir "$work" 2>/dev/null || true' EXIT
case $cmd in
  cnpg) build_cnpg; summary "$cnpg_tar" ;;
  postgres) build_postgres; summary "$postgres_tar" ;;
  k6-operator) build_k6op; summary "$k6op_tar" ;;
  k6) build_k6; summary "$k6_tar" ;;
  starter) build_starter; summary "$starter_tar" ;;
  monitoring) build_monitoring; summary "$promop_tar" "$reloader_tar" "$prom_tar" ;;
  manifests) render_manifests; summary "$cnpg_manifest" "$k6op_manifest" "$promop_manifest" ;;
  all)
    render_manifests
    build_k6
    build_starter
    # The PostgreSQL image (network and dpkg bound) builds alongside the Go builds (CPU bound).
    pg_pid=""
    if ! current "$postgres_tar" "$(postgres_key)"; then
      set -m # own process group, so an early exit stops debootstrap and apt too
      build_postgres & pg_pid=$!
      set +m
      trap 'rm -rf "$work"/verify-* "$work"/*-root "$work"/src-* "$work"/config-* 2>/dev/null; rmdir "$work" 2>/dev/null || true; [ -z "$pg_pid" ] || kill -- "-$pg_pid" 2>/dev/null || true' EXIT
    fi
    build_k6op
    build_cnpg
    build_monitoring
    if [ -n "$pg_pid" ]; then
      wait "$pg_pid" || { pg_pid=""; die "the PostgreSQL image failed (see above)"; }
      pg_pid=""
    fi
    build_postgres  # a no-op when the background build stamped it
    log "image references (eval \"\$(hack/offline/e2e-images.sh refs)\"):"
    print_refs | grep '_IMAGE=' | sed 's/^/  /' >&2
    summary "$cnpg_tar" "$postgres_tar" "$k6op_tar" "$k6_tar" "$starter_tar" "$promop_tar" "$reloader_tar" "$prom_tar" \
      "$cnpg_manifest" "$k6op_manifest" "$promop_manifest"
    ;;
esac
