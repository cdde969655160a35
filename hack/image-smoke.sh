#!/usr/bin/env bash
# Proves that image tars built by hack/images.sh really run, and as a non-root user, without a
# container engine: each tar (docker-save or OCI layout, as jib:buildTar writes) is unpacked, its
# layers are applied in order to a temporary root file system, and its entrypoint runs there
# under chroot as the image's user, with /proc and a minimal /dev mounted in a private mount
# namespace (as a container runtime would).
#
# Usage: hack/image-smoke.sh IMAGE_TAR...      (must run as root: chroot and mount need it)
#   e.g. hack/image-smoke.sh sut/target/vtbench-sut-image.tar stub/target/vtbench-stub-image.tar \
#          operator/kube/target/vtbench-operator-image.tar
#
# Checks, per image:
#   - the configured user is not root (not empty, 0 or root), by name and by uid
#   - the entrypoint's program exists and the user may execute it; /tmp is writable by the user
#   - `java -version` runs in the image as that user
#   - SUT images (main class dev.vtbench.sut.SutApplication, or the reactive SUT's
#     dev.vtbench.sut.reactive.ReactiveSutApplication): started with CONN_MODE=foo it
#     exits 2 naming CONN_MODE=foo (its main class loads and validates the environment)
#   - stub and SUT images: the entrypoint starts on a random free port, GET /livez answers 200
#     within SMOKE_TIMEOUT seconds, and /proc/<pid>/status shows the image's uid and gid, with
#     no supplementary root group; then it is stopped. The SUT gets an unreachable database
#     (liveness does not need one).
#   - the bring-your-own examples' images (main class com.example.orders.OrdersApplication or
#     com.example.clinic.ClinicApplication): the same start, with an unreachable database too,
#     through standard Spring Boot settings only (the services know nothing of vtbench):
#     spring.jpa.database-platform, so Hibernate starts without reading the database's metadata,
#     and
#     management.endpoint.health.probes.add-additional-paths, so Actuator's liveness group
#     (which never includes the database) answers /livez on the service's port.
#   - operator image (main class dev.vtbench.operator.OperatorMain): the entrypoint with --help
#     exits 0 and prints its usage ("vtbench operator ..."); started with no cluster to reach (no
#     KUBERNETES_SERVICE_HOST, no kubeconfig, no service account) it runs as the image's uid and
#     gid (/proc/<pid>/status, as above) and gives up with a non-zero exit code within
#     SMOKE_TIMEOUT seconds instead of hanging.
# Environment: SMOKE_TIMEOUT (seconds to wait for /livez, or for the operator to give up; default
# 60), SMOKE_KEEP=1 keeps the temporary root file systems for inspection.
set -euo pipefail

timeout_s=${SMOKE_TIMEOUT:-60}
passed=0
failed=0
work=""
pids=()

log() { printf 'image-smoke: %s\n' "$*"; }
pass() {
  passed=$((passed + 1))
  printf 'image-smoke:   ok   %s\n' "$*"
}
fail() {
  failed=$((failed + 1))
  printf 'image-smoke:   FAIL %s\n' "$*" >&2
}
die() {
  printf 'image-smoke: ERROR: %s\n' "$*" >&2
  exit 1
}

case "${1:-}" in
  -h | --help)
    sed -n '2,/^set -euo pipefail/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
    exit 0
    ;;
  "")
    echo "usage: hack/image-smoke.sh IMAGE_TAR... (see --help)" >&2
    exit 2
    ;;
esac

[ "$(id -u)" -eq 0 ] || die "must run as root (chroot and mount need it); the image's program still runs as its own user"
for t in chroot unshare curl python3 tar; do
  command -v "$t" >/dev/null || die "$t not found"
done
chroot_bin=$(command -v chroot)
env_bin=$(command -v env)

# True while process $1 runs (a zombie counts as gone).
alive() { [ -r "/proc/$1/status" ] && ! grep -q '^State:[[:space:]]*Z' "/proc/$1/status" 2>/dev/null; }

stop_pid() {
  local pid=$1 _
  if alive "$pid"; then
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 50); do
      alive "$pid" || break
      sleep 0.2
    done
    alive "$pid" && kill -KILL "$pid" 2>/dev/null
  fi
  wait "$pid" 2>/dev/null || true
  forget_pid "$pid"
}

# Drops a reaped pid from the cleanup list, so a reused pid is never signalled.
forget_pid() {
  local keep=() p
  for p in "${pids[@]}"; do [ "$p" = "$1" ] || keep+=("$p"); done
  pids=("${keep[@]}")
}

cleanup() {
  local pid
  for pid in "${pids[@]}"; do stop_pid "$pid"; done
  if [ -n "$work" ] && [ -d "$work" ]; then
    # The mounts live only in the started processes' private namespaces; never delete through one.
    if grep -qF " $work/" /proc/self/mountinfo; then
      echo "image-smoke: NOT removing $work: something is mounted below it" >&2
    elif [ "${SMOKE_KEEP:-0}" = 1 ]; then
      echo "image-smoke: kept $work"
    else
      rm -rf "$work"
    fi
  fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM
work=$(mktemp -d /tmp/vtbench-image-smoke.XXXXXX)

# Can we give the chroot a /proc (the JVM needs it, e.g. to find libjli.so through $ORIGIN)?
if unshare --mount --propagation private true 2>/dev/null; then
  mount_ns=1
else
  mount_ns=0
  log "note: cannot create a mount namespace here; running without /proc and /dev (java may fail)"
fi

# in_image, run_bounded, free_port, run_service, run_no_cluster
# shellcheck source=image-run.sh
. "$(dirname "$0")/image-run.sh"
# image_meta, apply_layer, resolve_user, check_ids
# shellcheck source=image-rootfs.sh
. "$(dirname "$0")/image-rootfs.sh"

smoke_image() {
  local tar_file=$1 n=$2 p0=$passed f0=$failed
  log "$tar_file"
  check_image "$tar_file" "$n" || true
  log "$(basename "$tar_file"): $((passed - p0)) passed, $((failed - f0)) failed"
  [ "${SMOKE_KEEP:-0}" = 1 ] || rm -rf "$work/img$n" "$work/rootfs$n"
}

# The checks of one image; returns early (after counting a failure) when the rest cannot run.
check_image() {
  local tar_file=$1 n=$2
  local dir=$work/img$n root=$work/rootfs$n
  if [ ! -f "$tar_file" ]; then
    fail "$tar_file: no such file (run 'make images' first)"
    return
  fi
  mkdir -p "$dir" "$root"
  if ! tar --warning=no-unknown-keyword -xf "$tar_file" -C "$dir"; then
    fail "$tar_file: cannot unpack"
    return
  fi
  local meta
  if ! meta=$(image_meta "$dir"); then
    fail "$tar_file: not a docker-save or OCI image layout"
    return
  fi
  local user workdir
  local -a layers=() entry=() cmd=() envs=()
  user=$(sed -n 's/^user //p' <<<"$meta")
  workdir=$(sed -n 's/^workdir //p' <<<"$meta")
  mapfile -t layers < <(sed -n 's/^layer //p' <<<"$meta")
  mapfile -t entry < <(sed -n 's/^entry //p' <<<"$meta")
  mapfile -t cmd < <(sed -n 's/^cmd //p' <<<"$meta")
  mapfile -t envs < <(sed -n 's/^env //p' <<<"$meta")

  local l
  for l in "${layers[@]}"; do
    if ! apply_layer "$l" "$root"; then
      fail "cannot apply layer ${l##*/}"
      return
    fi
  done
  pass "unpacked ${#layers[@]} layers ($(du -sh "$root" | cut -f1) root file system)"
  [ "$workdir" = / ] || log "  note: the image's WorkingDir is $workdir; chroot runs the program in /"

  # The user.
  local uid gid
  read -r uid gid <<<"$(resolve_user "$root" "$user")"
  case "${user%%:*}" in
    "" | 0 | root)
      fail "configured user is '${user}': the image would run as root"
      return
      ;;
  esac
  if [ -z "$uid" ]; then
    fail "configured user '$user' is not in the image's /etc/passwd and not numeric"
    return
  elif [ "$uid" = 0 ]; then
    fail "configured user '$user' has uid 0 in the image's /etc/passwd"
    return
  fi
  pass "configured user is '$user' (uid $uid, gid $gid), not root"
  local spec="$uid:$gid"

  # The entrypoint and /tmp.
  local argv=("${entry[@]}" "${cmd[@]}")
  if [ ${#argv[@]} -eq 0 ]; then
    fail "the image has neither Entrypoint nor Cmd"
    return
  fi
  local prog=${argv[0]} main=${argv[${#argv[@]} - 1]} owner mode
  if [ -f "$root$prog" ] && read -r owner mode < <(stat -L -c '%u %a' "$root$prog") &&
    { [ $((8#$mode & 8#001)) -ne 0 ] || { [ "$owner" = "$uid" ] && [ $((8#$mode & 8#100)) -ne 0 ]; }; }; then
    pass "entrypoint program $prog exists and uid $uid may execute it (mode $mode, owner $owner)"
  else
    fail "entrypoint program $prog is missing or not executable by uid $uid"
    return
  fi
  local tmpmode
  tmpmode=$(stat -c %a "$root/tmp" 2>/dev/null || echo none)
  if [ "$tmpmode" != none ] && [ $((8#$tmpmode & 8#0002)) -ne 0 ]; then
    pass "/tmp is writable by uid $uid (mode $tmpmode)"
  else
    fail "/tmp is missing or not writable by uid $uid (mode $tmpmode)"
  fi

  # What a runtime provides: /proc and /dev mount points, /etc/hosts and /etc/resolv.conf.
  mkdir -p "$root/proc" "$root/dev" "$root/etc"
  for f in hosts resolv.conf; do
    [ -e "$root/etc/$f" ] || { [ -f "/etc/$f" ] && cp "/etc/$f" "$root/etc/$f"; } || true
  done
  local envbase=$work/env$n
  {
    printf '%s\n' "${envs[@]}"
    echo "HOSTNAME=$(uname -n)"
  } | sed '/^$/d' >"$envbase"

  # java -version as the user.
  local out err rc
  out=$work/out$n err=$work/err$n
  run_bounded 60 "$out" "$err" "$root" "$spec" "$envbase" "$prog" -version && rc=0 || rc=$?
  if [ $rc -eq 0 ] && grep -q 'version "' "$err"; then
    pass "$prog -version as $spec: $(head -1 "$err")"
  else
    fail "$prog -version as $spec exited $rc: $(head -3 "$err")"
    return
  fi

  local port
  case "$main" in
    dev.vtbench.sut.SutApplication | dev.vtbench.sut.reactive.ReactiveSutApplication)
      { cat "$envbase" && echo CONN_MODE=foo; } >"$work/env$n.bad"
      run_bounded 60 "$out" "$err" "$root" "$spec" "$work/env$n.bad" "${argv[@]}" && rc=0 || rc=$?
      if [ $rc -eq 2 ] && grep -q 'CONN_MODE=foo' "$err"; then
        pass "SUT main class loads: CONN_MODE=foo exits 2 with '$(grep -m1 'CONN_MODE=foo' "$err")'"
      else
        fail "SUT with CONN_MODE=foo: expected exit 2 and 'CONN_MODE=foo' on stderr, got exit $rc: $(head -3 "$err")"
      fi
      port=$(free_port) || {
        fail "no free port"
        return
      }
      { cat "$envbase" && printf '%s\n' "SERVER_PORT=$port" SERVER_ADDRESS=127.0.0.1 \
        DB_URL=jdbc:postgresql://127.0.0.1:1/none STUB_URL=http://127.0.0.1:1; } >"$work/env$n.run"
      run_service sut "$root" "$spec" "$uid" "$gid" "$work/env$n.run" "$port" -- "${argv[@]}"
      ;;
    com.example.orders.OrdersApplication | com.example.clinic.ClinicApplication)
      port=$(free_port) || {
        fail "no free port"
        return
      }
      # Each example reads its downstream's URL from a variable of its own.
      local service=byo-orders quote=SHIPPING_QUOTE_URL
      if [ "$main" = com.example.clinic.ClinicApplication ]; then
        service=byo-clinic quote=INSURANCE_QUOTE_URL
      fi
      # Without the dialect named, Hibernate asks the (absent) database for it and the start fails.
      { cat "$envbase" && printf '%s\n' "SERVER_PORT=$port" SERVER_ADDRESS=127.0.0.1 \
        SPRING_DATASOURCE_URL=jdbc:postgresql://127.0.0.1:1/none "$quote=http://127.0.0.1:1" \
        SPRING_JPA_DATABASE_PLATFORM=org.hibernate.dialect.PostgreSQLDialect \
        MANAGEMENT_ENDPOINT_HEALTH_PROBES_ADD_ADDITIONAL_PATHS=true; } >"$work/env$n.run"
      run_service "$service" "$root" "$spec" "$uid" "$gid" "$work/env$n.run" "$port" -- "${argv[@]}"
      ;;
    dev.vtbench.stub.StubApplication)
      port=$(free_port) || {
        fail "no free port"
        return
      }
      { cat "$envbase" && printf '%s\n' "STUB_PORT=$port" STUB_ADDRESS=127.0.0.1; } >"$work/env$n.run"
      run_service stub "$root" "$spec" "$uid" "$gid" "$work/env$n.run" "$port" -- "${argv[@]}"
      ;;
    dev.vtbench.operator.OperatorMain)
      run_bounded 60 "$out" "$err" "$root" "$spec" "$envbase" "${argv[@]}" --help && rc=0 || rc=$?
      if [ $rc -eq 0 ] && grep -q 'vtbench operator' "$out"; then
        pass "operator main class loads: --help exits 0 with '$(grep -m1 'vtbench operator' "$out")'"
      else
        fail "operator --help: expected exit 0 and 'vtbench operator' on stdout, got exit $rc: $(cat "$out" "$err" | head -3)"
      fi
      run_no_cluster operator "$root" "$spec" "$uid" "$gid" "$envbase" -- "${argv[@]}"
      ;;
    *)
      log "  (main class '$main' is not the SUT, the stub, the operator or an example service: no start-up test)"
      ;;
  esac
}

start=$SECONDS
n=0
for tar_file in "$@"; do
  n=$((n + 1))
  smoke_image "$tar_file" "$n"
done
log "$passed passed, $failed failed ($((SECONDS - start)) s)"
[ "$failed" -eq 0 ]
