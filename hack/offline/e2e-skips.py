#!/usr/bin/env python3
"""Names the e2e test classes that skipped checks they were asked to run (docs/e2e.md).

  e2e-skips.py LOG NODES [ONLY]

LOG is the Maven output `make e2e` keeps (e2e-tests.log). A class counts when failsafe's line for
it reports `Skipped: N` with N > 0 and the run asked for it: by name (ONLY, the --only list, comma
separated) or, for the multi-node phases, with NODES >= 3 (`make e2e-nodes`: PlacementE2E skips
itself on fewer Ready nodes, which a single-node `make e2e` expects and says so). Prints the class
names, comma separated, and exits 1 when there is any; exits 0 with no output when there is none.
"""
import re
import sys

LINE = re.compile(r"Tests run: \d+, Failures: \d+, Errors: \d+, Skipped: (\d+).* -- in (\S+)")


def skipped(log_text, nodes, only):
    asked = {c.strip() for c in only.split(",") if c.strip()}
    out = []
    for m in LINE.finditer(log_text):
        count, cls = int(m.group(1)), m.group(2).rsplit(".", 1)[-1]
        if count > 0 and (cls in asked or nodes >= 3) and cls not in out:
            out.append(cls)
    return out


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    with open(argv[1], encoding="utf-8", errors="replace") as f:
        names = skipped(f.read(), int(argv[2]), argv[3] if len(argv) > 3 else "")
    if names:
        print(",".join(names))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
