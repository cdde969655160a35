"""docs-check.py passes on this tree and fails on each kind of broken reference (make test runs it)."""
import importlib.util
import pathlib
import shutil
import subprocess
import sys
import tempfile
import unittest

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
SCRIPT = ROOT / "hack/docs-check.py"
spec = importlib.util.spec_from_file_location("docs_check", SCRIPT)
docs_check = importlib.util.module_from_spec(spec)
spec.loader.exec_module(docs_check)


def copy_tree(dst):
    """The files git knows (tracked or new), or the tree without build output when not a checkout."""
    try:
        out = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT,
                             capture_output=True, check=True).stdout.decode()
        files = [f for f in out.split("\0") if f]
    except (OSError, subprocess.CalledProcessError):
        skip = {".git", "target", "__pycache__"}
        files = [str(p.relative_to(ROOT)) for p in ROOT.rglob("*")
                 if p.is_file() and not skip & set(p.relative_to(ROOT).parts)]
    for f in files:
        if (ROOT / f).is_file():
            (dst / f).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / f, dst / f)


class DocsCheckTest(unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.clean = pathlib.Path(cls.tmp.name) / "clean"
        copy_tree(cls.clean)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def broken(self, rel, old, new):
        """The problems of the copy with one edit (which must apply), then the edit undone."""
        path = self.clean / rel
        text = path.read_text(encoding="utf-8")
        self.assertIn(old, text, f"{rel} no longer holds the text this test breaks")
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
        try:
            return docs_check.check(self.clean)[0]
        finally:
            path.write_text(text, encoding="utf-8")

    def assertReports(self, problems, *fragments):
        for fragment in fragments:
            self.assertTrue(any(fragment in p for p in problems), f"no problem says {fragment!r}: {problems}")

    def test_this_tree_passes_and_counts_its_references(self):
        problems, refs = docs_check.check(ROOT)
        self.assertEqual([], problems)
        self.assertGreater(refs, 1000)

    def test_the_command_line_exits_1_on_a_problem_and_0_without(self):
        ok = subprocess.run([sys.executable, str(SCRIPT), "--root", str(self.clean)], capture_output=True)
        self.assertEqual(0, ok.returncode, ok.stdout.decode() + ok.stderr.decode())
        broken = self.clean / "docs/broken.md"
        broken.write_text("Run `make no-such-target`.\n", encoding="utf-8")
        self.addCleanup(broken.unlink)
        bad = subprocess.run([sys.executable, str(SCRIPT), "--root", str(self.clean)], capture_output=True)
        self.assertEqual(1, bad.returncode)
        self.assertIn("docs/broken.md:1: make no-such-target", bad.stdout.decode())

    def test_a_missing_script_subcommand_as_the_readme_once_had(self):
        problems = self.broken("docs/e2e.md", "hack/offline/local-cluster.sh teardown",
                               "hack/offline/local-cluster.sh create|load|deploy|teardown")
        self.assertReports(problems, "local-cluster.sh deploy: no such subcommand")

    def test_a_missing_make_target_path_example_and_cli_subcommand(self):
        self.assertReports(self.broken("README.md", "make test ", "make tests "), "make tests: no such Makefile target")
        self.assertReports(self.broken("README.md", "examples/hero.yaml", "examples/heros.yaml"),
                           "examples/heros.yaml does not exist")
        self.assertReports(self.broken("examples/README.md", "`two-core.yaml`", "`three-core.yaml`"),
                           "three-core.yaml: no file of that name")
        self.assertReports(self.broken("README.md", "hack/vtbench --help", "hack/vtbench plot"),
                           "vtbench plot: no such subcommand")
        self.assertReports(self.broken("docs/local.md", "`RUN_ARGS=--fresh`", "`RUN_ARGS=--fresher`"),
                           "--fresher: not a vtbench option")

    def test_a_broken_link_or_anchor(self):
        self.assertReports(self.broken("README.md", "(docs/cluster.md)", "(docs/clusters.md)"),
                           "docs/clusters.md does not exist")
        self.assertReports(self.broken("README.md", "(results/README.md#the-verdict)", "(results/README.md#verdict)"),
                           "no heading #verdict")

    def test_an_unknown_or_undocumented_column(self):
        self.assertReports(self.broken("docs/columns.md", "`load_runners`: how many", "`load_runner`: how many"),
                           "`load_runner` is not a matrix.csv column", "column load_runners is not documented")

    def test_a_column_entry_out_of_the_records_order(self):
        self.assertReports(self.broken("docs/columns.md", "- `cpu_model`, `kernel`:", "- `kernel`, `cpu_model`:"),
                           "`kernel` stands where ResultRow has `cpu_model`")

    def test_a_column_with_two_entries_or_an_entry_for_no_column(self):
        self.assertReports(self.broken("docs/columns.md", "- `jdk_version`:", "- `node`, `jdk_level`:"),
                           "`node` has 2 entries", "`jdk_level` has an entry but is not a column",
                           "column jdk_version is not documented")

    def test_an_unlisted_reference_folder(self):
        self.assertReports(self.broken("results/README.md", "`crosscheck-byo`", "the other"),
                           "reference folder crosscheck-byo is not listed")

    def test_a_quote_that_is_no_longer_verbatim(self):
        self.assertReports(self.broken("README.md", "| 1,859 |", "| 1,860 |"), "not copied verbatim")

    def test_figures_that_no_longer_match_the_committed_results(self):
        self.assertReports(self.broken("README.md", "3.85× [3.81–3.87]", "3.9× [3.81–3.87]"),
                           "bench-hero's top ratio")
        self.assertReports(self.broken("examples/README.md", "5m25s local", "≈ 4 min local"),
                           "the quickstart's wall-clock")
        self.assertReports(self.broken("Makefile", "about 50 minutes warm, about 70 cold", "~13 min"),
                           "Makefile: should say \"about 50 minutes warm, about 70 cold\"")

    def test_a_changed_summary_fails_the_figures_quoted_from_it(self):
        # summary.md is what today's code derives from matrix.csv (CommittedResultsDriftTest);
        # the docs quote it, so a re-derived summary fails every sentence that quoted the old one
        problems = self.broken("results/reference/bench-hero/summary.md",
                               "| 3.85× | 3.81–3.87 |", "| 3.95× | 3.91–3.97 |")
        self.assertReports(problems, "bench-hero's top ratio", "bench-hero's ratios and intervals")
        self.assertReports(self.broken("results/reference/bench-hero/summary.md", "Headline: virtual",
                                       "Headline: Virtual"), "final headline")

    def test_a_quoted_ratio_other_than_its_summary(self):
        self.assertReports(self.broken("docs/cluster-parity.md", "1.32× against 2.0×", "1.36× against 2.0×"),
                           "the 100 ms cluster run's ratio")
        self.assertReports(self.broken("results/README.md", "1.97× on the", "1.81× on the"),
                           "the parity halves' ratios, intervals and verdict")
        self.assertReports(self.broken("docs/cluster-parity.md", "1.99×, 1.98–2.00 | 1.97×, none",
                                       "1.99×, 1.98–2.00 | 1.81×, 1.74–1.84"),
                           "the parity halves' ratios and intervals")
        self.assertReports(self.broken("examples/README.md", "1.00× [1.00–1.01] `no difference`",
                                       "1.00× (no verdict)"), "jvm-options' G1 ÷ parallel")

    def test_a_version_other_than_versions_env(self):
        self.assertReports(self.broken("docs/e2e.md", "CloudNativePG v1.30.0, PostgreSQL 15",
                                       "CloudNativePG 1.27.0, PostgreSQL 15"),
                           "CloudNativePG 1.27.0, but hack/versions.env pins CNPG_VERSION=1.30.0")
        self.assertReports(self.broken("hack/versions.env", "K6_OPERATOR_VERSION=v1.5.0",
                                       "K6_OPERATOR_VERSION=v1.6.0"),
                           "k6-operator 1.5.0, but hack/versions.env pins K6_OPERATOR_VERSION=1.6.0")
        # a line that tells when it happened may name the version it happened with
        self.assertEqual([], [p for p in self.broken(
            "docs/e2e.md", "CloudNativePG v1.30.0, PostgreSQL 15",
            "CloudNativePG v1.27.0 (2026-11-20), PostgreSQL 15") if "CloudNativePG" in p])

if __name__ == "__main__":
    unittest.main()
