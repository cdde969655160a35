#!/bin/sh
# Runs INSIDE the chroot of a fresh `debootstrap --variant=minbase bookworm` root file system
# (hack/offline/e2e-images.sh postgres): turns it into a PostgreSQL image CloudNativePG accepts.
#   $1  PostgreSQL major version (Debian bookworm ships 15)
# What CloudNativePG needs from the image (docs/src/container_images.md and pkg/specs of v1.27.0):
# initdb, postgres, pg_ctl, pg_controldata, pg_basebackup (and pg_rewind, pg_isready) in PATH,
# a working locale, and the postgres user at uid/gid 26 (its default postgresUID/postgresGID:
# initdb and postgres refuse to run as a uid without a passwd entry). It runs its own instance
# manager (/controller/manager, copied in by an init container), so no entrypoint is needed.
set -eu
major=$1
export DEBIAN_FRONTEND=noninteractive LC_ALL=C

# No daemons start inside the chroot; no documentation is unpacked.
printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d
chmod 0755 /usr/sbin/policy-rc.d
cat >/etc/dpkg/dpkg.cfg.d/01-vtbench-slim <<'EOF'
path-exclude=/usr/share/doc/*
path-include=/usr/share/doc/*/copyright
path-exclude=/usr/share/man/*
path-exclude=/usr/share/info/*
path-exclude=/usr/share/lintian/*
path-exclude=/usr/share/locale/*
EOF
rm -rf /usr/share/doc/* /usr/share/man/* /usr/share/info/* /usr/share/locale/*
cat >/etc/apt/apt.conf.d/01-vtbench <<'EOF'
APT::Install-Recommends "false";
APT::Install-Suggests "false";
Acquire::Languages "none";
EOF

# The postgres user first, with CloudNativePG's ids; postgresql-common then keeps it. Debian's
# base-passwd already has gid 26 (tape): it becomes the postgres group.
existing=$(getent group 26 | cut -d: -f1)
if [ -n "$existing" ]; then
  [ "$existing" = postgres ] || groupmod --new-name postgres "$existing"
else
  groupadd --system --gid 26 postgres
fi
! getent passwd 26 >/dev/null || { echo "uid 26 is taken: $(getent passwd 26)" >&2; exit 1; }
useradd --system --uid 26 --gid 26 --home-dir /var/lib/postgresql --no-create-home \
  --shell /bin/bash --comment "PostgreSQL administrator" postgres

apt-get update -qq
apt-get install -y -qq postgresql-common
# No "main" cluster: CloudNativePG runs initdb itself, into its own volume.
sed -i 's/^#*[[:space:]]*create_main_cluster[[:space:]]*=.*/create_main_cluster = false/' /etc/postgresql-common/createcluster.conf
grep -q '^create_main_cluster = false' /etc/postgresql-common/createcluster.conf
apt-get install -y -qq "postgresql-$major"

[ "$(id -u postgres):$(id -g postgres)" = "26:26" ] || { echo "postgres is $(id postgres), not 26:26" >&2; exit 1; }
[ -z "$(ls -A /etc/postgresql/ 2>/dev/null)" ] || { echo "a cluster was created in /etc/postgresql" >&2; exit 1; }
bin=/usr/lib/postgresql/$major/bin
for tool in initdb postgres pg_ctl pg_controldata pg_basebackup pg_rewind pg_isready; do
  [ -x "$bin/$tool" ] || { echo "$bin/$tool is missing" >&2; exit 1; }
done
# The version's own binaries first in the default PATH (/usr/local/bin precedes /usr/bin, where
# postgresql-common keeps its perl wrappers), whatever PATH the runtime ends up with; PostgreSQL
# resolves the symlinks to find its sibling programs and libraries.
for f in "$bin"/*; do
  ln -sf "$f" "/usr/local/bin/${f##*/}"
done
# No JIT: llvmjit.so and the LLVM it loads are 130 of the image's 370 MB, and a benchmark of short
# OLTP queries never reaches jit_above_cost. Without the provider file PostgreSQL silently reports
# pg_jit_available() = false. dpkg forgets LLVM (--force-depends: postgresql-$major depends on it).
rm -rf "/usr/lib/postgresql/$major/lib/llvmjit.so" "/usr/lib/postgresql/$major/lib/llvmjit_types.bc" \
  "/usr/lib/postgresql/$major/lib/bitcode"
llvm=$(dpkg-query -W -f='${db:Status-Abbrev} ${Package}\n' 'libllvm*' 'libz3-*' 2>/dev/null | awk '$1 == "ii" {print $2}')
# shellcheck disable=SC2086 # one word per package
[ -z "$llvm" ] || dpkg --purge --force-depends $llvm

# C.UTF-8 comes with libc-bin; CloudNativePG's initdb defaults are C collation and ctype, UTF8.
locale -a | grep -qix 'c.utf-\?8'

# Sockets and lock files: CloudNativePG uses /controller/run, but keep Debian's default usable by
# any uid (the image is packed with root-owned files).
mkdir -p /run/postgresql
chmod 1777 /run/postgresql

apt-get clean
rm -rf /var/lib/apt/lists/* /var/cache/apt/* /var/cache/debconf/*-old /var/lib/dpkg/*-old \
  /var/log/* /tmp/* /var/tmp/* /root/.cache /usr/sbin/policy-rc.d \
  /etc/ssl/private/ssl-cert-snakeoil.key /etc/ssl/certs/ssl-cert-snakeoil.pem
find /usr/lib/python3* -name __pycache__ -type d -prune -exec rm -rf {} + 2>/dev/null || true
"$bin/postgres" --version
