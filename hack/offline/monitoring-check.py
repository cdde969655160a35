#!/usr/bin/env python3
"""The monitoring checks of hack/offline/e2e.sh: a short BenchmarkRun whose k6 writes to the live
Prometheus (hack/offline/monitoring-stack.sh), then what a Grafana user of kube-prometheus-stack
would see, asked of that Prometheus's HTTP API through the API server's service proxy:

  targets     every ServiceMonitor and PodMonitor the chart installed has an active target
              that is up, polled while the run runs (the SUT, stub and database exist only then)
  labels      each tier's series carry namespace, run and tier; the operator's
              vtbench_run_scenario carries the scenario the dashboard joins on
  histogram   k6's http_req_duration arrives as a native histogram labelled run and testid
  dashboard   every variable query and every panel expression of the chart's dashboard, with
              $namespace, $run and $scenario set to the run, returns a series over the run's
              span (a range query, as Grafana sends it); ends "N of N dashboard queries returned data"
  operator    the operator's metrics count the run as Succeeded, all its scenarios recorded

Each check prints "ok" or "FAIL"; the exit status is 1 when any failed. --reuse RUN checks a
run that already finished (on a kept cluster) instead of making one, e.g. after editing the
dashboard JSON.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import time
import urllib.parse
from datetime import datetime, timezone

PROM = "/api/v1/namespaces/monitoring/services/kube-prometheus-stack-prometheus:9090/proxy"
REMOTE_WRITE = "http://kube-prometheus-stack-prometheus.monitoring:9090/api/v1/write"
POSTGRES_UID = 26
# Grafana's $__rate_interval for a 15 s scrape interval and a 15 s step: max(4 x scrape, step + scrape).
RATE_INTERVAL = "1m"
STEP = 15
# Seconds past the run's finish the checks look: two scrape intervals (and k6 pushes every 5 s).
SETTLE = 30


class Checks:
    def __init__(self):
        self.failed = 0
        self.passed = 0

    def check(self, ok, what):
        print(("ok    " if ok else "FAIL  ") + what, flush=True)
        if ok:
            self.passed += 1
        else:
            self.failed += 1
        return ok


class Cluster:
    def __init__(self, kubectl, kubeconfig):
        self.base = [kubectl] + (["--kubeconfig", kubeconfig] if kubeconfig else [])

    def run(self, *args, stdin=None):
        p = subprocess.run(self.base + list(args), input=stdin, capture_output=True, text=True)
        if p.returncode != 0:
            raise RuntimeError(f"kubectl {' '.join(args[:4])}: {p.stderr.strip()[:400]}")
        return p.stdout

    def json(self, *args):
        return json.loads(self.run(*args, "-o", "json"))

    def prom(self, path, **params):
        query = urllib.parse.urlencode(params, doseq=True)
        body = json.loads(self.run("get", "--raw", f"{PROM}{path}?{query}" if query else f"{PROM}{path}"))
        if body.get("status") != "success":
            raise RuntimeError(f"Prometheus {path}: {body}")
        return body["data"]


def log(msg):
    print(f"{datetime.now(timezone.utc):%H:%M:%S} monitoring-check: {msg}", file=sys.stderr, flush=True)


def parse_time(ts):
    return datetime.fromisoformat(ts.replace("Z", "+00:00")).timestamp()


def run_spec(args, name):
    """examples/two-core.yaml cut to one scenario, with this cluster's images and remote write on."""
    import yaml  # PyYAML, as hack/offline/e2e-images.sh needs it too

    with open(args.spec) as f:
        run = yaml.safe_load(f)
    run["metadata"] = {"name": name, "namespace": args.namespace}
    spec = run["spec"]
    spec["matrix"]["threadModes"] = spec["matrix"]["threadModes"][-1:]
    spec["matrix"]["concurrency"] = spec["matrix"]["concurrency"][:1]
    spec["database"]["image"] = args.db_image
    spec["load"]["image"] = args.k6_image
    # Through k6-operator, as before auto chose staged Jobs for one runner: 2 of the at least 20
    # TestRuns make e2e's stall line counts (docs/e2e.md).
    spec["load"]["runner"] = "testrun"
    spec["load"]["prometheusRemoteWrite"] = {"url": REMOTE_WRITE, "nativeHistograms": True}
    return run, spec["database"].get("storage", "1Gi")


def create_volume(cluster, args, run, storage):
    """The cluster has no provisioner: a hostPath volume bound to CloudNativePG's claim (as HostPathVolume.java)."""
    claim = f"{run}-db-1"
    path = os.path.join(os.path.abspath(args.volumes), claim)
    os.makedirs(path, exist_ok=True)
    os.chown(path, POSTGRES_UID, POSTGRES_UID)
    os.chmod(path, 0o700)
    pv = {
        "apiVersion": "v1",
        "kind": "PersistentVolume",
        "metadata": {"name": f"e2e-{args.namespace}-{claim}", "labels": {"vtbench.dev/e2e": "true"}},
        "spec": {
            "capacity": {"storage": storage},
            "accessModes": ["ReadWriteOnce"],
            "persistentVolumeReclaimPolicy": "Retain",
            "storageClassName": "",
            "claimRef": {"namespace": args.namespace, "name": claim},
            "hostPath": {"path": path, "type": "Directory"},
        },
    }
    cluster.run("apply", "--server-side", "-f", "-", stdin=json.dumps(pv))


def monitor_pools(cluster, namespace):
    """prometheus-operator's scrape pool of each endpoint of each monitor in the operator's namespace."""
    pools = []
    for kind, field, prefix in (("servicemonitors", "endpoints", "serviceMonitor"),
                                ("podmonitors", "podMetricsEndpoints", "podMonitor")):
        for m in cluster.json("-n", namespace, "get", kind)["items"]:
            for i, _ in enumerate(m["spec"].get(field, [])):
                pools.append(f"{prefix}/{namespace}/{m['metadata']['name']}/{i}")
    return sorted(pools)


def targets_up(cluster, pools, namespace, run):
    """Per pool: its active targets of this run (the operator's own for the operator's monitor)."""
    active = cluster.prom("/api/v1/targets", state="active")["activeTargets"]
    return {pool: [t for t in active if t["scrapePool"] == pool and
                   (t["labels"].get("tier") == "operator" or
                    (t["labels"].get("namespace") == namespace and t["labels"].get("run") == run))]
            for pool in pools}


def follow_run(cluster, args, run, pools, checks):
    """Waits for the run to end; meanwhile polls the targets until every pool had one up."""
    deadline = time.time() + args.timeout
    up = {}
    last_phase = None
    while time.time() < deadline:
        status = cluster.json("-n", args.namespace, "get", "benchmarkrun", run).get("status") or {}
        phase = status.get("phase")
        if phase != last_phase:
            log(f"{run}: {phase} {status.get('progress', '')}")
            last_phase = phase
        if phase == "Running" and len(up) < len(pools):
            for pool, targets in targets_up(cluster, pools, args.namespace, run).items():
                if pool not in up and any(t["health"] == "up" for t in targets):
                    up[pool] = targets
        if phase in ("Succeeded", "Failed"):
            break
        time.sleep(5)
    for pool in pools:
        targets = up.get(pool)
        checks.check(targets is not None,
                     f"targets: {pool} had an active target up while the run ran"
                     + (f" ({', '.join(sorted(t['labels'].get('tier', '?') + ' ' + t['scrapeUrl'] for t in targets))})"
                        if targets else ""))
    return status


def series_of(data):
    return data["result"] if data.get("resultType") in ("vector", "matrix") else []


def regex_escape(value):
    """Grafana's escaping of a variable's value for a PromQL regex: a doubled backslash, since the
    regex sits in a PromQL string."""
    return re.sub(r"[\\^$*+?.()|\[\]{}/]", lambda m: "\\\\" + m.group(0), value)


def substitute(expr, namespace, run, scenario):
    """Grafana's interpolation of the dashboard's variables (single values, escaped for =~)."""
    values = {"namespace": regex_escape(namespace), "run": regex_escape(run), "scenario": regex_escape(scenario)}
    expr = expr.replace("$__rate_interval", RATE_INTERVAL).replace("$__interval", f"{STEP}s")
    expr = re.sub(r"\$\{(\w+)(?::\w+)?\}", lambda m: values.get(m.group(1), m.group(0)), expr)
    expr = re.sub(r"\$(\w+)", lambda m: values.get(m.group(1), m.group(0)), expr)
    return expr


def dashboard_queries(path):
    """(what, expression) of every variable query and panel target, rows and nested panels too."""
    with open(path) as f:
        dash = json.load(f)
    out = []
    for v in dash.get("templating", {}).get("list", []):
        if v.get("type") == "query":
            q = v["query"]["query"] if isinstance(v.get("query"), dict) else v.get("query")
            out.append((f"variable {v['name']}", q))

    def panels(ps):
        for p in ps:
            yield p
            yield from panels(p.get("panels", []))

    for p in panels(dash.get("panels", [])):
        for t in p.get("targets", []):
            if t.get("expr"):
                out.append((f"panel '{p.get('title')}' {t.get('refId', '')}", t["expr"]))
    return out


def label_values(cluster, query, start, end):
    """label_values(SELECTOR, LABEL) as Grafana's Prometheus data source asks it: the series API."""
    m = re.fullmatch(r"\s*label_values\((.*),\s*(\w+)\)\s*", query, re.S)
    if not m:
        raise RuntimeError(f"not a label_values query: {query}")
    data = cluster.prom("/api/v1/series", **{"match[]": m.group(1), "start": start, "end": end})
    return sorted({s[m.group(2)] for s in data if m.group(2) in s})


def check_dashboard(cluster, args, run, start, end, checks):
    queries = dashboard_queries(args.dashboard)
    scenarios = label_values(cluster, f'label_values(k6_http_reqs_total{{namespace="{args.namespace}", run="{run}", phase="hold"}}, testid)', start, end)
    scenario = scenarios[0] if scenarios else "none"
    log(f"dashboard variables: namespace={args.namespace} run={run} scenario={scenario} (of {scenarios}), {STEP} s steps over {int(end - start)} s")
    answered = 0
    for what, expr in queries:
        q = substitute(expr, args.namespace, run, scenario)
        try:
            if what.startswith("variable "):
                values = label_values(cluster, q, start, end)
                want = {"variable namespace": args.namespace, "variable run": run, "variable scenario": scenario}.get(what)
                ok = (want in values) if want else bool(values)
                detail = f"values {values}"
            else:
                result = series_of(cluster.prom("/api/v1/query_range", query=q, start=start, end=end, step=STEP))
                ok = bool(result)
                detail = f"{len(result)} series" + (f", e.g. {result[0]['metric']}" if result else f": {q}")
        except RuntimeError as e:
            ok, detail = False, str(e)
        answered += ok
        checks.check(ok, f"dashboard: {what}: {detail}")
    checks.check(answered == len(queries), f"{answered} of {len(queries)} dashboard queries returned data")


def check_labels(cluster, args, run, start, end, checks):
    sel = f'namespace="{args.namespace}", run="{run}"'
    for tier, metric in (("sut", "jvm_threads_live_threads"), ("stub", "jvm_threads_live_threads"),
                         ("database", "cnpg_backends_total"), ("operator", "vtbench_run_scenarios_planned")):
        result = series_of(cluster.prom("/api/v1/query", query=f'count by (namespace, run, tier) (last_over_time({metric}{{{sel}, tier="{tier}"}}[{int(end - start) + 60}s]))', time=end))
        checks.check(bool(result), f"labels: {metric} of tier {tier} carries namespace, run and tier"
                     + (f" {result[0]['metric']}" if result else ""))
    result = series_of(cluster.prom("/api/v1/query_range", query=f'vtbench_run_scenario{{{sel}, tier="operator"}}', start=start, end=end, step=STEP))
    scenarios = sorted({s["metric"].get("scenario", "") for s in result} - {""})
    checks.check(bool(scenarios), f"labels: the operator's vtbench_run_scenario carries the scenario the dashboard joins on: {scenarios}")


def check_histogram(cluster, args, run, start, end, checks):
    result = series_of(cluster.prom("/api/v1/query_range", query=f'k6_http_req_duration_seconds{{namespace="{args.namespace}", run="{run}"}}', start=start, end=end, step=STEP))
    native = [s for s in result if s.get("histograms")]
    labelled = [s for s in native if s["metric"].get("run") == run and s["metric"].get("testid")]
    checks.check(bool(labelled), f"histogram: k6_http_req_duration_seconds is a native histogram with run and testid: {len(native)} of {len(result)} series native"
                 + (f", testids {sorted({s['metric']['testid'] for s in labelled})}" if labelled else ""))
    # With nativeHistograms: false k6 sends its trend stats as gauges instead (k6_http_req_duration_p99, ...).
    gauges = series_of(cluster.prom("/api/v1/query", query=f'count(last_over_time({{__name__=~"k6_http_req_duration_(p99|max)", run="{run}"}}[1h]))', time=end))
    checks.check(not gauges, "histogram: no trend-stat gauges (k6_http_req_duration_p99, _max) beside it")


def check_operator(cluster, args, run, status, start, end, checks):
    sel = f'namespace="{args.namespace}", run="{run}"'
    planned = status.get("scenariosTotal")
    # Over this run's own lifetime, the most of any series: a run of the same name in an earlier e2e
    # on a kept cluster, or an operator pod restarted meanwhile, leaves series of its own (make e2e
    # of 2026-11-27 10:33 read the 0 of the previous e2e's failed run first: "0 of 1").
    window = f"{int(end - start) + 1}s"
    done = series_of(cluster.prom("/api/v1/query", query=f"max(max_over_time(vtbench_run_scenarios_done{{{sel}}}[{window}]))", time=end))
    value = int(float(done[0]["value"][1])) if done else None
    checks.check(value is not None and value == planned, f"operator: vtbench_run_scenarios_done reached {value} of {planned} planned")
    # The run gauges are read at each scrape: Succeeded must count one more run than while the run
    # ran. The fewest over its span, not the value when it was made: that is the last scrape
    # before, which in make e2e still counted JobRunE2E's run, deleted just before (live: "1 when
    # it was made, 1.0 now").
    succeeded = 'sum(vtbench_runs{phase="Succeeded", tier="operator"})'
    finished = parse_time(status["finishedAt"]) if status.get("finishedAt") else end
    ran = series_of(cluster.prom("/api/v1/query_range", query=f"{succeeded} or vector(0)", start=start, end=finished, step=STEP))
    before = min(float(v) for _, v in ran[0]["values"])
    deadline = time.time() + 60
    while True:
        after = series_of(cluster.prom("/api/v1/query", query=succeeded))
        after = float(after[0]["value"][1]) if after else None
        if (after is not None and after > before) or time.time() > deadline:
            break
        time.sleep(5)
    checks.check(after is not None and after > before, f"operator: vtbench_runs{{phase=\"Succeeded\"}} counts the run: {before:g} while it ran, {after} now")
    recs = series_of(cluster.prom("/api/v1/query", query='sum(operator_sdk_reconciliations_started_total{tier="operator"})'))
    checks.check(bool(recs) and float(recs[0]["value"][1]) > 0, "operator: java-operator-sdk's reconciliations counted"
                 + (f" ({recs[0]['value'][1]})" if recs else ""))


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    env = os.environ.get
    p.add_argument("--kubectl", default=env("KUBECTL_BIN", "kubectl"))
    p.add_argument("--kubeconfig", default=env("VTBENCH_E2E_KUBECONFIG"))
    p.add_argument("--namespace", default=env("VTBENCH_E2E_NAMESPACE", "vtbench-e2e"))
    p.add_argument("--operator-namespace", default=env("VTBENCH_E2E_OPERATOR_NAMESPACE", "vtbench-system"))
    p.add_argument("--spec", default=env("VTBENCH_E2E_SPEC", "examples/two-core.yaml"))
    p.add_argument("--db-image", default=env("VTBENCH_E2E_DB_IMAGE", "vtbench/postgresql:15"))
    p.add_argument("--k6-image", default=env("VTBENCH_E2E_K6_IMAGE", "vtbench/k6:1.8.1"))
    p.add_argument("--volumes", default=env("VTBENCH_E2E_VOLUMES", os.path.expanduser("~/.cache/vtbench/cluster/e2e-volumes")))
    p.add_argument("--dashboard", default=os.path.join(os.path.dirname(__file__), "../../charts/vtbench/dashboards/vtbench.json"))
    p.add_argument("--run", default="monitoring")
    p.add_argument("--reuse", action="store_true", help="check the finished run --run instead of making it")
    p.add_argument("--timeout", type=int, default=int(env("VTBENCH_E2E_RUN_TIMEOUT", "900")))
    args = p.parse_args()
    cluster = Cluster(args.kubectl, args.kubeconfig)
    checks = Checks()
    run = args.run
    pools = monitor_pools(cluster, args.operator_namespace)
    checks.check(len(pools) > 0, f"the chart installed {len(pools)} monitor endpoints in {args.operator_namespace}: {pools}")
    if not args.reuse:
        resource, storage = run_spec(args, run)
        create_volume(cluster, args, run, storage)
        cluster.run("apply", "-f", "-", stdin=json.dumps(resource))
        log(f"applied {run}: one scenario, k6 remote write to {REMOTE_WRITE}")
        status = follow_run(cluster, args, run, pools, checks)
    else:
        log("--reuse: no target checks (the run's targets are gone with its pods)")
        status = cluster.json("-n", args.namespace, "get", "benchmarkrun", run).get("status") or {}
    checks.check(status.get("phase") == "Succeeded", f"run {run} Succeeded ({status.get('phase')}: {status.get('progress', '')})")
    created = cluster.json("-n", args.namespace, "get", "benchmarkrun", run)["metadata"]["creationTimestamp"]
    start = parse_time(created)
    finished = parse_time(status["finishedAt"]) if status.get("finishedAt") else time.time()
    # The window a Grafana user looks at once the run is over: it reaches two scrape intervals past
    # the finish. Ending it at the finish lost the run's last seconds: a range query's last step
    # falls up to one step before its end, and the hold phase of a short scenario is over in ~15 s,
    # so rate() over the hold found one sample (live run: the k6 panels were empty); the operator's
    # gauges, too, show the finished run only from the next scrape on.
    end = finished + SETTLE
    time.sleep(max(0, end - time.time()))
    check_labels(cluster, args, run, start, end, checks)
    check_histogram(cluster, args, run, start, end, checks)
    check_operator(cluster, args, run, status, start, end, checks)
    check_dashboard(cluster, args, run, start, end, checks)
    print(f"monitoring: {checks.passed} ok, {checks.failed} FAIL", flush=True)
    return 1 if checks.failed else 0


if __name__ == "__main__":
    sys.exit(main())
