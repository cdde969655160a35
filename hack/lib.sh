# What every script under hack/ shares; sourced, never run. Set `script` (the name messages carry)
# before sourcing, `root_for` (what root is needed for) where need_root is used, and `die_status`
# where an error must not exit 1 (chart-test.sh's 2, bad input).

# A progress line on stderr: "HH:MM:SS script: message".
log() { printf '%s %s: %s\n' "$(date -u +%H:%M:%S)" "${script:?set script before sourcing hack/lib.sh}" "$*" >&2; }

# An error line on stderr, then exit (1, or $die_status).
die() {
  log "error: $*"
  exit "${die_status:-1}"
}

# Exit with a clear error unless command $1 exists; $2 says what needs it or what to do.
need_cmd() { command -v "$1" >/dev/null 2>&1 || die "$1 is missing${2:+; $2}"; }

# Exit with a clear error unless running as root; $1 names the step.
need_root() { [ "$(id -u)" = 0 ] || die "$1 needs root${root_for:+ ($root_for)}"; }

# busybox-static's Debian version without its epoch (e.g. 1.37.0-4); empty when not installed.
busybox_version() { dpkg-query -W -f='${Version}' busybox-static 2>/dev/null | sed 's/^[0-9]*://'; }

# busybox-static's upstream version, without the Debian revision (e.g. 1.37.0): an image tag.
busybox_upstream() {
  local v
  v=$(busybox_version)
  echo "${v%%-*}"
}

# A cluster run's results CSV, joined from its ConfigMaps <run>-results, -results-2, … (in order,
# until one is missing) into file $3: run $1, namespace $2 (empty: the context's). Needs $kubectl.
# Prints how many parts there were; returns 3 when the run has no results ConfigMap; dies when
# kubectl fails otherwise.
fetch_results_csv() {
  local run=$1 ns=$2 out=$3 i name tmp
  local nsarg=()
  if [ -n "$ns" ]; then nsarg=(-n "$ns"); fi
  tmp=$(mktemp -d)
  for ((i = 1; ; i++)); do
    name=$run-results
    if [ "$i" -gt 1 ]; then name=$run-results-$i; fi
    if ! "${kubectl:?set kubectl}" "${nsarg[@]}" get configmap "$name" \
      -o jsonpath='{.data.matrix\.csv}' >"$tmp/part-$i.csv" 2>"$tmp/err"; then
      if grep -q NotFound "$tmp/err"; then break; fi
      local err
      err=$(cat "$tmp/err")
      rm -rf "$tmp"
      die "kubectl get configmap $name failed: $err"
    fi
  done
  if [ "$i" -eq 1 ]; then
    rm -rf "$tmp"
    return 3
  fi
  # One CSV: the first part whole, the others without their header line.
  {
    cat "$tmp/part-1.csv"
    for ((j = 2; j < i; j++)); do tail -n +2 "$tmp/part-$j.csv"; done
  } >"$out"
  echo $((i - 1))
  rm -rf "$tmp"
}
