"""Figures the docs quote from committed results, recomputed from those results (hack/docs-check.py).

Each claim computes its text from results/reference/<run>/ (matrix.csv: medians over the steady
rows, as summary.md takes them; summary.md: its intervals, wall-clock and wall ÷ hold;
machine.txt) and fails unless the doc says exactly that, line breaks aside. A re-baselined
reference makes these fail until the docs follow it.
"""
import csv
import re


def norm(text):
    return re.sub(r"\s+", " ", text)


def summary(root, run):
    return (root / f"results/reference/{run}/summary.md").read_text(encoding="utf-8")


def summary_rows(root, run):
    """The rows of summary.md's first table as dicts of its header's cells. summary.md is what
    today's code derives from matrix.csv (CommittedResultsDriftTest), so these are today's medians,
    intervals and verdicts, never a rule re-implemented here."""
    lines = summary(root, run).split("\n")
    start = next(i for i, l in enumerate(lines) if l.startswith("|"))
    table = []
    for l in lines[start:]:
        if not l.startswith("|"):
            break
        table.append([c.strip() for c in l.strip().strip("|").split("|")])
    return [dict(zip(table[0], r)) for r in table[2:]]


def summary_cell(root, run, level, column):
    for cells in summary_rows(root, run):
        if cells["concurrency"] == str(level):
            return cells[column]
    raise KeyError(f"{run}: no row at concurrency {level}")


def number(cell):
    return float(cell.replace(",", "").rstrip("×%"))


def levels(root, run):
    return sorted({int(c["concurrency"]) for c in summary_rows(root, run)})


def counted(root, run):
    """The levels whose virtual ÷ platform today's rules give (a mode with no row that counts has
    none: `–`)."""
    return [c for c in levels(root, run) if summary_cell(root, run, c, "virtual ÷ platform") != "–"]


def machine(root, run, key):
    text = (root / f"results/reference/{run}/machine.txt").read_text(encoding="utf-8")
    return re.search(rf"^{key}: (.*)$", text, re.M).group(1)


def date(root, run):
    with open(root / f"results/reference/{run}/matrix.csv", newline="", encoding="utf-8") as f:
        return next(csv.DictReader(f))["ts_iso"][:10]


def platform_range(root, run):
    m = [int(number(c["platform req/s"])) for c in summary_rows(root, run)]
    return f"{min(m):,}–{max(m):,} req/s"


def counted_top(root, run):
    """The highest level today's rules give a ratio at (summary.md)."""
    return counted(root, run)[-1]


def with_ci(root, run, level):
    ci = summary_cell(root, run, level, "95% CI")
    return summary_cell(root, run, level, "virtual ÷ platform") + ("" if ci == "–" else f" [{ci}]")


def top_ratio(root, run):
    top = counted_top(root, run)
    return f"{with_ci(root, run, top)} at {top}"


def ratios_from_100(root, run):
    parts = [f"{with_ci(root, run, c)} at {c}" for c in counted(root, run) if c >= 100]
    return ", ".join(parts).replace(" at 100,", " at 100 users,", 1)


def left_out_levels(root, run):
    """The levels where today's rules leave a mode no row that counts, and why, e.g. `400 and 800
    (3 load-generator each)`, from the reps column."""
    out = [c for c in levels(root, run) if c not in counted(root, run)]
    whys = {re.sub(r"^.*\((.*)\)$", r"\1", summary_cell(root, run, c, "reps P/V")) for c in out}
    return " and ".join(map(str, out)) + f" ({' / '.join(sorted(whys))} each)"


def headline(root, run):
    return re.search(r"^Headline: (.*)$", summary(root, run), re.M).group(1)


def steady_count(root, run):
    with open(root / f"results/reference/{run}/matrix.csv", newline="", encoding="utf-8") as f:
        all_rows = list(csv.DictReader(f))
    return sum(r["steady_state"] == "true" for r in all_rows), len(all_rows)


def wall_clock(root, run):
    return re.search(r"Wall-clock (\S+) for", summary(root, run)).group(1)


def wall_clock_minutes(root, run):
    """summary.md's wall-clock to the nearest minute, as '≈ 14 min' quotes it."""
    m = re.fullmatch(r"(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?", wall_clock(root, run))
    h, mins, secs = (int(g) if g else 0 for g in m.groups())
    return f"≈ {round(h * 60 + mins + secs / 60)}"


def _parity_table(root):
    local = summary_rows(root, "cluster-parity-local")[0]
    cluster = summary_rows(root, "cluster-parity-cluster")[0]
    ci = cluster["95% CI"] if cluster["95% CI"] != "–" else "none"
    return (f"| virtual ÷ platform, 95 % interval | {local['virtual ÷ platform']}, {local['95% CI']} | "
            f"{cluster['virtual ÷ platform']}, {ci} |")


def _parity_line(root):
    local = summary_rows(root, "cluster-parity-local")[0]
    cluster = summary_rows(root, "cluster-parity-cluster")[0]
    return (f"virtual ÷ platform {local['virtual ÷ platform']} [{local['95% CI']}] `{local['verdict']}` locally, "
            f"{cluster['virtual ÷ platform']} on the cluster with no verdict")


def wall_over_hold(root, run):
    return re.search(r"wall ÷ hold = ([\d.]+)", summary(root, run)).group(1)


class Claim:
    """The doc must contain what text(root) computes."""

    def __init__(self, doc, text, why):
        self.doc, self.text, self.why = doc, text, why

    def check(self, root):
        try:
            expected = self.text(root)
        except (OSError, KeyError, ValueError, AttributeError, StopIteration) as e:
            return [f"{self.doc}: cannot compute {self.why}: {e}"]
        page = root / self.doc
        if not page.exists() or norm(expected) not in norm(page.read_text(encoding="utf-8")):
            return [f"{self.doc}: should say \"{expected}\" ({self.why}, from the committed results)"]
        return []


def _hero_p99(root):
    top = counted_top(root, "bench-hero")
    v = summary_cell(root, "bench-hero", top, "virtual p99 ms")
    p = summary_cell(root, "bench-hero", top, "platform p99 ms")
    return f"p99 is {v} ms against platform's {p} ms"


def _jvm_options(root):
    """G1 ÷ parallel from summary.md's JVM options table: ratio, interval and verdict."""
    text = summary(root, "jvm-options")
    table = text[text.index("## JVM options"):].split("\n")
    rows = [[c.strip() for c in l.strip().strip("|").split("|")] for l in table if l.startswith("|")]
    cells = dict(zip(rows[0], rows[2]))
    return f"{cells['÷ first']} [{cells['95% CI']}] `{cells['verdict']}`"


def _quickstart_machine(root):
    kernel = machine(root, "quickstart", "kernel").split("-")[0]
    java = machine(root, "quickstart", "java").split("+")[0]
    return f"{kernel}, Temurin {java}, {date(root, 'quickstart')})"


def _e2e(root):
    """make e2e's duration, one phrase everywhere, from docs/e2e.md's Timings: the cold row, and the
    newest row (the table's last) rounded to 5 minutes for warm."""
    text = (root / "docs/e2e.md").read_text(encoding="utf-8")
    cold = float(re.search(r"^\| cold:.*\((\d+(?:\.\d)?) min\) \|$", text, re.M).group(1))
    timings = text[text.index("\n## Timings") :]
    timings = timings[: timings.find("\n## ", 1) if "\n## " in timings[1:] else len(timings)]
    # whole runs only (not a `make e2e-monitoring` alone), the newest last
    totals = re.findall(
        r"^\| (?!cold:)(?!`make e2e-monitoring`).*\((\d+(?:\.\d)?) min\) \|$", timings, re.M)
    warm = 5 * round(float(totals[-1]) / 5)
    return f"about {warm} minutes warm, about {round(cold)} cold"


def _steady(run, rows_word="rows "):
    def text(root):
        s, n = steady_count(root, run)
        return f"`{run}` ({s} of {n} {rows_word}steady"
    return text


CLAIMS = [
    Claim("README.md", lambda r: f"hold {platform_range(r, 'bench-hero')}", "bench-hero's platform medians"),
    Claim("README.md", lambda r: f"to {top_ratio(r, 'bench-hero')}", "bench-hero's top ratio the generator rule counts"),
    Claim("README.md", _hero_p99, "bench-hero's p99 medians at that level"),
    Claim("README.md", lambda r: f"VM, {date(r, 'bench-hero')}", "bench-hero's date"),
    Claim("README.md", _quickstart_machine, "the quickstart's machine and date"),
    Claim("README.md", lambda r: f"Wall-clock {wall_clock(r, 'quickstart')} for", "the quickstart's wall-clock"),
    Claim("examples/README.md", lambda r: f"{wall_clock(r, 'quickstart')} local", "the quickstart's wall-clock"),
    Claim("examples/README.md", lambda r: f"wall ÷ hold {wall_over_hold(r, 'bench-hero')}", "bench-hero's wall ÷ hold"),
    Claim("examples/README.md", lambda r: f"wall ÷ hold {wall_over_hold(r, 'bench-bottleneck')}", "bench-bottleneck's wall ÷ hold"),
    Claim("results/README.md", lambda r: f"platform {platform_range(r, 'bench-hero')} at every level", "bench-hero's platform medians"),
    Claim("results/README.md", lambda r: ratios_from_100(r, "bench-hero"), "bench-hero's ratios and intervals"),
    Claim("results/README.md", _steady("quickstart"), "the quickstart's steady rows"),
    Claim("results/README.md", _steady("bench-hero"), "bench-hero's steady rows"),
    Claim("results/README.md", _steady("bench-bottleneck", ""), "bench-bottleneck's steady rows"),
    Claim("results/README.md", lambda r: f"wall ÷ hold = {wall_over_hold(r, 'bench-hero')}", "bench-hero's wall ÷ hold"),
    Claim("results/README.md", lambda r: f"wall ÷ hold = {wall_over_hold(r, 'bench-bottleneck')}", "bench-bottleneck's wall ÷ hold"),
    *[Claim(doc, _e2e, "make e2e's duration") for doc in ("README.md", "docs/README.md", "docs/e2e.md", "Makefile")],
    Claim("docs/gitops.md", lambda r: headline(r, "bench-hero"), "the final headline of bench-hero, as its summary.md gives it"),
    Claim("README.md", lambda r: f"virtual rows at {left_out_levels(r, 'bench-hero')}", "the levels bench-hero's summary counts no virtual row at"),
    Claim("docs/cluster-parity.md", lambda r: f"{summary_cell(r, 'cluster-parity-100ms-cluster', 100, 'virtual ÷ platform')} against 2.0× locally", "the 100 ms cluster run's ratio"),
    Claim("docs/cluster-parity.md", _parity_table, "the parity halves' ratios and intervals"),
    Claim("results/README.md", _parity_line, "the parity halves' ratios, intervals and verdict"),
    Claim("examples/README.md", lambda r: f"{wall_clock_minutes(r, 'cluster-parity-local')} min local", "the parity run's local wall-clock"),
    Claim("examples/README.md", lambda r: f"{wall_clock(r, 'jvm-options')} local", "jvm-options' wall-clock"),
    Claim("examples/README.md", _jvm_options, "jvm-options' G1 ÷ parallel"),
    Claim("results/README.md", _jvm_options, "jvm-options' G1 ÷ parallel"),
]


# --- versions: hack/versions.env is their one home ------------------------------------------------

# Each tool whose version the docs name, and the variable of hack/versions.env that holds it.
TOOLS = {
    "CloudNativePG": "CNPG_VERSION",
    "k6-operator": "K6_OPERATOR_VERSION",
    "prometheus-operator": "PROMETHEUS_OPERATOR_VERSION",
    "Prometheus": "PROMETHEUS_VERSION",
    "Kubernetes": "KUBE_VERSION",
    "kube-apiserver": "KUBE_VERSION",
    "etcd": "ETCD_VERSION",
    "Helm": "HELM_VERSION",
    "k6": "K6_VERSION",
    "CoreDNS": "COREDNS_VERSION",
    "kube-router": "KUBE_ROUTER_VERSION",
}
MENTION = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, sorted(TOOLS, key=len, reverse=True)))
                     + r")[ :]v?(\d+\.\d+\.\d+)\b")
# A line that tells of the past may name the version it happened with: one dated, telling of a
# stall, or with "(now vX)" beside the old version, or next to such a line.
PAST = re.compile(r"\d{4}-\d{2}-\d{2}|stall|stuck|\(now |That was")


def versions(root):
    text = (root / "hack/versions.env").read_text(encoding="utf-8")
    env = dict(re.findall(r"^([A-Z0-9_]+)=(\S+)$", text, re.M))
    out = {tool: env[var].lstrip("v") for tool, var in TOOLS.items() if var in env}
    if "Prometheus" in out:  # the Go module v0.3MM.P is Prometheus 3.MM.P
        minor = int(out["Prometheus"].split(".")[1])
        out["Prometheus"] = f"{minor // 100}.{minor % 100}.{out['Prometheus'].split('.')[2]}"
    return out


def version_problems(root, docs):
    """Every doc line naming a tool's version other than hack/versions.env's, unless it tells of
    the past (PAST)."""
    pinned = versions(root)
    problems = []
    for rel in docs:
        lines = (root / rel).read_text(encoding="utf-8").split("\n")
        for n, line in enumerate(lines, 1):
            for m in MENTION.finditer(line):
                tool, version = m.group(1), m.group(2)
                if tool not in pinned or version == pinned[tool]:
                    continue
                # a table row is its own context; prose wraps, so the lines around it count too
                context = [line] if line.startswith("|") else [
                    l for l in lines[max(0, n - 2):n + 1] if not l.startswith("|")]
                if any(PAST.search(l) for l in context):
                    continue
                problems.append(f"{rel}:{n}: {tool} {version}, but hack/versions.env pins "
                                f"{TOOLS[tool]}={pinned[tool]} (name the version from there, or say when it was)")
    return problems
