#!/usr/bin/env python3
"""Fails when the docs name something that does not exist or quote a result that changed.

Reads README.md, docs/*.md, examples/README.md and results/README.md. In their code (inline
spans and fenced blocks) and links it checks that every
  - `make TARGET` is a Makefile target;
  - `hack/….sh SUBCOMMAND` (or a|b|c) is a case label of that script, and its --flags occur in it;
  - `vtbench SUBCOMMAND` / `hack/vtbench SUBCOMMAND` is a CLI subcommand (@Command in
    operator/local) and its --options, also in RUN_ARGS= / UP_ARGS=, are CLI options;
  - repository path (hack/, examples/, docs/, operator/, …) exists: build output under target/
    needs its module, results/<name>/ is a run's output and is not checked;
  - bare file name (`two-core.yaml`, `e2e.sh`) is a file of the repository;
  - link resolves, and its #anchor is a heading of the linked page;
  - snake_case span is a matrix.csv column (ResultRow's @Column names), unless it is a metric or
    a word in NOT_COLUMNS; docs/columns.md describes every column once, in the record's order, and
    no column the record lacks; results/README.md lists every reference folder;
  - block between `<!-- docs-check: quoted from FILE -->` and `<!-- docs-check: end -->` is
    copied line for line from FILE;
  - figure in CLAIMS (docs_claims.py) still says what the committed results compute to;
  - tool version named (CloudNativePG v1.30.0, k6 1.8.1, ...) is hack/versions.env's, unless the
    line tells of the past (docs_claims.version_problems).
Prints each problem as FILE:LINE: message and exits 1 if there is one.

Usage: hack/docs-check.py [--root DIR] [-v]
"""
import argparse
import pathlib
import re
import sys

sys.dont_write_bytecode = True  # no __pycache__ in hack/
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import docs_claims  # noqa: E402

DOCS = ["README.md", "docs/*.md", "examples/README.md", "results/README.md"]
TOP = r"(?:hack|examples|results|docs|operator|sut|stub|charts|crds|gitops|\.ci)"
PATH = re.compile(r"(?<![\w/.~$-])(" + TOP + r"/[^\s`'\"()\[\]{},;|<>]*)")
BARE = re.compile(r"[\w-]+\.(?:yaml|yml|sh|py|lua|md|js|sql)")
SNAKE = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+")
METRIC = re.compile(r"(hikaricp|http_req_|http_server|jvm_|process_|operator_sdk|container_|"
                    r"vtbench_run|histogram_|probe_)")
# snake_case words in the docs that are not CSV columns (SQL, kubelet, cgroup and Prometheus names)
NOT_COLUMNS = {"cpu_manager_state", "generate_series", "pg_sleep", "max_connections",
               "search_path", "shared_buffers", "usage_usec", "vtbench_seed", "spring_datasource_url",
               "nr_periods", "nr_throttled"}
# bare names that are outputs or the reader's own files, not files of this repository
NOT_FILES = {"my-run.yaml", "thresholds.txt", "values.yaml", "script.js", "local.js", "cluster.js",
             "summary.md", "benchmarks.yaml", "vtbench.yaml", "user-script.js", "stage-1.js", "stage-2.js"}
QUOTE = re.compile(r"<!-- docs-check: quoted from (\S+) -->")


class Doc:
    """A Markdown page: its code (line number, text, is it a command?) and its links."""

    def __init__(self, root, rel):
        self.rel = rel
        self.path = root / rel
        self.lines = self.path.read_text(encoding="utf-8").split("\n")
        self.code = []  # (line, text, kind): "span" inline, "prose" a block's line, "command" its shell
        self.links = []  # (line, target)
        fence = None
        for n, line in enumerate(self.lines, 1):
            m = re.match(r"\s*```(\w*)", line)
            if m:
                fence = None if fence is not None else m.group(1)
                continue
            if fence is not None:
                # a shell comment is prose: its paths are checked, its words are not commands
                self.code.append((n, line, "prose"))
                if fence in ("bash", "sh", "console", "shell"):
                    self.code.append((n, re.sub(r"(^|\s)#.*", "", line), "command"))
                continue
            for span in re.findall(r"`([^`]+)`", line):
                self.code.append((n, span, "span"))
            for target in re.findall(r"\]\(([^)\s]+)\)", line):
                self.links.append((n, target))


def slug(heading):
    s = heading.strip().lower().replace("`", "")
    s = re.sub(r"[^\w\- ]", "", s)
    return s.replace(" ", "-")


def anchors(path):
    seen, out = {}, set()
    fence = False
    for line in path.read_text(encoding="utf-8").split("\n"):
        if line.lstrip().startswith("```"):
            fence = not fence
        m = None if fence else re.match(r"#{1,6}\s+(.*)", line)
        if m:
            s = slug(m.group(1))
            out.add(s if s not in seen else f"{s}-{seen[s]}")
            seen[s] = seen.get(s, 0) + 1
    return out


class Repo:
    """What exists: targets, scripts' subcommands, CLI commands and options, columns, files."""

    def __init__(self, root):
        self.root = root
        mk = (root / "Makefile").read_text(encoding="utf-8")
        self.targets = set(re.findall(r"^([A-Za-z0-9_-]+)\s*:(?!=)", mk, re.M))
        cli = root / "operator/local/src/main/java"
        src = "\n".join(p.read_text(encoding="utf-8") for p in cli.rglob("*.java")) if cli.exists() else ""
        self.commands = set(re.findall(r'@Command\(\s*name\s*=\s*"([\w-]+)"', src)) - {"vtbench"}
        self.options = set(re.findall(r'"(--[\w-]+)"', src))
        row = root / "operator/engine/src/main/java/dev/vtbench/engine/results/row/ResultRow.java"
        self.columns = re.findall(r'@Column\(name = "(\w+)"', row.read_text(encoding="utf-8"))
        skip = {".git", "target", "node_modules", "__pycache__"}
        self.basenames = {p.name for p in root.rglob("*") if not skip & set(p.relative_to(root).parts)}

    def labels(self, script):
        text = (self.root / script).read_text(encoding="utf-8")
        out = set()
        for m in re.finditer(r"^\s*\(?([\w-]+(?:\s*\|\s*[\w-]+)*)\)", text, re.M):
            out.update(w.strip() for w in m.group(1).split("|"))
        return out, text


def check_path(repo, token):
    token = token.rstrip(".:,")
    if "<" in token or "..." in token or "…" in token or token.startswith("results/") and not (
            token.startswith("results/reference") or token == "results/README.md"):
        return None
    token = token.split("#")[0]
    if "/target/" in token:
        module = token.split("/target/")[0]
        return None if (repo.root / module / "pom.xml").exists() else f"no module {module} for {token}"
    if "*" in token:
        return None if list(repo.root.glob(token)) else f"nothing matches {token}"
    return None if (repo.root / token).exists() else f"{token} does not exist"


def check_command(repo, text):
    problems = []
    for m in re.finditer(r"(?<![\w/.-])make\s+((?:\S+\s*)+)", text):
        words = [w for w in m.group(1).split() if not w.startswith("-") and "=" not in w]
        if words and re.fullmatch(r"[a-z][\w-]*", words[0]) and words[0] not in repo.targets:
            problems.append(f"make {words[0]}: no such Makefile target")
    for arg in re.findall(r"(?:RUN|UP)_ARGS=(\"[^\"]*\"|\S*)", text):
        problems += [f"{o}: not a vtbench option" for o in re.findall(r"--[\w-]+", arg)
                     if o not in repo.options]
    for m in re.finditer(r"(hack/[\w/.-]+\.sh)((?:\s+[\w|-]+)*)", text):
        script = m.group(1)
        if not (repo.root / script).exists():
            continue  # the path check says so
        labels, body = repo.labels(script)
        for arg in m.group(2).split():
            if arg.startswith("--"):
                if arg not in body:
                    problems.append(f"{script} {arg}: the script has no such option")
            elif labels and re.fullmatch(r"[a-z][\w|-]*", arg):
                problems += [f"{script} {w}: no such subcommand (has {', '.join(sorted(labels))})"
                             for w in arg.split("|") if w and w not in labels]
                break
    for m in re.finditer(r"(?:^\s*|[|;&(]\s*|(?<![\w/.-])hack/)vtbench\s+([a-z][\w-]*)([^|;&]*)", text):
        if m.group(1) not in repo.commands:
            problems.append(f"vtbench {m.group(1)}: no such subcommand (has {', '.join(sorted(repo.commands))})")
        problems += [f"vtbench {m.group(1)} {o}: no such option" for o in re.findall(r"(?<!\S)--[\w-]+", m.group(2))
                     if o not in repo.options]
    return problems


def check_doc(repo, doc):
    problems = []
    say = lambda n, msg: problems.append(f"{doc.rel}:{n}: {msg}")  # noqa: E731
    for n, text, kind in doc.code:
        if kind != "command":
            for token in PATH.findall(text):
                err = check_path(repo, token)
                if err:
                    say(n, err)
        if kind != "prose":
            for err in check_command(repo, text):
                say(n, err)
        if BARE.fullmatch(text) and text not in repo.basenames and text not in NOT_FILES:
            say(n, f"{text}: no file of that name in the repository")
        if SNAKE.fullmatch(text) and text not in repo.columns and text not in NOT_COLUMNS \
                and not METRIC.match(text):
            say(n, f"`{text}` is not a matrix.csv column (ResultRow's @Column names); "
                   "if it is not meant as one, add it to NOT_COLUMNS in hack/docs-check.py")
    for n, target in doc.links:
        if re.match(r"[a-z]+:", target):
            continue
        file, _, anchor = target.partition("#")
        path = (doc.path.parent / file).resolve() if file else doc.path
        if not path.exists():
            say(n, f"link {target}: {file} does not exist")
        elif anchor and path.suffix == ".md" and anchor not in anchors(path):
            say(n, f"link {target}: no heading #{anchor} in {file or doc.rel}")
    quote = None
    for n, line in enumerate(doc.lines, 1):
        m = QUOTE.search(line)
        if m:
            source = repo.root / m.group(1)
            quote = set(source.read_text(encoding="utf-8").split("\n")) if source.exists() else set()
            if not source.exists():
                say(n, f"quoted file {m.group(1)} does not exist")
        elif "<!-- docs-check: end -->" in line:
            quote = None
        elif quote is not None and line.strip() and line not in quote:
            say(n, f"not copied verbatim from the quoted file: {line[:60]}")
    return problems


COLUMN_ENTRY = re.compile(r"^- ((?:`\w+`, )*`\w+`):", re.M)


def column_problems(columns, text):
    """docs/columns.md against the record: one entry per column, in the record's order.

    An entry is a list item that opens with the columns it describes, in backticks, then a colon:
    "- `p50_ms`: ..." or "- `cpu_model`, `kernel`: ..."."""
    entries = [name for m in COLUMN_ENTRY.finditer(text) for name in re.findall(r"`(\w+)`", m.group(1))]
    problems = [f"docs/columns.md: column {c} is not documented" for c in columns if c not in entries]
    problems += [f"docs/columns.md: `{c}` has an entry but is not a column of ResultRow"
                 for c in dict.fromkeys(entries) if c not in columns]
    problems += [f"docs/columns.md: `{c}` has {entries.count(c)} entries"
                 for c in dict.fromkeys(entries) if entries.count(c) > 1]
    described = [c for c in dict.fromkeys(entries) if c in columns]
    expected = [c for c in columns if c in described]
    wrong = next(((d, e) for d, e in zip(described, expected) if d != e), None)
    if wrong:
        problems.append(f"docs/columns.md: `{wrong[0]}` stands where ResultRow has `{wrong[1]}`: "
                        "entries follow the record's order")
    return problems


def check(root, claims=None):
    """Every problem found under root, as FILE:LINE: message strings; also the count of references."""
    root = pathlib.Path(root).resolve()
    repo = Repo(root)
    docs = [Doc(root, str(p.relative_to(root))) for g in DOCS for p in sorted(root.glob(g))]
    problems = [p for d in docs for p in check_doc(repo, d)]
    columns = root / "docs/columns.md"
    if columns.exists():
        problems += column_problems(repo.columns, columns.read_text(encoding="utf-8"))
    results = root / "results/README.md"
    if results.exists():
        documented = set(re.findall(r"`([\w-]+)`", results.read_text(encoding="utf-8")))
        problems += [f"results/README.md: reference folder {d.name} is not listed" for d in
                     sorted((root / "results/reference").iterdir()) if d.is_dir() and d.name not in documented]
    for claim in docs_claims.CLAIMS if claims is None else claims:
        problems += claim.check(root)
    problems += docs_claims.version_problems(root, [d.rel for d in docs])
    refs = sum(len([c for c in d.code if c[2] != "command"]) + len(d.links) for d in docs)
    return problems, refs


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", default=pathlib.Path(__file__).resolve().parent.parent)
    ap.add_argument("-v", action="store_true", help="also print the counts when all is well")
    args = ap.parse_args()
    problems, refs = check(args.root)
    for p in problems:
        print(p)
    if problems:
        print(f"docs-check: {len(problems)} problem(s) in {refs} code spans, blocks' lines and links",
              file=sys.stderr)
        return 1
    print(f"docs-check: ok ({refs} code spans, code lines and links; {len(docs_claims.CLAIMS)} quoted figures)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
