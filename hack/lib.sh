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
