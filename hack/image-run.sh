# Sourced by hack/image-smoke.sh: running a program inside an unpacked image's root file system as
# the image's user (in_image, run_bounded), and the start-up checks built on it (run_service,
# run_no_cluster). Uses image-smoke.sh's log, pass, fail, work, pids, timeout_s and mount_ns.
# shellcheck shell=bash
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
