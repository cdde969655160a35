#!/bin/sh
# runc, minus the capabilities this host cannot grant. A privileged container (kind's nodes,
# kube-proxy inside them) asks runc for every capability it knows; where the host's bounding set
# lacks one (the VM make kind was run on has no CAP_SYS_RESOURCE), runc fails with "unable to
# apply caps: operation not permitted". This wrapper drops from the OCI process's capability
# sets exactly the capabilities missing from its own bounding set, then runs runc; where none is
# missing it changes nothing. Use it as Docker's runtime (docs/cluster-kind.md):
#   dockerd --add-runtime capfit=/usr/local/sbin/runc-capfit --default-runtime capfit
# hack/kind-node-image.sh puts it into the node image as containerd's runc too.
set -eu
runc=${RUNC_CAPFIT_RUNC:-runc}
names="CHOWN DAC_OVERRIDE DAC_READ_SEARCH FOWNER FSETID KILL SETGID SETUID SETPCAP LINUX_IMMUTABLE
NET_BIND_SERVICE NET_BROADCAST NET_ADMIN NET_RAW IPC_LOCK IPC_OWNER SYS_MODULE SYS_RAWIO SYS_CHROOT
SYS_PTRACE SYS_PACCT SYS_ADMIN SYS_BOOT SYS_NICE SYS_RESOURCE SYS_TIME SYS_TTY_CONFIG MKNOD LEASE
AUDIT_WRITE AUDIT_CONTROL SETFCAP MAC_OVERRIDE MAC_ADMIN SYSLOG WAKE_ALARM BLOCK_SUSPEND AUDIT_READ
PERFMON BPF CHECKPOINT_RESTORE"
bnd=$((0x$(sed -n 's/^CapBnd:[[:space:]]*//p' /proc/self/status)))
missing="" i=0
for n in $names; do
  [ $(((bnd >> i) & 1)) -eq 1 ] || missing="$missing\"CAP_$n\","
  i=$((i + 1))
done
if [ -n "$missing" ]; then
  # The OCI file this call reads: create/run take the bundle's config.json, exec a process.json.
  file="" prev=""
  for a in "$@"; do
    case $prev in
      --bundle | -b) file=$a/config.json ;;
      --process | -p) file=$a ;;
    esac
    case $a in
      --bundle=*) file=${a#--bundle=}/config.json ;;
      --process=*) file=${a#--process=} ;;
    esac
    prev=$a
  done
  if [ -n "$file" ] && [ -f "$file" ]; then
    keep='with_entries(.value |= map(select(. as $c | $drop | index($c) | not)))'
    filter="[${missing%,}] as \$drop | if .process.capabilities? then .process.capabilities |= $keep elif .capabilities? then .capabilities |= $keep else . end"
    # Without CAP_SYS_RESOURCE no process may lower its oom_score_adj below its parent's: runc's
    # init then dies ("failed to update /proc/self/oom_score_adj: Permission denied"); raise it.
    case $missing in *CAP_SYS_RESOURCE*)
      filter="$filter | if (.process.oomScoreAdj? // 0) < $(cat /proc/self/oom_score_adj) then .process.oomScoreAdj = $(cat /proc/self/oom_score_adj) else . end" ;;
    esac
    jq "$filter" "$file" >"$file.capfit" && mv "$file.capfit" "$file"
  fi
fi
exec "$runc" "$@"
