"""testrun-stalls.py's report on watch records shaped as kubectl prints them (make test runs it)."""
import importlib.util
import json
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "offline" / "testrun-stalls.py"
spec = importlib.util.spec_from_file_location("testrun_stalls", SCRIPT)
stalls = importlib.util.module_from_spec(spec)
spec.loader.exec_module(stalls)

T0 = 1_800_000_000.0  # 2027-01-15T08:00:00Z


def iso(t):
    from datetime import datetime, timezone
    return datetime.fromtimestamp(t, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def testrun(t, uid, name, stage, parallelism=1, deleting=False):
    meta = {"namespace": "e2e", "name": name, "uid": uid}
    if deleting:
        meta["deletionTimestamp"] = iso(t)
    obj = {"kind": "TestRun", "metadata": meta, "spec": {"parallelism": parallelism}, "status": {"stage": stage}}
    return {"t": t, "obj": stalls.slim({"type": "MODIFIED", "object": obj}["object"])}


def runner(t, uid, cr, ready_at=None):
    cond = [{"type": "Ready", "status": "True", "lastTransitionTime": iso(ready_at)}] if ready_at else []
    obj = {"kind": "Pod", "metadata": {"namespace": "e2e", "name": f"{cr}-{uid}", "uid": uid,
                                       "labels": {"k6_cr": cr, "runner": "true"}},
           "status": {"conditions": cond}}
    return {"t": t, "obj": stalls.slim(obj)}


class ReportTest(unittest.TestCase):
    def test_a_start_within_ten_seconds_is_no_stall_and_a_late_one_is(self):
        trs = [testrun(T0, "a", "load-1", "created"), testrun(T0 + 6, "a", "load-1", "started"),
               testrun(T0 + 10, "b", "load-2", "created"), testrun(T0 + 80, "b", "load-2", "started")]
        pods = [runner(T0 + 4, "p1", "load-1", T0 + 4), runner(T0 + 14, "p2", "load-2", T0 + 14)]
        rows = dict((n, (w, s)) for n, w, s in stalls.analyse(trs, pods))
        self.assertEqual(rows["e2e/load-1"], (2.0, "started"))
        self.assertEqual(rows["e2e/load-2"], (66.0, "started"))

    def test_a_testrun_deleted_while_its_ready_runners_wait_is_a_stall(self):
        trs = [testrun(T0, "a", "load-1", "created"), testrun(T0 + 40, "a", "load-1", "created", deleting=True),
               testrun(T0 + 41, "c", "load-1", "created"), testrun(T0 + 45, "c", "load-1", "started")]
        pods = [runner(T0 + 5, "p1", "load-1", T0 + 5), runner(T0 + 43, "p3", "load-1", T0 + 43)]
        rows = stalls.analyse(trs, pods)
        self.assertEqual(rows[0], ("e2e/load-1", 35.0, "never started"))
        self.assertEqual(rows[1], ("e2e/load-1", 2.0, "started"))

    def test_a_testrun_created_again_ends_the_earlier_one_when_no_deletion_was_seen(self):
        # make e2e of 2026-11-27 10:05: runner Ready 10:05:20, the TestRun created again at 10:05:54
        trs = [testrun(T0, "a", "load-2", "created"), testrun(T0 + 49, "c", "load-2", "created"),
               testrun(T0 + 55, "c", "load-2", "started")]
        pods = [runner(T0 + 15, "p1", "load-2", T0 + 15), runner(T0 + 53, "p2", "load-2", T0 + 53)]
        self.assertEqual(stalls.analyse(trs, pods), [("e2e/load-2", 34.0, "never started"),
                                                     ("e2e/load-2", 2.0, "started")])

    def test_two_runners_count_from_the_later_ready(self):
        trs = [testrun(T0, "a", "load-1", "created", parallelism=2), testrun(T0 + 30, "a", "load-1", "started", 2)]
        pods = [runner(T0 + 5, "p1", "load-1", T0 + 5), runner(T0 + 25, "p2", "load-1", T0 + 25)]
        self.assertEqual(stalls.analyse(trs, pods), [("e2e/load-1", 5.0, "started")])
        one = stalls.analyse(trs, pods[:1])
        self.assertEqual(one, [("e2e/load-1", None, "runners never all Ready")])
        # a TestRun that never started while its runners were never all Ready stalled before them
        never = stalls.analyse(trs[:1], pods[:1])
        self.assertEqual(never, [("e2e/load-1", None, "runners never all Ready, never started")])

    def test_the_report_line_counts_every_testrun(self):
        with tempfile.TemporaryDirectory() as d:
            trs = [testrun(T0, "a", "x", "created"), testrun(T0 + 3, "a", "x", "started"),
                   testrun(T0, "b", "y", "created"), testrun(T0 + 60, "b", "y", "finished")]
            pods = [runner(T0 + 1, "p1", "x", T0 + 1), runner(T0 + 2, "p2", "y", T0 + 2)]
            Path(d, stalls.TESTRUNS).write_text("".join(json.dumps(r) + "\n" for r in trs))
            Path(d, stalls.RUNNERS).write_text("".join(json.dumps(r) + "\n" for r in pods))
            done = subprocess.run([sys.executable, str(SCRIPT), "report", "--out", d], capture_output=True,
                                  text=True)
            self.assertTrue(done.stdout.startswith("TestRun start stalls: 1 of 2 TestRuns"), done.stdout)
            # a stall fails the report, so the e2e that runs it fails
            self.assertEqual(done.returncode, 1)
            Path(d, stalls.TESTRUNS).write_text("".join(json.dumps(r) + "\n" for r in trs[:2]))
            clean = subprocess.run([sys.executable, str(SCRIPT), "report", "--out", d], capture_output=True,
                                   text=True)
            self.assertEqual((clean.returncode, clean.stdout.split(" (")[0]), (0, "TestRun start stalls: 0 of 1 TestRuns"))

    def test_a_testrun_never_started_before_its_runners_were_ready_is_a_stall(self):
        with tempfile.TemporaryDirectory() as d:
            Path(d, stalls.TESTRUNS).write_text(json.dumps(testrun(T0, "a", "x", "created")) + "\n")
            Path(d, stalls.RUNNERS).write_text("")
            done = subprocess.run([sys.executable, str(SCRIPT), "report", "--out", d], capture_output=True,
                                  text=True)
            self.assertEqual(done.returncode, 1)
            self.assertTrue(done.stdout.startswith("TestRun start stalls: 1 of 1 TestRuns"), done.stdout)


if __name__ == "__main__":
    unittest.main()
