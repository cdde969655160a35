# Sourced by hack/image-smoke.sh: reading an image tar (docker-save or OCI layout) into a root file
# system: its layout and config (image_meta), its layers in order (apply_layer), its user
# (resolve_user) and the ids a process of it runs with (check_ids). Uses image-smoke.sh's log,
# pass and fail.
# shellcheck shell=bash
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
