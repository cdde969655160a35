# Sourced by hack/offline/local-cluster.sh, not run alone: process bookkeeping, i.e. starting a
# component (launch), finding it by its recorded pid (live_pid), waiting on it and stopping it.
# shellcheck shell=bash

# The start time (clock ticks since boot) tells a recorded pid from a later reuse of the number.
proc_start() { awk '{print $22}' "/proc/$1/stat" 2>/dev/null || true; }
# Prints the pid of component NAME if the process we recorded still runs, else nothing.
live_pid() {
  local f=$run/$1.pid pid start bin argv0
  [ -f "$f" ] || return 0
  read -r pid start bin <"$f" || return 0
  [ -d "/proc/$pid" ] || return 0
  [ "$(proc_start "$pid")" = "$start" ] || return 0
  argv0=$(tr '\0' '\n' 2>/dev/null <"/proc/$pid/cmdline" | head -n1)
  [ "$argv0" = "$bin" ] || return 0
  echo "$pid"
}

# Starts a component in its own session at niceness 0 with its log in $logs/NAME.log; through the
# command in launch_prefix when that is set (a node's mount namespace), which must exec BIN.
launch_prefix=()
launch() {
  local name=$1 bin=$2; shift 2
  local pid
  echo "=== $(date -Is) ${launch_prefix[*]:+${launch_prefix[0]} … }$bin $*" >>"$logs/$name.log"
  nice -n "$((-$(nice)))" setsid "${launch_prefix[@]}" "$bin" "$@" >>"$logs/$name.log" 2>&1 </dev/null 8>&- 9>&- &
  pid=$!
  local start="" i
  for ((i = 0; i < 40; i++)); do # until nice and setsid have exec'ed the binary
    start=$(proc_start "$pid")
    [ -n "$start" ] || break
    [ "$(tr '\0' '\n' 2>/dev/null <"/proc/$pid/cmdline" | head -n1)" = "$bin" ] && break
    sleep 0.05
  done
  [ -n "$start" ] || die "$name exited at once; $logs/$name.log:$(tail -n 20 "$logs/$name.log" | sed 's/^/\n  /')"
  echo "$pid $start $bin" >"$run/$name.pid"
}

# Waits up to TIMEOUT seconds for COMMAND to succeed while component NAME stays alive.
wait_for() {
  local name=$1 what=$2 timeout=$3; shift 3
  local deadline=$((SECONDS + timeout))
  until "$@" >/dev/null 2>&1; do
    if [ -z "$(live_pid "$name")" ]; then
      tail -n 30 "$logs/$name.log" >&2
      die "$name died while waiting for $what; log: $logs/$name.log"
    fi
    if [ "$SECONDS" -ge "$deadline" ]; then
      tail -n 30 "$logs/$name.log" >&2
      die "timed out after ${timeout}s waiting for $what; log: $logs/$name.log"
    fi
    sleep 0.5
  done
}

stop_pid() { # NAME PID: TERM, then KILL after 20 s
  local name=$1 pid=$2 i
  kill -TERM "$pid" 2>/dev/null || return 0
  for ((i = 0; i < 100; i++)); do
    [ -d "/proc/$pid" ] || return 0
    [ "$(awk '{print $3}' "/proc/$pid/stat" 2>/dev/null)" = Z ] && return 0
    sleep 0.2
  done
  log "$name (pid $pid) ignored SIGTERM for 20 s; killing it"
  kill -KILL "$pid" 2>/dev/null || true
  sleep 0.5
}
stop_component() {
  local name=$1 pid
  pid=$(live_pid "$name")
  if [ -n "$pid" ]; then
    log "stopping $name (pid $pid)"
    stop_pid "$name" "$pid"
  elif [ -f "$run/$name.pid" ]; then
    log "$name (recorded pid $(cut -d' ' -f1 "$run/$name.pid")) is not running"
  fi
  rm -f "$run/$name.pid"
}
