#!/usr/bin/env python3
"""Prints a Go string constant of kind's node image builder, as kind itself bakes it in.

kind writes its default CNI manifest (kindnet) and storage manifest (local-path-provisioner) into
/kind/manifests of every node image it builds, and names the images they run; both are Go
constants in sigs.k8s.io/kind's pkg/build/nodeimage (const_cni.go, const_storage.go), built from
raw strings and other constants joined with "+". hack/kind-node-image.sh assembles a node image
without `kind build node-image` (which pulls those images from their registries), so it reads
the same constants from the kind module this project pins.

Usage: kind-consts.py NODEIMAGE_DIR NAME...   (one line per NAME; a manifest is printed whole)
"""
import os
import re
import sys

TOKEN = r'(?:`[^`]*`|"(?:[^"\\]|\\.)*"|\w+)'
DECL = re.compile(r'^\s*(?:const\s+)?(\w+)\s*=\s*(' + TOKEN + r'(?:\s*\+\s*' + TOKEN + r')*)', re.M)


def consts(src_dir):
    raw = {}
    for name in sorted(os.listdir(src_dir)):
        if name.startswith("const") and name.endswith(".go") and not name.endswith("_test.go"):
            with open(os.path.join(src_dir, name), encoding="utf-8") as f:
                for m in DECL.finditer(f.read()):
                    raw[m.group(1)] = re.findall(TOKEN, m.group(2))
    done = {}

    def value(name, seen=()):
        if name in done:
            return done[name]
        if name not in raw or name in seen:
            sys.exit(f"kind-consts.py: no string constant {name} in {src_dir}")
        parts = []
        for tok in raw[name]:
            if tok.startswith("`"):
                parts.append(tok[1:-1])
            elif tok.startswith('"'):
                parts.append(bytes(tok[1:-1], "utf-8").decode("unicode_escape"))
            else:
                parts.append(value(tok, seen + (name,)))
        done[name] = "".join(parts)
        return done[name]

    return value


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    value = consts(sys.argv[1])
    for name in sys.argv[2:]:
        v = value(name)
        sys.stdout.write(v if "\n" in v else v + "\n")


if __name__ == "__main__":
    main()
