#!/usr/bin/env python3
"""Packs a directory into a single-layer container image tar, without any daemon or registry.

The tar is both an OCI image layout (oci-layout, index.json, blobs/sha256/...) and a docker-save
archive (manifest.json with RepoTags), so `ctr images import`, `docker load`, `podman load` and
`kind load image-archive` all accept it. Everything is deterministic: file owners are 0:0,
timestamps are 0, entries are sorted, so the same root file system gives the same digests.

Usage:
  oci-image.py --rootfs DIR --name docker.io/vtbench/busybox:1.35.0 --out IMAGE.tar \
      [--entrypoint /bin/sh] [--cmd -c --cmd 'sleep 1'] [--user 65535:65535] [--env K=V] \
      [--workdir /] [--arch amd64]
"""
import argparse
import hashlib
import io
import json
import os
import sys
import tarfile

EPOCH = "1970-01-01T00:00:00Z"


def layer_tar(rootfs):
    """Returns the uncompressed layer tar of everything under rootfs (not rootfs itself)."""
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w", format=tarfile.PAX_FORMAT) as tar:
        entries = []
        for top, dirs, files in os.walk(rootfs):
            dirs.sort()
            for name in dirs + sorted(files):
                entries.append(os.path.join(top, name))
        for path in sorted(entries, key=lambda p: os.path.relpath(p, rootfs)):
            rel = os.path.relpath(path, rootfs)
            info = tar.gettarinfo(path, arcname=rel)
            info.uid = info.gid = 0
            info.uname = info.gname = ""
            info.mtime = 0
            info.pax_headers = {}
            if info.isreg():
                with open(path, "rb") as f:
                    tar.addfile(info, f)
            else:
                tar.addfile(info)
    return buf.getvalue()


def blob(data):
    return "sha256:" + hashlib.sha256(data).hexdigest(), len(data)


def add_bytes(tar, name, data):
    info = tarfile.TarInfo(name)
    info.size = len(data)
    info.mode = 0o644
    info.mtime = 0
    tar.addfile(info, io.BytesIO(data))


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--rootfs", required=True)
    p.add_argument("--name", required=True, help="full image reference, e.g. registry.k8s.io/pause:3.10")
    p.add_argument("--out", required=True)
    p.add_argument("--entrypoint", action="append", default=[])
    p.add_argument("--cmd", action="append", default=[])
    p.add_argument("--user", default="")
    p.add_argument("--env", action="append", default=[])
    p.add_argument("--workdir", default="/")
    p.add_argument("--arch", default="amd64")
    a = p.parse_args()
    if not os.path.isdir(a.rootfs):
        sys.exit(f"oci-image.py: --rootfs {a.rootfs} is not a directory")
    if ":" not in a.name.rsplit("/", 1)[-1]:
        sys.exit(f"oci-image.py: --name {a.name} needs a tag")

    layer = layer_tar(a.rootfs)
    layer_digest, layer_size = blob(layer)
    env = ["PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"] + a.env
    config = {
        "created": EPOCH,
        "architecture": a.arch,
        "os": "linux",
        "config": {k: v for k, v in {
            "Entrypoint": a.entrypoint or None,
            "Cmd": a.cmd or None,
            "User": a.user or None,
            "Env": env,
            "WorkingDir": a.workdir,
        }.items() if v},
        "rootfs": {"type": "layers", "diff_ids": [layer_digest]},
        "history": [{"created": EPOCH, "created_by": "hack/cluster/oci-image.py"}],
    }
    config_bytes = json.dumps(config, sort_keys=True, separators=(",", ":")).encode()
    config_digest, config_size = blob(config_bytes)
    manifest = {
        "schemaVersion": 2,
        "mediaType": "application/vnd.oci.image.manifest.v1+json",
        "config": {"mediaType": "application/vnd.oci.image.config.v1+json",
                   "digest": config_digest, "size": config_size},
        "layers": [{"mediaType": "application/vnd.oci.image.layer.v1.tar",
                    "digest": layer_digest, "size": layer_size}],
    }
    manifest_bytes = json.dumps(manifest, sort_keys=True, separators=(",", ":")).encode()
    manifest_digest, manifest_size = blob(manifest_bytes)
    tag = a.name.rsplit(":", 1)[1]
    index = {
        "schemaVersion": 2,
        "mediaType": "application/vnd.oci.image.index.v1+json",
        "manifests": [{
            "mediaType": "application/vnd.oci.image.manifest.v1+json",
            "digest": manifest_digest, "size": manifest_size,
            "platform": {"architecture": a.arch, "os": "linux"},
            "annotations": {"io.containerd.image.name": a.name, "org.opencontainers.image.ref.name": tag},
        }],
    }
    docker_manifest = [{
        "Config": "blobs/sha256/" + config_digest.split(":")[1],
        "RepoTags": [a.name],
        "Layers": ["blobs/sha256/" + layer_digest.split(":")[1]],
    }]

    tmp = a.out + ".tmp"
    with tarfile.open(tmp, mode="w", format=tarfile.PAX_FORMAT) as tar:
        add_bytes(tar, "oci-layout", json.dumps({"imageLayoutVersion": "1.0.0"}).encode())
        add_bytes(tar, "index.json", json.dumps(index, sort_keys=True).encode())
        add_bytes(tar, "manifest.json", json.dumps(docker_manifest).encode())
        for d in ("blobs", "blobs/sha256"):
            info = tarfile.TarInfo(d)
            info.type, info.mode, info.mtime = tarfile.DIRTYPE, 0o755, 0
            tar.addfile(info)
        for digest, data in ((layer_digest, layer), (config_digest, config_bytes), (manifest_digest, manifest_bytes)):
            add_bytes(tar, "blobs/sha256/" + digest.split(":")[1], data)
    os.replace(tmp, a.out)
    print(f"{a.name} {manifest_digest} ({layer_size} bytes) -> {a.out}")


if __name__ == "__main__":
    main()
