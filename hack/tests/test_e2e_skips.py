"""e2e-skips.py on failsafe output as `make e2e` keeps it (make test runs it)."""
import importlib.util
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "offline" / "e2e-skips.py"
spec = importlib.util.spec_from_file_location("e2e_skips", SCRIPT)
skips = importlib.util.module_from_spec(spec)
spec.loader.exec_module(skips)

LOG = """[INFO] Running dev.vtbench.operator.e2e.PlacementE2E
[WARNING] Tests run: 1, Failures: 0, Errors: 0, Skipped: 1, Time elapsed: 0.8 s -- in dev.vtbench.operator.e2e.PlacementE2E
[INFO] Tests run: 3, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 300 s -- in dev.vtbench.operator.e2e.FaultsE2E
[WARNING] Tests run: 4, Failures: 0, Errors: 0, Skipped: 1
"""


class E2eSkipsTest(unittest.TestCase):
    def test_a_multi_node_run_that_skipped_placement_is_not_a_pass(self):
        self.assertEqual(skips.skipped(LOG, 3, ""), ["PlacementE2E"])

    def test_the_single_node_run_expects_placement_to_skip_unless_asked_for_it(self):
        self.assertEqual(skips.skipped(LOG, 1, ""), [])
        self.assertEqual(skips.skipped(LOG, 1, "PlacementE2E,FaultsE2E"), ["PlacementE2E"])

    def test_the_script_exits_1_naming_the_class_and_0_when_nothing_skipped(self):
        with tempfile.TemporaryDirectory() as d:
            log = Path(d, "e2e-tests.log")
            log.write_text(LOG)
            done = subprocess.run([sys.executable, str(SCRIPT), str(log), "3"], capture_output=True, text=True)
            self.assertEqual((done.returncode, done.stdout.strip()), (1, "PlacementE2E"))
            log.write_text(LOG.replace("Skipped: 1", "Skipped: 0"))
            clean = subprocess.run([sys.executable, str(SCRIPT), str(log), "3"], capture_output=True, text=True)
            self.assertEqual((clean.returncode, clean.stdout), (0, ""))


if __name__ == "__main__":
    unittest.main()
