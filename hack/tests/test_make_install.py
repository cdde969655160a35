"""make install / uninstall: one link on the PATH to hack/vtbench, and nothing else touched."""
import os
import subprocess
import tempfile
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
LAUNCHER = ROOT / "hack" / "vtbench"


def make(target, prefix):
    return subprocess.run(["make", "-s", "-C", str(ROOT), target, f"PREFIX={prefix}"],
                          capture_output=True, text=True)


class MakeInstallTest(unittest.TestCase):
    def setUp(self):
        self.prefix = Path(tempfile.mkdtemp())
        self.link = self.prefix / "bin" / "vtbench"

    def tearDown(self):
        subprocess.run(["rm", "-rf", str(self.prefix)])

    def test_install_links_the_launcher_and_uninstall_removes_exactly_it(self):
        self.assertEqual(make("install", self.prefix).returncode, 0)
        self.assertTrue(self.link.is_symlink())
        self.assertEqual(Path(os.readlink(self.link)), LAUNCHER)
        # again: nothing to change, no error
        self.assertEqual(make("install", self.prefix).returncode, 0)
        (self.prefix / "bin" / "other").write_text("mine")
        self.assertEqual(make("uninstall", self.prefix).returncode, 0)
        self.assertFalse(self.link.exists() or self.link.is_symlink())
        self.assertEqual((self.prefix / "bin" / "other").read_text(), "mine")

    def test_a_vtbench_that_is_not_this_checkouts_link_is_left_alone(self):
        self.link.parent.mkdir(parents=True)
        self.link.write_text("someone else's vtbench")
        installed = make("install", self.prefix)
        self.assertNotEqual(installed.returncode, 0)
        self.assertIn("is not this checkout's link", installed.stderr)
        self.assertEqual(make("uninstall", self.prefix).returncode, 0)
        self.assertEqual(self.link.read_text(), "someone else's vtbench")


if __name__ == "__main__":
    unittest.main()
