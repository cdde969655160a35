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

# Runs "$@" inside rootfs $1 as user spec $2 with the environment in file $3 (one VAR=value a line).
# The command replaces this process at every step (unshare, bash, env, chroot), so when started
# with & its pid is the pid of the program in the image. Call it only in the background (&).
in_image() {
  local root=$1 spec=$2 envfile=$3
  shift 3
  # shellcheck disable=SC2016 # expanded by the inner bash, from its arguments
  local inner='
    set -e
    r=$1 spec=$2 envfile=$3 ns=$4 envb=$5 chr=$6
    shift 6
    if [ "$ns" = 1 ]; then
      mount -t proc proc "$r/proc"
      mount -t tmpfs -o mode=755,nosuid tmpfs "$r/dev"
      for d in null zero full random urandom; do : >"$r/dev/$d"; mount --bind "/dev/$d" "$r/dev/$d"; done
      ln -s /proc/self/fd "$r/dev/fd"
      mkdir -m 1777 "$r/dev/shm"
    fi
    mapfile -t envs <"$envfile"
    exec "$envb" -i "${envs[@]}" "$chr" --userspec="$spec" "$r" "$@"'
  if [ "$mount_ns" = 1 ]; then
    exec unshare --mount --propagation private bash -c "$inner" _ "$root" "$spec" "$envfile" 1 "$env_bin" "$chroot_bin" "$@"
  else
    exec bash -c "$inner" _ "$root" "$spec" "$envfile" 0 "$env_bin" "$chroot_bin" "$@"
  fi
}

# Runs in_image "$@" in the background for at most $1 seconds; output to files $2 (stdout) and
# $3 (stderr). Returns its exit code, or 124 if it had to be stopped.
run_bounded() {
  local secs=$1 out=$2 err=$3 pid t0=$SECONDS rc
  shift 3
  in_image "$@" >"$out" 2>"$err" &
  pid=$!
  pids+=("$pid")
  while alive "$pid" && [ $((SECONDS - t0)) -lt "$secs" ]; do sleep 0.2; done
  if alive "$pid"; then
    stop_pid "$pid"
    return 124
  fi
  wait "$pid" && rc=0 || rc=$?
  forget_pid "$pid"
  return $rc
}

free_port() {
  local p _
  for _ in $(seq 1 100); do
    p=$((20000 + RANDOM % 40000))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
      echo "$p"
      return 0
    fi
  done
  return 1
}

# Reads the image tar's layout: prints "config <file>", "layer <file>"..., then the config's
# "user <u>", "workdir <d>", "entry <arg>"..., "cmd <arg>"..., "env <VAR=value>"....
image_meta() {
  python3 - "$1" <<'PY'
import json, os, sys
d = sys.argv[1]
def blob(digest):
    algo, hexd = digest.split(":", 1)
    return os.path.join(d, "blobs", algo, hexd)
if os.path.exists(os.path.join(d, "manifest.json")):
    m = json.load(open(os.path.join(d, "manifest.json")))[0]
    config = os.path.join(d, m["Config"])
    layers = [os.path.join(d, l) for l in m["Layers"]]
elif os.path.exists(os.path.join(d, "index.json")):
    idx = json.load(open(os.path.join(d, "index.json")))
    m = json.load(open(blob(idx["manifests"][0]["digest"])))
    if "manifests" in m:  # an index of platforms: take the first
        m = json.load(open(blob(m["manifests"][0]["digest"])))
    config = blob(m["config"]["digest"])
    layers = [blob(l["digest"]) for l in m["layers"]]
else:
    sys.exit("neither manifest.json nor index.json in the image tar")
c = json.load(open(config)).get("config") or {}
print("config", config)
for l in layers:
    print("layer", l)
print("user", c.get("User") or "")
print("workdir", c.get("WorkingDir") or "/")
for a in c.get("Entrypoint") or []:
    print("entry", a)
for a in c.get("Cmd") or []:
    print("cmd", a)
for e in c.get("Env") or []:
    print("env", e)
PY
}

# Applies one layer to the root file system, honouring whiteouts (.wh.<name>, .wh..wh..opq).
apply_layer() {
  local layer=$1 root=$2 entry dir base
  local -a whiteouts=()
  mapfile -t whiteouts < <(tar --warning=no-unknown-keyword -tf "$layer" | grep -E '(^|/)\.wh\.' || true)
  for entry in "${whiteouts[@]}"; do
    entry=${entry#./}
    case "/$entry/" in */../*) continue ;; esac
    base=${entry##*/}
    dir=$root/$(dirname "$entry")
    if [ "$base" = .wh..wh..opq ]; then
      [ -d "$dir" ] && find "$dir" -mindepth 1 -maxdepth 1 -exec rm -rf {} +
    else
      rm -rf "${dir:?}/${base#.wh.}"
    fi
  done
  tar --warning=no-unknown-keyword --numeric-owner --same-owner -xpf "$layer" -C "$root"
  for entry in "${whiteouts[@]}"; do
    entry=${entry#./}
    case "/$entry/" in */../*) continue ;; esac
    rm -f "$root/$entry"
  done
  # Make absolute symlinks relative, so a later layer writing through one stays in the root.
  local link target rel
  while IFS= read -r link; do
    target=$(readlink "$link")
    case "$target" in /*) ;; *) continue ;; esac
    rel=$(realpath -m --relative-to="$(dirname "$link")" "$root$target")
    ln -sfn "$rel" "$link"
  done < <(find "$root" -type l)
}

# uid and gid of a user spec (name or number, optional :group) from the image's passwd/group.
resolve_user() {
  local root=$1 spec=$2 user group uid gid
  user=${spec%%:*}
  group=""
  [[ "$spec" == *:* ]] && group=${spec#*:}
  if [[ "$user" =~ ^[0-9]+$ ]]; then
    uid=$user
    gid=$(awk -F: -v u="$user" '$3 == u {print $4; exit}' "$root/etc/passwd" 2>/dev/null || true)
  else
    uid=$(awk -F: -v u="$user" '$1 == u {print $3; exit}' "$root/etc/passwd" 2>/dev/null || true)
    gid=$(awk -F: -v u="$user" '$1 == u {print $4; exit}' "$root/etc/passwd" 2>/dev/null || true)
  fi
  if [ -n "$group" ]; then
    if [[ "$group" =~ ^[0-9]+$ ]]; then gid=$group; else gid=$(awk -F: -v g="$group" '$1 == g {print $3; exit}' "$root/etc/group" 2>/dev/null || true); fi
  fi
  echo "${uid:-} ${gid:-$uid}"
}

# Checks /proc/<pid>/status of a running program: real, effective, saved and file-system uid and
# gid all equal to the expected ones, no supplementary group 0, and its root is the image's.
check_ids() {
  local pid=$1 uid=$2 gid=$3 what=$4 root=$5 uids gids groups
  uids=$(awk '/^Uid:/ {print $2, $3, $4, $5}' "/proc/$pid/status")
  gids=$(awk '/^Gid:/ {print $2, $3, $4, $5}' "/proc/$pid/status")
  groups=$(awk '/^Groups:/ {$1 = ""; print}' "/proc/$pid/status" | xargs)
  if [ "$uids" = "$uid $uid $uid $uid" ] && [ "$gids" = "$gid $gid $gid $gid" ] &&
    ! grep -qw 0 <<<"$groups"; then
    pass "$what runs as uid $uid gid $gid (/proc/$pid/status: Uid $uids, Gid $gids, Groups '${groups}')"
  else
    fail "$what: /proc/$pid/status shows Uid '$uids', Gid '$gids', Groups '$groups'; expected uid $uid gid $gid"
  fi
  local proot
  proot=$(readlink "/proc/$pid/root")
  if [ "$proot" = "$root" ]; then
    pass "$what runs chrooted in the image's root file system (exe: $(readlink "/proc/$pid/exe"))"
  else
    fail "$what: its root is $proot, not $root"
  fi
}

# Starts argv (after --) with the environment file, waits for GET /livez = 200 on the port, checks
# the ids of the process, and stops it.
run_service() {
  local name=$1 root=$2 spec=$3 uid=$4 gid=$5 envfile=$6 port=$7
  shift 8
  local log=$work/$name.run.log pid code="" rc t0=$SECONDS
  in_image "$root" "$spec" "$envfile" "$@" >"$log" 2>&1 &
  pid=$!
  pids+=("$pid")
  log "  started $name (pid $pid) on 127.0.0.1:$port, waiting up to ${timeout_s}s for /livez ..."
  while [ $((SECONDS - t0)) -lt "$timeout_s" ]; do
    alive "$pid" || break
    code=$(curl -s -o /dev/null -m 2 -w '%{http_code}' "http://127.0.0.1:$port/livez" || true)
    [ "$code" = 200 ] && break
    sleep 0.5
  done
  if [ "$code" = 200 ]; then
    pass "$name: GET /livez = 200 after $((SECONDS - t0)) s"
    check_ids "$pid" "$uid" "$gid" "$name" "$root"
  elif ! alive "$pid"; then
    wait "$pid" 2>/dev/null && rc=0 || rc=$?
    forget_pid "$pid"
    fail "$name exited (code $rc) before /livez answered; last lines of its output:"
    tail -20 "$log" | sed 's/^/    /' >&2
  else
    fail "$name: GET /livez = '${code:-no answer}' after ${timeout_s}s; last lines of its output:"
    tail -20 "$log" | sed 's/^/    /' >&2
  fi
  stop_pid "$pid"
  if alive "$pid"; then fail "$name (pid $pid) did not stop"; else pass "$name stopped"; fi
}

# Starts argv (after --) with the environment file and nothing Kubernetes in it or in the image,
# checks the ids of the process while it runs, and expects it to exit by itself, non-zero, within
# SMOKE_TIMEOUT seconds (it must fail, not hang, when there is no cluster).
run_no_cluster() {
  local name=$1 root=$2 spec=$3 uid=$4 gid=$5 envfile=$6
  shift 7
  local log=$work/$name.nocluster.log pid rc t0=$SECONDS checked=no f
  for f in "$root/home/nonroot/.kube" "$root/root/.kube" "$root/var/run/secrets/kubernetes.io"; do
    if [ -e "$f" ]; then
      fail "$name: ${f#"$root"} exists in the image, cannot test without a cluster"
      return
    fi
  done
  if grep -qE '^(KUBERNETES_|KUBECONFIG=)' "$envfile"; then
    fail "$name: the image's environment points at a cluster: $(grep -E '^(KUBERNETES_|KUBECONFIG=)' "$envfile" | paste -sd' ')"
    return
  fi
  in_image "$root" "$spec" "$envfile" "$@" >"$log" 2>&1 &
  pid=$!
  pids+=("$pid")
  log "  started $name (pid $pid) with no cluster, waiting up to ${timeout_s}s for it to give up ..."
  while alive "$pid" && [ $((SECONDS - t0)) -lt "$timeout_s" ]; do
    # Once the program in the image runs (chroot has switched the user), check its ids.
    if [ $checked = no ] && [ "$(readlink "/proc/$pid/exe" 2>/dev/null)" = "$root$1" ]; then
      checked=yes
      check_ids "$pid" "$uid" "$gid" "$name" "$root"
    fi
    sleep 0.2
  done
  if alive "$pid"; then
    fail "$name with no cluster still runs after ${timeout_s}s (it should exit non-zero); last lines of its output:"
    tail -20 "$log" | sed 's/^/    /' >&2
    stop_pid "$pid"
    return
  fi
  wait "$pid" 2>/dev/null && rc=0 || rc=$?
  forget_pid "$pid"
  [ $checked = yes ] || fail "$name exited before its uid and gid could be checked"
  if [ $rc -ne 0 ]; then
    pass "$name with no cluster exits $rc after $((SECONDS - t0)) s: $(grep -m1 -E '^Exception in thread' "$log" || true) ... $(grep -E '^Caused by:' "$log" | tail -1 || true)"
  else
    fail "$name with no cluster exited 0; last lines of its output:"
    tail -20 "$log" | sed 's/^/    /' >&2
  fi
}

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
