#!/usr/bin/env bash
# Builds the OCI image tars of the SUTs, the stub, the operator and the bring-your-own example
# services without a Docker daemon:
#   sut/target/vtbench-sut-image.tar                (vtbench/sut:$IMAGE_TAG)
#   sut/reactive/target/vtbench-sut-reactive-image.tar (vtbench/sut-reactive:$IMAGE_TAG)
#   stub/target/vtbench-stub-image.tar              (vtbench/stub:$IMAGE_TAG)
#   operator/kube/target/vtbench-operator-image.tar (vtbench/operator:$IMAGE_TAG)
#   examples/byo-orders/target/byo-orders-image.tar (vtbench/byo-orders:$IMAGE_TAG; the service
#                              examples/byo-orders-cluster.yaml runs through spec.sut.service.image)
#   examples/byo-clinic/target/byo-clinic-image.tar (vtbench/byo-clinic:$IMAGE_TAG; the service
#                              examples/byo-clinic.yaml names in spec.sut.service.image)
#
# Usage: hack/images.sh [-h|--help]        (normally via `make images`, after `make build`)
#
# By default the images are FROM scratch plus a runtime directory this script builds and caches
# in ~/.cache/vtbench/image-runtime (rebuilt only when its inputs change):
#   /opt/java                  a jlink'ed JRE from $JAVA_HOME (modules: a baseline for what Spring
#                              Boot, fabric8 and the operator's health server load by reflection or
#                              ServiceLoader, plus what jdeps finds in the real SUT, reactive SUT,
#                              stub, byo-orders and byo-clinic fat jars and the operator's shaded
#                              jar), with its CDS archive
#   /lib*/...                  the host's shared libraries that JRE links against (from ldd),
#                              the dynamic loader at the path the java binary asks for
#   /etc/passwd, /etc/group    root and nonroot (65532:65532), the user the images run as
#   /etc/nsswitch.conf, /tmp, /home/nonroot
# All six images share that runtime directory. Jib then adds the application layers (/app/libs,
# /app/resources, /app/classes) on top and runs `java -cp @/app/jib-classpath-file <MainClass>`
# as 65532:65532.
#
# Environment:
#   IMAGE_TAG          image tag (default: dev)
#   IMAGE_BASE         base image (default: scratch). Jib pulls it from a registry, or reads a
#                      docker-save tar given as tar:///abs/path.tar (this machine has no registry
#                      to pull from). With a base other than scratch the bundled runtime is NOT
#                      added (it would overwrite the base's /etc/passwd and C library), so the
#                      base must bring its own java: set IMAGE_JAVA to its path, e.g.
#                        IMAGE_BASE=eclipse-temurin:25-jre IMAGE_JAVA=/opt/java/openjdk/bin/java
#                      The images still run as 65532:65532; that user needs no passwd entry, but
#                      the base must let it read the JRE and write java.io.tmpdir (/tmp).
#   IMAGE_JAVA         the entrypoint's java (default: /opt/java/bin/java, the bundled one)
#   IMAGE_BUNDLE_JRE   auto (default: yes for scratch, no otherwise) | yes | no: force adding the
#                      bundled runtime on top of IMAGE_BASE, or leave it out
#   IMAGE_JLINK_EXTRA_MODULES  comma-separated extra JDK modules for the runtime (e.g. jdk.jcmd)
#   IMAGE_RUNTIME_DIR  where the runtime directory is cached (default: ~/.cache/vtbench/image-runtime)
#   JAVA_HOME          the JDK 25 to jlink from and to run Maven with (default: hack/versions.env)
#   MVN                the Maven command that built the jars (make images passes the Makefile's;
#                      default: mvn -B -ntp -Dmaven.repo.local=~/.cache/vtbench/m2). Jib takes the
#                      modules' own SNAPSHOT dependencies (vtbench-proc, -engine, -sut-common) from
#                      its local repository, so this script stops unless the copies there are this
#                      checkout's build (another checkout sharing the repository may have replaced
#                      them).
#
# Known limit: Jib only takes 3-digit modes for added files, so /tmp is 0777 without the sticky
# bit. The images run a single user, so nothing else can delete its files; mount an emptyDir on
# /tmp when the root file system is read-only.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
# shellcheck source=versions.env
. "$here/versions.env"

case "${1:-}" in
  -h | --help)
    sed -n '2,/^set -euo pipefail/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
    exit 0
    ;;
  "") ;;
  *)
    echo "images: unknown argument '$1' (see --help)" >&2
    exit 2
    ;;
esac

script=images
. "$here/lib.sh"

export JAVA_HOME=${JAVA_HOME:-$JDK25_HOME_DEFAULT}
cache=$HOME/.cache/vtbench
runtime=${IMAGE_RUNTIME_DIR:-$cache/image-runtime}
stamp_file=$runtime.stamp
base=${IMAGE_BASE:-scratch}
sut_jar=$repo/sut/target/vtbench-sut.jar
reactive_jar=$repo/sut/reactive/target/vtbench-sut-reactive.jar
stub_jar=$repo/stub/target/vtbench-stub.jar
byo_jar=$repo/examples/byo-orders/target/byo-orders.jar
clinic_jar=$repo/examples/byo-clinic/target/byo-clinic.jar
# The operator's shaded jar (maven-shade-plugin, classifier "all"); the newest if several versions.
operator_jar=""
for j in "$repo"/operator/kube/target/vtbench-operator-*-all.jar; do
  [ -f "$j" ] || continue
  if [ -z "$operator_jar" ] || [ "$j" -nt "$operator_jar" ]; then operator_jar=$j; fi
done
operator_jar=${operator_jar:-$repo/operator/kube/target/vtbench-operator-*-all.jar}

grep -qE 'version "2[5-9]' <<<"$("$JAVA_HOME/bin/java" -version 2>&1)" ||
  die "JDK 25 not found at JAVA_HOME=$JAVA_HOME (install Temurin 25 or set JAVA_HOME)"
if [ ! -x "$JAVA_HOME/bin/jlink" ] || [ ! -x "$JAVA_HOME/bin/jdeps" ]; then
  die "$JAVA_HOME has no jlink/jdeps: it must be a full JDK, not a JRE"
fi
for j in "$sut_jar" "$reactive_jar" "$stub_jar" "$byo_jar" "$clinic_jar" "$operator_jar"; do
  [ -f "$j" ] || die "$j is missing: run 'make build' first (or use 'make images')"
done
command -v ldd >/dev/null || die "ldd not found (Debian package libc-bin)"

case "${IMAGE_BUNDLE_JRE:-auto}" in
  auto) if [ "$base" = scratch ]; then bundle=yes; else bundle=no; fi ;;
  yes | no) bundle=$IMAGE_BUNDLE_JRE ;;
  *) die "IMAGE_BUNDLE_JRE must be auto, yes or no (got '$IMAGE_BUNDLE_JRE')" ;;
esac
if [ "$base" = scratch ] && [ "$bundle" = no ]; then
  die "IMAGE_BASE=scratch with IMAGE_BUNDLE_JRE=no would give an image without java"
fi

# Modules Spring Boot and its libraries need but jdeps cannot see (reflection, ServiceLoader,
# JNDI/DNS, TLS curves, zip file systems, JFR and its JMX bridge, socket options), and the
# operator's /healthz and /readyz server (com.sun.net.httpserver).
baseline_modules=(
  java.base java.desktop java.instrument java.logging java.management java.naming
  java.net.http java.security.jgss java.sql java.xml jdk.crypto.ec jdk.httpserver jdk.jfr
  jdk.management jdk.management.jfr jdk.naming.dns jdk.net jdk.unsupported jdk.zipfs
)
# Libraries only a desktop JVM loads (X11 AWT, sound, splash screen): their host dependencies
# are not copied; a server JVM runs headless (Spring Boot sets java.awt.headless=true).
desktop_only_libs=(libawt_xawt.so libjawt.so libjsound.so libsplashscreen.so)

# The runtime directory is rebuilt when any of these change: this script, the JDK build, the host
# C library, the extra modules asked for, the set of jars and classes inside the five fat jars, and
# the set of classes in the operator's shaded jar (a new dependency may need a new module; jdeps
# then runs again).
fingerprint() {
  {
    sha256sum "$0" | cut -d' ' -f1
    grep -E '^(FULL_VERSION|JAVA_RUNTIME_VERSION)=' "$JAVA_HOME/release" || true
    ldd --version 2>&1 | sed -n 1p
    echo "extra=${IMAGE_JLINK_EXTRA_MODULES:-}"
    for j in "$sut_jar" "$reactive_jar" "$stub_jar" "$byo_jar" "$clinic_jar"; do
      "$JAVA_HOME/bin/jar" tf "$j" | grep -E '^BOOT-INF/(lib/.*\.jar|classes/.*\.class)$' | LC_ALL=C sort
    done
    "$JAVA_HOME/bin/jar" tf "$operator_jar" | grep -E '\.class$' | LC_ALL=C sort
  } | sha256sum | cut -d' ' -f1
}

# Prints the modules jdeps finds for one Spring Boot fat jar (its classes and every library), or,
# with no directory, for one plain (shaded) jar as it is.
jdeps_modules() {
  local jar=$1 dir=${2:-}
  local args=("$jar")
  if [ -n "$dir" ]; then
    mkdir -p "$dir"
    (cd "$dir" && "$JAVA_HOME/bin/jar" xf "$jar" BOOT-INF/)
    args=("$dir/BOOT-INF/classes")
    if compgen -G "$dir/BOOT-INF/lib/*.jar" >/dev/null; then
      args+=("$dir"/BOOT-INF/lib/*.jar)
    fi
  fi
  local release out
  release=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$JAVA_HOME/release")
  if out=$("$JAVA_HOME/bin/jdeps" -q --multi-release "$release" --ignore-missing-deps --print-module-deps \
    "${args[@]}"); then
    tail -1 <<<"$out" | tr ',' '\n'
  elif [ -n "$dir" ] && compgen -G "$dir/BOOT-INF/lib/*.jar" >/dev/null; then
    # Given as roots, modular libraries must resolve as modules, and one whose module-info requires
    # a module the fat jar does not bring stops jdeps ("Module jakarta.cdi not found, required by
    # jakarta.transaction" in byo-orders, a JPA service). With the libraries on the class path,
    # jdeps still follows everything the application's classes reach (-R).
    log "  jdeps: ${jar##*/}: $(tail -1 <<<"$out"); again with the libraries on the class path"
    "$JAVA_HOME/bin/jdeps" -q --multi-release "$release" --ignore-missing-deps --print-module-deps \
      --class-path "$dir/BOOT-INF/lib/*" -R "$dir/BOOT-INF/classes" | tail -1 | tr ',' '\n'
  else
    printf '%s\n' "$out" >&2
    return 1
  fi
}

# Copies each host library an ELF file in the runtime links against (per ldd) to the same path
# inside the runtime, dereferenced (jib layers hold plain files, no symlinks needed).
copy_host_libs() {
  local rt=$1 elf line lib missing=()
  local -A seen=()
  local -a queue=()
  while IFS= read -r elf; do
    local name=${elf##*/} skip=no d
    for d in "${desktop_only_libs[@]}"; do [ "$name" = "$d" ] && skip=yes; done
    [ $skip = yes ] && continue
    queue+=("$elf")
  done < <(find "$rt/opt/java" -type f \( -name '*.so' -o -path '*/bin/*' -o -name jspawnhelper -o -name jexec \))
  # glibc loads these at run time with dlopen, so ldd never lists them: unwinding for
  # pthread_exit/cancel, and the NSS modules behind /etc/nsswitch.conf (built into libc >= 2.34).
  for lib in libgcc_s.so.1 libnss_files.so.2 libnss_dns.so.2; do
    # awk reads to the end: an early exit would leave ldconfig writing to a closed pipe, and
    # under pipefail its SIGPIPE (141) failed the whole build now and then.
    line=$(/sbin/ldconfig -p 2>/dev/null | awk -v l="$lib" '!found && $1 == l && /x86-64|x86_64|64bit/ {print $NF; found = 1}')
    if [ -n "$line" ] && [ -e "$line" ]; then
      install -D -m 0755 "$(readlink -f "$line")" "$rt$line"
      seen[$line]=1
      queue+=("$rt$line")
    fi
  done
  while [ ${#queue[@]} -gt 0 ]; do
    elf=${queue[0]}
    queue=("${queue[@]:1}")
    while IFS= read -r line; do
      local path=""
      case "$line" in
        *"=> not found"*)
          lib=$(awk '{print $1}' <<<"$line")
          # libjvm.so is found at run time by the launcher, not through the library path.
          if [ -z "$(find "$rt/opt/java/lib" -name "$lib" -print -quit)" ]; then
            missing+=("${elf#"$rt"}: $lib")
          fi
          ;;
        *"=> /"*) path=$(sed -E 's/.*=> (\/[^ ]+).*/\1/' <<<"$line") ;;
        /*) path=$(awk '{print $1}' <<<"$line") ;; # the dynamic loader (PT_INTERP)
      esac
      [ -n "$path" ] || continue
      case "$path" in "$rt"/*) continue ;; esac # the JRE's own libraries
      [ -n "${seen[$path]:-}" ] && continue
      seen[$path]=1
      install -D -m 0755 "$(readlink -f "$path")" "$rt$path"
      queue+=("$rt$path")
    done < <(ldd "$elf" 2>/dev/null | grep -v 'linux-vdso' | sed 's/^[[:space:]]*//' || true)
  done
  if [ ${#missing[@]} -gt 0 ]; then
    printf '  %s\n' "${missing[@]}" >&2
    die "the JRE needs libraries this host does not have (above)"
  fi
  log "copied ${#seen[@]} host libraries: $(printf '%s\n' "${!seen[@]}" | LC_ALL=C sort | tr '\n' ' ')"
}

build_runtime() {
  local fp=$1 work modules rt t0=$SECONDS
  work=$(mktemp -d "${runtime%/*}/.image-runtime-build.XXXXXX")
  # shellcheck disable=SC2064 # expand now: the path is fixed
  trap "rm -rf '$work'" EXIT
  rt=$work/root

  log "finding the JDK modules the SUTs, stub, example services and operator use (jdeps on their jars) ..."
  jdeps_modules "$sut_jar" "$work/jdeps-sut" >"$work/sut.mods" &
  local p1=$!
  jdeps_modules "$reactive_jar" "$work/jdeps-reactive" >"$work/reactive.mods" &
  local p4=$!
  jdeps_modules "$stub_jar" "$work/jdeps-stub" >"$work/stub.mods" &
  local p2=$!
  jdeps_modules "$operator_jar" >"$work/operator.mods" &
  local p3=$!
  jdeps_modules "$byo_jar" "$work/jdeps-byo" >"$work/byo.mods" &
  local p5=$!
  jdeps_modules "$clinic_jar" "$work/jdeps-clinic" >"$work/clinic.mods" &
  local p6=$!
  local ok=yes m
  wait $p1 || ok=no
  wait $p2 || ok=no
  wait $p3 || ok=no
  wait $p4 || ok=no
  wait $p5 || ok=no
  wait $p6 || ok=no
  if [ $ok = yes ]; then
    for m in sut reactive stub byo clinic operator; do
      log "  jdeps: $m needs $(paste -sd, "$work/$m.mods")"
    done
  else
    log "WARNING: jdeps failed; using the baseline module list only"
    : >"$work/sut.mods" && : >"$work/reactive.mods" && : >"$work/stub.mods" && : >"$work/byo.mods" && : >"$work/clinic.mods" && : >"$work/operator.mods"
  fi
  local available
  available=$("$JAVA_HOME/bin/java" --list-modules | sed 's/@.*//')
  modules=$({
    printf '%s\n' "${baseline_modules[@]}"
    cat "$work/sut.mods" "$work/reactive.mods" "$work/stub.mods" "$work/byo.mods" "$work/clinic.mods" "$work/operator.mods"
    tr ',' '\n' <<<"${IMAGE_JLINK_EXTRA_MODULES:-}"
  } | sed '/^$/d' | LC_ALL=C sort -u | while read -r m; do
    if grep -qx "$m" <<<"$available"; then echo "$m"; else echo "images: note: $JAVA_HOME has no module $m, skipped" >&2; fi
  done | paste -sd,)
  rm -rf "$work/jdeps-sut" "$work/jdeps-reactive" "$work/jdeps-stub" "$work/jdeps-byo" "$work/jdeps-clinic"

  log "jlink: $modules"
  mkdir -p "$rt/opt"
  "$JAVA_HOME/bin/jlink" --add-modules "$modules" --strip-debug --no-man-pages --no-header-files \
    --generate-cds-archive --output "$rt/opt/java" >"$work/jlink.log" 2>&1 ||
    {
      cat "$work/jlink.log" >&2
      die "jlink failed"
    }
  # jlink links legal/<module>/* to java.base's copies; jib layers want plain files.
  find "$rt/opt/java" -type l | while read -r l; do
    cp --remove-destination "$(readlink -f "$l")" "$l"
  done
  "$rt/opt/java/bin/java" -version >/dev/null 2>&1 || die "the jlink'ed java does not run"

  log "copying the shared libraries the JRE needs from this host ..."
  copy_host_libs "$rt"

  log "writing /etc/passwd, /etc/group, /etc/nsswitch.conf, /tmp, /home/nonroot ..."
  mkdir -p "$rt/etc" "$rt/tmp" "$rt/home/nonroot"
  chmod 1777 "$rt/tmp"
  chmod 0777 "$rt/home/nonroot"
  cat >"$rt/etc/passwd" <<'EOF'
root:x:0:0:root:/root:/sbin/nologin
nonroot:x:65532:65532:nonroot:/home/nonroot:/sbin/nologin
EOF
  cat >"$rt/etc/group" <<'EOF'
root:x:0:
nonroot:x:65532:
EOF
  cat >"$rt/etc/nsswitch.conf" <<'EOF'
passwd: files
group:  files
shadow: files
hosts:  files dns
EOF

  # Swap in atomically, so an interrupted build never leaves a half-made runtime behind.
  rm -rf "$runtime.old"
  [ -e "$runtime" ] && mv "$runtime" "$runtime.old"
  mv "$rt" "$runtime"
  rm -rf "$runtime.old"
  printf '%s\n%s\n' "$fp" "$modules" >"$stamp_file"
  rm -rf "$work"
  trap - EXIT
  log "runtime ready in $((SECONDS - t0)) s: $runtime ($(du -sh "$runtime" | cut -f1))"
}

start=$SECONDS
mvn_args=()
if [ "$bundle" = yes ]; then
  mkdir -p "${runtime%/*}"
  fp=$(fingerprint)
  if [ -d "$runtime/opt/java" ] && [ -f "$stamp_file" ] && [ "$(head -1 "$stamp_file")" = "$fp" ]; then
    log "runtime up to date: $runtime"
  else
    if [ -d "$runtime" ]; then log "runtime is stale, rebuilding: $runtime"; else log "building the runtime: $runtime"; fi
    build_runtime "$fp"
  fi
  mvn_args+=("-Dimage.runtime=$runtime")
else
  # Nothing to add on top of the base image: point jib at an empty directory.
  empty=$cache/image-runtime-none
  rm -rf "$empty" && mkdir -p "$empty"
  mvn_args+=("-Dimage.runtime=$empty")
  log "IMAGE_BASE=$base: not adding the bundled runtime; the entrypoint runs ${IMAGE_JAVA:-/opt/java/bin/java} from the base"
fi
mvn_args+=("-Dimage.base=$base")
[ -n "${IMAGE_TAG:-}" ] && mvn_args+=("-Dimage.tag=$IMAGE_TAG")
[ -n "${IMAGE_JAVA:-}" ] && mvn_args+=("-Dimage.java=$IMAGE_JAVA")

# shellcheck disable=SC2206 # MVN is a command line, word-split on purpose
mvn_cmd=(${MVN:-mvn -B -ntp -Dmaven.repo.local=$cache/m2})
repo_local=$(printf '%s\n' "${mvn_cmd[@]}" | sed -n 's/^-Dmaven\.repo\.local=//p' | tail -1)
repo_local=${repo_local:-$HOME/.m2/repository}
version=$(sed -n '/<\/modelVersion>/,/<\/version>/s/.*<version>\(.*\)<\/version>.*/\1/p' "$repo/pom.xml")
for dep in operator/proc:vtbench-proc operator/engine:vtbench-engine sut/common:vtbench-sut-common; do
  built=$repo/${dep%%:*}/target/${dep#*:}-$version.jar
  installed=$repo_local/dev/vtbench/${dep#*:}/$version/${dep#*:}-$version.jar
  [ -f "$built" ] || die "$built is missing: run 'make build' first (or use 'make images')"
  cmp -s "$built" "$installed" ||
    die "$installed is not this checkout's $built, and jib would pack it: install this checkout's jars there first (${mvn_cmd[*]} -DskipTests -DskipITs install; make build skips that while its jars are newer than the sources)"
done
log "SNAPSHOT dependencies in $repo_local match this checkout's build"

modules=sut,sut/reactive,stub,examples/byo-orders,examples/byo-clinic,operator/kube
log "jib:buildTar for $modules (base: $base, tag: ${IMAGE_TAG:-dev}) ..."
cd "$repo"
# (Debian's Maven prints colour resets even in batch mode: strip them.)
"${mvn_cmd[@]}" -q -pl "$modules" "${mvn_args[@]}" jib:buildTar 2>&1 |
  sed 's/\x1b\[[0-9;]*m//g' >&2 ||
  die "jib:buildTar failed (rerun without -q for details: ${mvn_cmd[*]} -pl $modules jib:buildTar ${mvn_args[*]})"

log "done in $((SECONDS - start)) s:"
for tar_path in sut/target/vtbench-sut-image.tar sut/reactive/target/vtbench-sut-reactive-image.tar \
  stub/target/vtbench-stub-image.tar examples/byo-orders/target/byo-orders-image.tar \
  examples/byo-clinic/target/byo-clinic-image.tar \
  operator/kube/target/vtbench-operator-image.tar; do
  tar_path=$repo/$tar_path
  [ -f "$tar_path" ] || die "expected $tar_path, not found"
  printf '  %-48s %s\n' "${tar_path#"$repo"/}" "$(du -h "$tar_path" | cut -f1)"
done
echo "Load them with: ctr -n k8s.io images import <tar>  (or docker/podman load -i <tar>)"
