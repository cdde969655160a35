#!/usr/bin/env python3
"""Rewrites a rendered install manifest (kubectl kustomize output) for an offline cluster.

In every Deployment: containers whose image is one of the --image OLD=NEW pairs get NEW (and any
env value equal to OLD becomes NEW too: CloudNativePG passes its own image to the pods it creates
through OPERATOR_IMAGE_NAME), containers named by --drop-container are removed (e.g. k6-operator's
kube-rbac-proxy sidecar before v1.0, whose image cannot be built or pulled here), and every container gets
--pull-policy. Fails when an --image pair matched nothing, or when a container still names an
image outside --allow (so a forgotten sidecar is an error here, not an ImagePullBackOff later).

Usage:
  render-manifest.py --in RAW.yaml --out OUT.yaml --image controller:latest=ghcr.io/x/y:1.0 \
      [--drop-container kube-rbac-proxy] [--pull-policy IfNotPresent]
"""
import argparse
import os
import sys

import yaml

Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
Dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--in", dest="src", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--image", action="append", default=[], help="OLD=NEW")
    p.add_argument("--drop-container", action="append", default=[])
    p.add_argument("--pull-policy", default="IfNotPresent")
    a = p.parse_args()

    images = dict(pair.split("=", 1) for pair in a.image)
    used = set()
    with open(a.src) as f:
        docs = [d for d in yaml.load_all(f, Loader=Loader) if d]
    deployments = 0
    for doc in docs:
        if doc.get("kind") != "Deployment":
            continue
        deployments += 1
        spec = doc["spec"]["template"]["spec"]
        for key in ("initContainers", "containers"):
            kept = []
            for c in spec.get(key) or []:
                if c.get("name") in a.drop_container:
                    continue
                if c.get("image") in images:
                    used.add(c["image"])
                    c["image"] = images[c["image"]]
                for e in c.get("env") or []:
                    if e.get("value") in images:
                        used.add(e["value"])
                        e["value"] = images[e["value"]]
                if c.get("image") not in images.values():
                    sys.exit(f"render-manifest.py: {doc['metadata']['name']} container {c.get('name')} "
                             f"uses image {c.get('image')}, which this offline cluster does not have")
                c["imagePullPolicy"] = a.pull_policy
                kept.append(c)
            if key in spec:
                spec[key] = kept
    missing = set(images) - used
    if deployments == 0 or missing:
        sys.exit(f"render-manifest.py: {a.src}: {deployments} Deployment(s); images not found: {sorted(missing)}")
    tmp = a.out + ".tmp"
    with open(tmp, "w") as f:
        yaml.dump_all(docs, f, Dumper=Dumper, default_flow_style=False, sort_keys=False, width=1 << 16)
    os.replace(tmp, a.out)
    kinds = {}
    for d in docs:
        kinds[d["kind"]] = kinds.get(d["kind"], 0) + 1
    print(f"{a.out}: " + ", ".join(f"{n} {k}" for k, n in sorted(kinds.items())))


if __name__ == "__main__":
    main()
