#!/usr/bin/env bash
# Installs what a fresh machine lacks to build and test vtbench: Debian packages (PostgreSQL
# server binaries, taskset, Maven) and checks for JDK 25. Idempotent and quiet when all is there.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=versions.env
. "$here/versions.env"

missing=()
have_pg() { ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null 2>&1; }
have_pg || missing+=(postgresql)
command -v taskset >/dev/null 2>&1 || missing+=(util-linux)
command -v mvn >/dev/null 2>&1 || missing+=(maven)
command -v runuser >/dev/null 2>&1 || missing+=(util-linux)
command -v curl >/dev/null 2>&1 || missing+=(curl)
# the independent generator of `vtbench run --crosscheck` (make bench)
command -v wrk >/dev/null 2>&1 || missing+=(wrk)
python3 -c 'import yaml' >/dev/null 2>&1 || missing+=(python3-yaml)

if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "install-deps: missing Debian packages: ${missing[*]} (run as root or: sudo apt-get install ${missing[*]})" >&2
    exit 1
  fi
  echo "install-deps: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  # The Debian package starts a system cluster on 5432; vtbench runs its own servers.
  if command -v pg_lsclusters >/dev/null 2>&1; then
    pg_lsclusters -h 2>/dev/null | while read -r ver name _; do
      pg_ctlcluster "$ver" "$name" stop 2>/dev/null || true
    done
  fi
fi

jdk=${JAVA_HOME:-$JDK25_HOME_DEFAULT}
if ! "$jdk/bin/java" -version 2>&1 | grep -qE 'version "2[5-9]'; then
  echo "install-deps: JDK 25 not found at $jdk. Install Temurin 25 and set JAVA_HOME to it." >&2
  exit 1
fi
echo "install-deps: ok (JDK $("$jdk/bin/java" -version 2>&1 | head -1 | cut -d'"' -f2), PostgreSQL $(ls /usr/lib/postgresql 2>/dev/null | sort -n | tail -1))"
