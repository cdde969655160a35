"""Figures the docs quote from committed results, recomputed from those results (hack/docs-check.py).

Each claim computes its text from results/reference/<run>/ (matrix.csv: medians over the steady
rows, as summary.md takes them; summary.md: its intervals, wall-clock and wall ÷ hold;
machine.txt) and fails unless the doc says exactly that, line breaks aside. A re-baselined
reference makes these fail until the docs follow it.
"""
import csv
import re
import statistics


def norm(text):
    return re.sub(r"\s+", " ", text)


def rows(root, run):
    with open(root / f"results/reference/{run}/matrix.csv", newline="", encoding="utf-8") as f:
        return [r for r in csv.DictReader(f) if r.get("steady_state") != "false"]


def median(root, run, mode, level, column="throughput_rps"):
    values = [float(r[column]) for r in rows(root, run)
              if r["thread_mode"] == mode and int(r["concurrency"]) == level and r[column]]
    return statistics.median(values)


def levels(root, run):
    return sorted({int(r["concurrency"]) for r in rows(root, run)})


def ratio(root, run, level):
    return median(root, run, "virtual", level) / median(root, run, "platform", level)


def summary(root, run):
    return (root / f"results/reference/{run}/summary.md").read_text(encoding="utf-8")


def summary_cell(root, run, level, column):
    lines = [l for l in summary(root, run).split("\n") if l.startswith("|")]
    header = [c.strip() for c in lines[0].strip("|").split("|")]
    for line in lines[2:]:
        cells = dict(zip(header, (c.strip() for c in line.strip("|").split("|"))))
        if cells["concurrency"] == str(level):
            return cells[column]
    raise KeyError(f"{run}: no row at concurrency {level}")


def machine(root, run, key):
    text = (root / f"results/reference/{run}/machine.txt").read_text(encoding="utf-8")
    return re.search(rf"^{key}: (.*)$", text, re.M).group(1)


def date(root, run):
    with open(root / f"results/reference/{run}/matrix.csv", newline="", encoding="utf-8") as f:
        return next(csv.DictReader(f))["ts_iso"][:10]


def platform_range(root, run):
    m = [round(median(root, run, "platform", c)) for c in levels(root, run)]
    return f"{min(m):,}–{max(m):,} req/s"


def counted_top(root, run):
    """The highest level none of whose rows had the generator's cores at the calibrated limit
    (DerivedMetrics.GENERATOR_FRACTION, 85 %): rows measured before the rule carry its inputs."""
    busy = [(int(r["concurrency"]), float(r["load_core_busy_pct"] or 0)) for r in rows(root, run)]
    return max(c for c in levels(root, run) if all(b < 85 for lc, b in busy if lc == c))


def top_ratio(root, run):
    top = counted_top(root, run)
    return f"{ratio(root, run, top):.2f}× [{summary_cell(root, run, top, '95% CI')}] at {top}"


def ratios_from_100(root, run):
    parts = []
    for c in [c for c in levels(root, run) if c >= 100]:
        ci = summary_cell(root, run, c, "95% CI")
        parts.append(f"{ratio(root, run, c):.2f}×" + ("" if ci == "–" else f" [{ci}]") + f" at {c}")
    return ", ".join(parts).replace(" at 100,", " at 100 users,", 1)


def steady_count(root, run):
    with open(root / f"results/reference/{run}/matrix.csv", newline="", encoding="utf-8") as f:
        all_rows = list(csv.DictReader(f))
    return sum(r["steady_state"] == "true" for r in all_rows), len(all_rows)


def wall_clock(root, run):
    return re.search(r"Wall-clock (\S+) for", summary(root, run)).group(1)


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
    v = median(root, "bench-hero", "virtual", top, "p99_ms")
    p = median(root, "bench-hero", "platform", top, "p99_ms")
    return f"p99 is {v:,.0f} ms against platform's {p:,.0f} ms"


def _headline(root):
    top = levels(root, "bench-hero")[-1]
    v, p = median(root, "bench-hero", "virtual", top), median(root, "bench-hero", "platform", top)
    return f"virtual {v / p:.1f}x platform"


def _headline_rates(root):
    top = levels(root, "bench-hero")[-1]
    v, p = median(root, "bench-hero", "virtual", top), median(root, "bench-hero", "platform", top)
    return f"at {top} VUs, pool 50 ({v:.0f} vs {p:.0f} req/s)"


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
    Claim("docs/gitops.md", _headline, "the final headline's ratio of bench-hero's medians"),
    Claim("docs/gitops.md", _headline_rates, "the final headline's medians"),
]
