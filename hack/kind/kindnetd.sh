#!/bin/sh
# The entrypoint of the offline kind node image's stand-in for kindnetd (hack/kind-node-image.sh).
# kindnetd, kind's CNI agent, is a Go module nested in kind's repository that the Go module proxy
# does not serve, so the node image carries this script under kindnetd's image name instead,
# in busybox with kubectl. It runs in kind's own kindnet DaemonSet (host network, NET_ADMIN) and
# does the part of kindnetd's job a cluster on one Docker network needs:
#   - writes /etc/cni/net.d/10-kindnet.conflist for this node's podCIDR: ptp + host-local +
#     portmap, as kindnetd writes it (the plugins are in the node image's /opt/cni/bin);
#   - routes every other node's podCIDR via that node's InternalIP, every 10 s.
# What it does not do: masquerade pod traffic leaving the cluster (there is no network to
# leave to offline) and enforce NetworkPolicies (kindnetd 2025 does, with kube-network-policies).
set -eu
conf=/etc/cni/net.d/10-kindnet.conflist
node=$(hostname)
while :; do
  # name, InternalIP, podCIDR of every node; kubectl takes the pod's service account.
  if nodes=$(kubectl get nodes -o jsonpath='{range .items[*]}{.metadata.name} {.status.addresses[?(@.type=="InternalIP")].address} {.spec.podCIDR}{"\n"}{end}' 2>&1); then
    echo "$nodes" | while read -r name ip cidr; do
      [ -n "$cidr" ] || continue
      if [ "$name" = "$node" ] || [ "$ip" = "${HOST_IP:-}" ]; then
        want=$(printf '{"cniVersion":"0.3.1","name":"kindnet","plugins":[{"type":"ptp","ipMasq":false,"ipam":{"type":"host-local","dataDir":"/run/cni-ipam-state","routes":[{"dst":"0.0.0.0/0"}],"ranges":[[{"subnet":"%s"}]]},"mtu":1500},{"type":"portmap","capabilities":{"portMappings":true}}]}' "$cidr")
        if [ "$(cat "$conf" 2>/dev/null)" != "$want" ]; then
          echo "$want" >"$conf.tmp" && mv "$conf.tmp" "$conf"
          echo "$(date -u +%T) wrote $conf for $cidr"
        fi
      elif ! ip route | grep -q "^$cidr via $ip "; then
        ip route replace "$cidr" via "$ip"
        echo "$(date -u +%T) route $cidr via $ip ($name)"
      fi
    done
  else
    echo "$(date -u +%T) kubectl get nodes: $nodes"
  fi
  sleep 10
done
