#!/usr/bin/env python3
"""Counts k6-operator TestRun start stalls over a whole `make e2e` (docs/e2e-stalls.md).

  testrun-stalls.py watch --kubectl CMD --out DIR   follow TestRuns and k6 runner pods until killed
  testrun-stalls.py report --out DIR                print one line: TestRun start stalls: N of M TestRuns

`watch` runs two `kubectl get --watch` streams (TestRuns and pods labelled runner=true, every
namespace) and appends each object it sees, with the time it arrived, to DIR/testruns.jsonl and
DIR/runners.jsonl: streams, not polls, so it takes no CPU between changes (CPU 0 is shared with
the measured run's stub, database and k6).

`report` reads those files. A TestRun **stalled** when every runner it starts was Ready and
k6-operator had not moved it past stage `created` within STALL_AFTER seconds: it then either
started late or never (deleted, e.g. created again by the operator). A healthy start takes 1 to 3
s; the stalls of k6-operator v0.0.19 lasted 36 to 184 s (docs/e2e.md). M counts every TestRun
seen, whatever its phase. A TestRun whose runners never all became Ready and that never started
is a stall too (it stalled before its runners existed: scheduling, an image, a quota); one whose
runners' readiness was not seen but that started is not. `report` exits 1 when N > 0, so the e2e
that calls it fails rather than printing the count.
"""
import argparse
import json
import subprocess
import sys
import threading
import time
from datetime import datetime
from pathlib import Path

STALL_AFTER = 10.0  # seconds every runner is Ready while the TestRun stays `created`
TESTRUNS = "testruns.jsonl"
RUNNERS = "runners.jsonl"


def stream(cmd, out_path):
    """Appends every object of one `kubectl get -w -o json` stream to out_path with its arrival time."""
    decoder = json.JSONDecoder()
    with subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True) as proc, open(out_path, "a") as out:
        buf = ""
        for line in proc.stdout:  # kubectl prints each object as indented JSON over many lines
            buf += line
            while True:
                buf = buf.lstrip()
                if not buf:
                    break
                try:
                    obj, end = decoder.raw_decode(buf)
                except json.JSONDecodeError:
                    break  # an object not complete yet: wait for its next line
                buf = buf[end:]
                deleted = obj.get("type") == "DELETED"  # --output-watch-events wraps each object
                rec = slim(obj.get("object", obj))
                rec["deleting"] = rec["deleting"] or deleted
                out.write(json.dumps({"t": time.time(), "obj": rec}) + "\n")
                out.flush()


def slim(obj):
    """What the report needs of a TestRun or pod: identity, labels, stage, Ready condition, deletion."""
    meta = obj.get("metadata", {})
    status = obj.get("status") or {}
    ready = [c for c in status.get("conditions") or [] if c.get("type") == "Ready"]
    return {
        "kind": obj.get("kind"),
        "ns": meta.get("namespace"),
        "name": meta.get("name"),
        "uid": meta.get("uid"),
        "labels": meta.get("labels") or {},
        "deleting": bool(meta.get("deletionTimestamp")),
        "parallelism": (obj.get("spec") or {}).get("parallelism"),
        "stage": status.get("stage"),
        "ready": ready[0].get("status") == "True" if ready else False,
        "readySince": ready[0].get("lastTransitionTime") if ready else None,
    }


def watch(args):
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    base = args.kubectl.split()
    cmds = [
        (base + ["get", "testruns.k6.io", "-A", "-w", "-o", "json", "--output-watch-events"], out / TESTRUNS),
        (base + ["get", "pods", "-A", "-l", "runner=true", "-w", "-o", "json", "--output-watch-events"], out / RUNNERS),
    ]
    threads = []
    for cmd, path in cmds:
        # A watch ends when the API server closes it (timeouts, a restart): start it again.
        def loop(cmd=cmd, path=path):
            while True:
                stream(cmd, path)
                time.sleep(1)

        t = threading.Thread(target=loop, daemon=True)
        t.start()
        threads.append(t)
    for t in threads:
        t.join()


def rfc3339(text):
    return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp() if text else None


def load(path):
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def analyse(testruns, runners):
    """Per TestRun uid: (ns/name, seconds from all runners Ready to a stage past `created`, or None)."""
    runs = {}
    for rec in testruns:
        o = rec["obj"]
        r = runs.setdefault(o["uid"], {"name": f'{o["ns"]}/{o["name"]}', "ns": o["ns"], "tr": o["name"],
                                       "parallelism": o.get("parallelism") or 1, "seen": rec["t"],
                                       "left": None, "gone": None})
        if o["stage"] not in (None, "", "initialization", "initialized", "created") and r["left"] is None:
            r["left"] = rec["t"]
        if o["deleting"] and r["gone"] is None:
            r["gone"] = rec["t"]
    # A TestRun created again under its name ends the earlier one, whether or not its deletion was seen.
    for r in runs.values():
        later = [o["seen"] for o in runs.values() if o["name"] == r["name"] and o["seen"] > r["seen"]]
        if later and (r["gone"] is None or min(later) < r["gone"]):
            r["gone"] = min(later)
    # The Ready time of each runner pod, keyed by (namespace, TestRun name); a pod's own clock is the
    # API server's, on the same machine as the watcher's.
    ready = {}
    for rec in runners:
        o = rec["obj"]
        cr = o["labels"].get("k6_cr")
        if not cr or not o["ready"]:
            continue
        t = rfc3339(o["readySince"]) or rec["t"]
        ready.setdefault((o["ns"], cr), {})[o["uid"]] = (t, rec["t"])
    out = []
    for uid, r in runs.items():
        pods = ready.get((r["ns"], r["tr"]), {})
        end = r["left"] or r["gone"] or time.time()
        # A TestRun created again keeps its name: its runners are the pods Ready while it existed.
        times = sorted(t for t, _ in pods.values() if r["seen"] - 1 <= t <= end)[-r["parallelism"]:]
        if len(times) < r["parallelism"]:
            out.append((r["name"], None, "runners never all Ready" + ("" if r["left"] else ", never started")))
            continue
        all_ready = times[-1]
        waited = max(0.0, end - all_ready)
        started = r["left"] is not None
        out.append((r["name"], waited, "started" if started else "never started"))
    return out


def report(args):
    out = Path(args.out)
    rows = analyse(load(out / TESTRUNS), load(out / RUNNERS))
    stalls = [(n, w, s) for n, w, s in rows if s.endswith("never started") or (w is not None and w > STALL_AFTER)]
    for n, w, s in rows:
        mark = "STALL" if (n, w, s) in stalls else "ok"
        detail = "-" if w is None else f"{w:.1f} s"
        print(f"  {mark:5} {n}: all runners Ready -> past created: {detail} ({s})", file=sys.stderr)
    print(f"TestRun start stalls: {len(stalls)} of {len(rows)} TestRuns (stall: not started within"
          f" {STALL_AFTER:.0f} s of every runner Ready, or never started)")
    return 1 if stalls else 0


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    w = sub.add_parser("watch", help="follow TestRuns and runner pods until killed")
    w.add_argument("--kubectl", required=True, help="the kubectl command, e.g. 'kubectl --kubeconfig=F'")
    w.add_argument("--out", required=True, help="folder for testruns.jsonl and runners.jsonl")
    r = sub.add_parser("report", help="print the stall line from a watch's files")
    r.add_argument("--out", required=True)
    args = p.parse_args()
    return watch(args) if args.cmd == "watch" else report(args)


if __name__ == "__main__":
    sys.exit(main())
