#!/usr/bin/env bash
# Renders charts/vtbench with `helm template` in three configurations and checks the manifests
# with plain python3: restricted securityContext on every workload container, requests = limits,
# probes, least-privilege RBAC (no secrets, no '*', the expected rules only, a comment above
# every rule), the monitoring objects (ServiceMonitors, PodMonitor, Grafana dashboard whose JSON
# is checked panel by panel) only when enabled, a Role + RoleBinding per watched namespace (the
# release namespace by default; ChartRbacIT covers rbac.clusterWide).
# Then checks examples/*.yaml and examples/gate/*.yaml against the CRD (hack/examples-check.py)
# and that examples/gate's kustomization renders the baseline ConfigMap its run names. One line per check; exits
# 1 on any failure.
#
# Usage: hack/chart-test.sh [--out DIR] [-h|--help]
#   --out DIR   also keep the rendered manifests there (CRD included), one file per
#               configuration: default.yaml, watch-namespaces.yaml (namespaces a and b must
#               exist before applying it), monitoring.yaml and monitoring-namespaces.yaml (need
#               the prometheus-operator CRDs; the latter watches namespaces a and b). All render
#               the release "vtbench" into namespace vtbench-system.
# Environment: HELM (default: ~/.cache/vtbench/bin/helm, else helm on PATH; hack/kube-tools.sh
#   helm builds it), PYTHON (default: a python3 with PyYAML).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
chart=$root/charts/vtbench
release=vtbench
namespace=vtbench-system

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; }
die() { echo "chart-test.sh: $*" >&2; exit 2; }

out=""
while [ $# -gt 0 ]; do
  case $1 in
    --out) [ $# -ge 2 ] || die "--out needs a directory"; out=$2; shift 2 ;;
    --out=*) out=${1#--out=}; shift ;;
    -h | --help) usage; exit 0 ;;
    *) die "unknown argument '$1' (see --help)" ;;
  esac
done

helm=${HELM:-}
if [ -z "$helm" ]; then
  if [ -x "${VTBENCH_CACHE:-$HOME/.cache/vtbench}/bin/helm" ]; then
    helm=${VTBENCH_CACHE:-$HOME/.cache/vtbench}/bin/helm
  elif command -v helm >/dev/null 2>&1; then
    helm=$(command -v helm)
  else
    die "helm not found: run hack/kube-tools.sh helm (or set HELM)"
  fi
fi
python=${PYTHON:-}
if [ -z "$python" ]; then
  for p in python3 /usr/bin/python3; do
    if command -v "$p" >/dev/null 2>&1 && "$p" -c 'import yaml' 2>/dev/null; then python=$p; break; fi
  done
  [ -n "$python" ] || die "needs python3 with PyYAML (apt-get install python3-yaml)"
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
dir=${out:-$work/rendered}
mkdir -p "$dir"
failed=0
ok() { printf 'ok   %s\n' "$*"; }
fail() { printf 'FAIL %s\n' "$*"; failed=1; }

# The chart's CRD is a symlink to the generated one, so the two can never drift.
crd=benchmarkruns.vtbench.dev-v1.yml
link=$chart/crds/$crd
if [ -L "$link" ] && [ "$(readlink "$link")" = "../../../crds/$crd" ] && cmp -s "$link" "$root/crds/$crd"; then
  ok "chart crds/$crd is a relative symlink to crds/$crd"
else
  fail "chart crds/$crd must be a symlink to ../../../crds/$crd"
fi

if "$helm" lint "$chart" >"$work/lint.log" 2>&1; then
  ok "helm lint charts/vtbench ($("$helm" version --template '{{.Version}}'))"
else
  fail "helm lint charts/vtbench:"; sed 's/^/       /' "$work/lint.log"
fi

render() { # name, extra helm args...
  local name=$1; shift
  if "$helm" template "$release" "$chart" --namespace "$namespace" --include-crds "$@" \
    >"$dir/$name.yaml" 2>"$work/$name.err"; then
    ok "helm template $name${*:+ ($*)}: $(grep -c '^kind:' "$dir/$name.yaml") objects -> $dir/$name.yaml"
  else
    fail "helm template $name:"; sed 's/^/       /' "$work/$name.err"
  fi
}
render default
render watch-namespaces --set 'watchNamespaces={a,b}'
render monitoring --set monitoring.enabled=true --set monitoring.labels.release=prom
render monitoring-namespaces --set monitoring.enabled=true --set monitoring.labels.release=prom \
  --set 'watchNamespaces={a,b}' --set monitoring.serviceMonitors.stub.enabled=false \
  --set monitoring.dashboards.namespace=grafana
# The values the monitoring section replaced fail the render with a message naming the new ones.
if "$helm" template "$release" "$chart" --set serviceMonitor.enabled=true >/dev/null 2>"$work/moved.err"; then
  fail "serviceMonitor.enabled=true (moved to monitoring.*) still renders"
elif grep -q "serviceMonitor.\* moved: set monitoring.enabled=true" "$work/moved.err"; then
  ok "serviceMonitor.* (moved to monitoring.*) fails the render, naming monitoring.enabled"
else
  fail "serviceMonitor.enabled=true fails, but not with the 'moved' message:"; sed 's/^/       /' "$work/moved.err"
fi
if "$helm" template "$release" "$chart" --namespace "$namespace" --include-crds --set serviceMonitor.enabled=false \
  >"$work/old-off.yaml" 2>/dev/null && cmp -s "$work/old-off.yaml" "$dir/default.yaml"; then
  ok "an old values file with serviceMonitor.enabled=false renders like the defaults"
else
  fail "serviceMonitor.enabled=false (an old values file) does not render like the defaults"
fi
# The comma-separated form of watchNamespaces must render exactly like the list.
if "$helm" template "$release" "$chart" --namespace "$namespace" --include-crds \
  --set-string 'watchNamespaces=a\, b' >"$work/string.yaml" 2>/dev/null \
  && cmp -s "$work/string.yaml" "$dir/watch-namespaces.yaml"; then
  ok "watchNamespaces as the string \"a, b\" renders like the list [a, b]"
else
  fail "watchNamespaces as a comma-separated string renders differently from the list"
fi
[ "$failed" = 0 ] || { echo "FAIL rendering failed; manifest checks skipped"; exit 1; }

"$python" - "$dir" "$chart" "$root/crds/$crd" "$release" "$namespace" <<'PY' || failed=1
import pathlib, re, sys
import yaml

out, chart, crd_file, release, namespace = sys.argv[1:]
out, chart = pathlib.Path(out), pathlib.Path(chart)
failures = 0

def report(good, text):
    global failures
    print(("ok   " if good else "FAIL ") + text)
    failures += 0 if good else 1

# What the operator may do, per (apiGroup, resource): the chart must grant exactly this.
EXPECTED = {
    ("vtbench.dev", "benchmarkruns"): {"get", "list", "watch", "patch", "update"},
    ("vtbench.dev", "benchmarkruns/status"): {"get", "patch", "update"},
    ("vtbench.dev", "benchmarkruns/finalizers"): {"update"},
    ("", "configmaps"): {"get", "list", "watch", "create", "update", "patch", "delete", "deletecollection"},
    ("", "services"): {"get", "list", "watch", "create", "patch", "delete", "deletecollection"},
    ("", "pods"): {"get", "list", "watch"},
    ("", "events"): {"create", "patch"},
    ("events.k8s.io", "events"): {"create", "patch"},
    ("networking.k8s.io", "networkpolicies"): {"get", "list", "create", "patch", "delete", "deletecollection"},
    ("apps", "deployments"): {"get", "list", "watch", "create", "patch", "delete", "deletecollection"},
    ("batch", "jobs"): {"get", "list", "watch", "create", "patch", "delete", "deletecollection"},
    ("postgresql.cnpg.io", "clusters"): {"get", "list", "watch", "create", "patch", "delete", "deletecollection"},
    ("k6.io", "testruns"): {"get", "list", "watch", "create", "patch", "delete", "deletecollection"},
}
LEASE = {("coordination.k8s.io", "leases"): {"get", "create", "update", "patch"}}
WORKLOADS = {"Deployment", "StatefulSet", "DaemonSet", "Job", "CronJob", "Pod", "ReplicaSet"}

def grants(role):
    g = {}
    for rule in role.get("rules") or []:
        for group in rule.get("apiGroups") or []:
            for res in rule.get("resources") or []:
                g.setdefault((group, res), set()).update(rule.get("verbs") or [])
    return g

def pod_spec(obj):
    spec = obj.get("spec", {})
    if obj["kind"] == "Pod":
        return spec
    if obj["kind"] == "CronJob":
        return spec["jobTemplate"]["spec"]["template"]["spec"]
    return spec["template"]["spec"]

def rules_commented(text, where):
    """Every RBAC rule (a '- apiGroups:' item) needs a comment on the line above it."""
    lines = text.splitlines()
    rules = [i for i, l in enumerate(lines) if re.match(r"\s*- apiGroups:", l)]
    bare = [i + 1 for i in rules if i == 0 or not lines[i - 1].strip().startswith("#")]
    report(rules and not bare, f"{where}: {len(rules)} RBAC rules, each with a comment line above it"
           + (f"; rules without one at lines {bare}" if bare else ""))

for tpl in sorted((chart / "templates").glob("*")):
    if "apiGroups:" in tpl.read_text():
        rules_commented(tpl.read_text(), f"template {tpl.name}")

def check_dashboard(text, p):
    """The Grafana dashboard parses; every panel queries Prometheus through the datasource variable
    with at least one expression; every variable an expression uses is defined."""
    import json
    try:
        dash = json.loads(text)
    except ValueError as e:
        report(False, f"{p} dashboard JSON parses: {e}")
        return
    variables = {v["name"] for v in dash.get("templating", {}).get("list", [])}
    report({"datasource", "namespace", "run", "scenario"} <= variables, f"{p} dashboard variables {sorted(variables)}")
    panels = [x for x in dash.get("panels", []) if x.get("type") != "row"]
    ids = [x.get("id") for x in dash.get("panels", [])]
    report(len(ids) == len(set(ids)) and dash.get("uid") == "vtbench", f"{p} dashboard uid vtbench, {len(ids)} unique panel ids")
    bad = []
    used = set()
    for x in panels:
        targets = x.get("targets") or []
        exprs = [t.get("expr", "").strip() for t in targets]
        if (x.get("datasource") or {}).get("uid") != "${datasource}" or not targets or not all(exprs) \
                or any((t.get("datasource") or {}).get("uid") != "${datasource}" for t in targets):
            bad.append(x.get("title"))
        for e in exprs:
            if e.count("(") != e.count(")") or e.count("{") != e.count("}"):
                bad.append(f"{x.get('title')}: unbalanced {e}")
            used.update(re.findall(r"\$\{?([a-z_]+)", e))
    used -= {"__rate_interval"}
    report(len(panels) >= 8 and not bad, f"{p} dashboard: {len(panels)} panels, each with the datasource variable and a target with an expression" + (f"; not: {bad}" if bad else ""))
    report(used <= variables, f"{p} dashboard expressions use only defined variables {sorted(used)}" + (f"; undefined {sorted(used - variables)}" if not used <= variables else ""))
    titles = " ".join(x.get("title", "") for x in panels).lower()
    report(all(w in titles for w in ("requests per second", "latency", "hikari", "threads", "cpu")),
           f"{p} dashboard covers throughput, latency, Hikari, threads and CPU")

crd_source = yaml.safe_load(pathlib.Path(crd_file).read_text())
configs = {"default": [namespace], "watch-namespaces": ["a", "b"], "monitoring": [namespace], "monitoring-namespaces": ["a", "b"]}
for name, watched in configs.items():
    text = (out / f"{name}.yaml").read_text()
    docs = [d for d in yaml.safe_load_all(text) if d]
    by_kind = {}
    for d in docs:
        by_kind.setdefault(d["kind"], []).append(d)
    p = f"{name}:"
    rules_commented(text, f"{name} rendered")

    crds = by_kind.get("CustomResourceDefinition", [])
    report(crds == [crd_source], f"{p} the CRD is crds/{pathlib.Path(crd_file).name}, unchanged")

    # Workloads: the restricted Pod Security Standard, resources, probes.
    workloads = [d for d in docs if d["kind"] in WORKLOADS]
    report(len(workloads) == 1 and workloads[0]["kind"] == "Deployment", f"{p} one workload, the operator Deployment")
    for w in workloads:
        ps = pod_spec(w)
        psc = ps.get("securityContext") or {}
        report(ps.get("automountServiceAccountToken") is True and bool(ps.get("serviceAccountName")),
               f"{p} {w['kind']}/{w['metadata']['name']}: serviceAccountName {ps.get('serviceAccountName')}, token mounted")
        sas = [s["metadata"]["name"] for s in by_kind.get("ServiceAccount", [])]
        report(ps.get("serviceAccountName") in sas, f"{p} its ServiceAccount is rendered too")
        mounts_tmp = {v["name"] for v in ps.get("volumes") or [] if "emptyDir" in v}
        for c in (ps.get("initContainers") or []) + ps.get("containers", []):
            where = f"{p} {w['kind']}/{w['metadata']['name']} container {c['name']}"
            sc = c.get("securityContext") or {}
            eff = lambda k: sc.get(k, psc.get(k))
            problems = []
            if eff("runAsNonRoot") is not True: problems.append("runAsNonRoot")
            if eff("runAsUser") != 65532: problems.append("runAsUser 65532")
            if sc.get("allowPrivilegeEscalation") is not False: problems.append("allowPrivilegeEscalation false")
            if "ALL" not in ((sc.get("capabilities") or {}).get("drop") or []): problems.append("capabilities drop ALL")
            if (sc.get("capabilities") or {}).get("add"): problems.append("no added capabilities")
            if sc.get("readOnlyRootFilesystem") is not True: problems.append("readOnlyRootFilesystem")
            if (eff("seccompProfile") or {}).get("type") != "RuntimeDefault": problems.append("seccompProfile RuntimeDefault")
            if sc.get("privileged"): problems.append("not privileged")
            report(not problems, f"{where}: restricted securityContext (non-root 65532, no privilege escalation, "
                   f"drop ALL, read-only root, RuntimeDefault seccomp)" + (f"; missing {problems}" if problems else ""))
            tmp = [m for m in c.get("volumeMounts") or [] if m["mountPath"] == "/tmp" and m["name"] in mounts_tmp]
            report(bool(tmp), f"{where}: an emptyDir at /tmp (the root filesystem is read-only)")
            r = c.get("resources") or {}
            req, lim = r.get("requests") or {}, r.get("limits") or {}
            good = all(k in req for k in ("cpu", "memory")) and req == lim
            report(good, f"{where}: requests {req} == limits {lim}")
            probes = {k: (c.get(k) or {}).get("httpGet", {}).get("path") for k in ("livenessProbe", "readinessProbe")}
            report(probes == {"livenessProbe": "/healthz", "readinessProbe": "/readyz"},
                   f"{where}: liveness /healthz and readiness /readyz probes {probes}")
            ports = {pt.get("name"): pt.get("containerPort") for pt in c.get("ports") or []}
            report(ports.get("http") == 8080, f"{where}: port 8080 named http")
            env = {e["name"]: e for e in c.get("env") or []}
            fr = ((env.get("POD_NAMESPACE") or {}).get("valueFrom") or {}).get("fieldRef", {}).get("fieldPath")
            want = {"WATCH_NAMESPACES": ",".join(watched), "LEADER_ELECTION": "true"}
            got = {k: (env.get(k) or {}).get("value") for k in want}
            report(fr == "metadata.namespace" and got == want and "LOG_LEVEL" in env,
                   f"{where}: env POD_NAMESPACE from metadata.namespace, {got}, LOG_LEVEL")
            report(c.get("image") == "vtbench/operator:dev" and c.get("imagePullPolicy") == "IfNotPresent",
                   f"{where}: image {c.get('image')} ({c.get('imagePullPolicy')})")
        report(w["spec"].get("replicas") == 1, f"{p} {w['kind']}/{w['metadata']['name']}: 1 replica by default")

    # The metrics Service selects the operator pods.
    pod_labels = workloads[0]["spec"]["template"]["metadata"]["labels"] if workloads else {}
    svcs = by_kind.get("Service", [])
    good = len(svcs) == 1 and any(pt.get("name") == "http" and pt.get("port") == 8080 for pt in svcs[0]["spec"]["ports"]) \
        and all(pod_labels.get(k) == v for k, v in svcs[0]["spec"]["selector"].items())
    report(good, f"{p} Service port 8080 named http selecting the operator pods")

    # RBAC: least privilege.
    roles = by_kind.get("ClusterRole", []) + by_kind.get("Role", [])
    for role in roles:
        where = f"{p} {role['kind']}/{role['metadata']['name']}" + (f" in {role['metadata']['namespace']}" if role["kind"] == "Role" else "")
        flat = [(x, k) for rule in role.get("rules") or [] for k in ("apiGroups", "resources", "verbs", "resourceNames", "nonResourceURLs") for x in rule.get(k) or []]
        report(not any(x == "secrets" or x.startswith("secrets/") for x, k in flat if k == "resources"), f"{where}: no access to secrets")
        report(not any("*" in x for x, _ in flat), f"{where}: no '*' in apiGroups, resources or verbs")
    cluster_roles = by_kind.get("ClusterRole", [])
    lease_roles = [r for r in by_kind.get("Role", []) if r["metadata"]["name"].endswith("-leader-election")]
    run_roles = [r for r in by_kind.get("Role", []) if r not in lease_roles]
    if not watched:
        report(len(cluster_roles) == 1 and grants(cluster_roles[0]) == EXPECTED and not run_roles,
               f"{p} one ClusterRole granting exactly the {len(EXPECTED)} expected resource rules, no namespaced run Roles")
        crbs = by_kind.get("ClusterRoleBinding", [])
        report(len(crbs) == 1 and crbs[0]["roleRef"]["name"] == cluster_roles[0]["metadata"]["name"]
               and crbs[0]["subjects"] == [{"kind": "ServiceAccount", "name": workloads[0]["spec"]["template"]["spec"]["serviceAccountName"], "namespace": namespace}],
               f"{p} ClusterRoleBinding binds it to the operator's ServiceAccount in {namespace}")
    else:
        report(not cluster_roles and not by_kind.get("ClusterRoleBinding"), f"{p} no ClusterRole or ClusterRoleBinding")
        for ns in watched:
            r = [x for x in run_roles if x["metadata"]["namespace"] == ns]
            b = [x for x in by_kind.get("RoleBinding", []) if x["metadata"]["namespace"] == ns
                 and not x["metadata"]["name"].endswith("-leader-election")]
            good = len(r) == 1 and grants(r[0]) == EXPECTED and len(b) == 1 and b[0]["roleRef"]["kind"] == "Role" \
                and b[0]["roleRef"]["name"] == r[0]["metadata"]["name"] and b[0]["subjects"][0]["namespace"] == namespace
            report(good, f"{p} Role + RoleBinding in namespace {ns} with exactly the expected rules, bound to the ServiceAccount in {namespace}")
        report(sorted(x["metadata"]["namespace"] for x in run_roles) == sorted(watched), f"{p} run Roles only in {watched}")
    report(len(lease_roles) == 1 and lease_roles[0]["metadata"]["namespace"] == namespace and grants(lease_roles[0]) == LEASE,
           f"{p} leader election: a Role in {namespace} with leases get, create, update, patch only")

    sms = {d["metadata"]["name"]: d for d in by_kind.get("ServiceMonitor", [])}
    pms = {d["metadata"]["name"]: d for d in by_kind.get("PodMonitor", [])}
    dashboards = [d for d in by_kind.get("ConfigMap", []) if d["metadata"]["name"].endswith("-dashboard")]
    if name.startswith("monitoring"):
        full = workloads[0]["metadata"]["name"] if workloads else "?"
        tiers = ["sut"] if name == "monitoring-namespaces" else ["sut", "stub"]
        want_sms = sorted([full] + [f"{full}-{t}" for t in tiers])
        report(sorted(sms) == want_sms and sorted(pms) == [f"{full}-cnpg"],
               f"{p} ServiceMonitors {sorted(sms)} and PodMonitors {sorted(pms)} (want {want_sms} and {full}-cnpg)")
        monitors = list(sms.values()) + list(pms.values())
        report(all(m["apiVersion"] == "monitoring.coreos.com/v1" and m["metadata"]["labels"].get("release") == "prom"
                   and m["metadata"]["namespace"] == namespace for m in monitors),
               f"{p} every monitor is monitoring.coreos.com/v1 in {namespace} with the extra label release=prom")
        op = sms.get(full, {}).get("spec", {})
        ep = (op.get("endpoints") or [{}])[0]
        good = ep.get("port") == "http" and ep.get("path") == "/metrics" and ep.get("interval") == "15s" \
            and ep.get("honorLabels") is True \
            and op.get("namespaceSelector") == {"matchNames": [namespace]} \
            and all(svcs[0]["metadata"]["labels"].get(k) == v for k, v in op["selector"]["matchLabels"].items())
        report(good, f"{p} the operator's ServiceMonitor scrapes port http /metrics every 15s with honorLabels (the run gauges' namespace) and selects its Service")
        want_ns = {"matchNames": watched} if watched else {"any": True}
        for t in tiers:
            m = sms.get(f"{full}-{t}", {}).get("spec", {})
            ep = (m.get("endpoints") or [{}])[0]
            relabel = {r.get("targetLabel"): r for r in ep.get("relabelings") or []}
            good = m.get("selector", {}).get("matchLabels") == {"app.kubernetes.io/managed-by": "vtbench-operator", "app.kubernetes.io/component": t} \
                and ep.get("port") == "http" and ep.get("path") == "/actuator/prometheus" \
                and relabel.get("run", {}).get("sourceLabels") == ["__meta_kubernetes_service_label_vtbench_dev_run"] \
                and relabel.get("tier", {}).get("replacement") == t and m.get("namespaceSelector") == want_ns
            report(good, f"{p} ServiceMonitor for the {t}: the operator's {t} Services, port http /actuator/prometheus, labels run and tier, namespaces {want_ns}")
        m = pms.get(f"{full}-cnpg", {}).get("spec", {})
        ep = (m.get("podMetricsEndpoints") or [{}])[0]
        relabel = {r.get("targetLabel"): r for r in ep.get("relabelings") or []}
        good = m.get("selector", {}).get("matchLabels") == {"cnpg.io/podRole": "instance", "app.kubernetes.io/part-of": "vtbench", "app.kubernetes.io/component": "database"} \
            and ep.get("port") == "metrics" and relabel.get("run", {}).get("regex") == "(.+)-db" \
            and m.get("namespaceSelector") == want_ns
        report(good, f"{p} PodMonitor for CloudNativePG: vtbench's instance pods, port metrics, run from cnpg.io/cluster, namespaces {want_ns}")
        want_dash_ns = "grafana" if name == "monitoring-namespaces" else namespace
        report(len(dashboards) == 1 and dashboards[0]["metadata"]["labels"].get("grafana_dashboard") == "1"
               and dashboards[0]["metadata"]["namespace"] == want_dash_ns,
               f"{p} one dashboard ConfigMap in {want_dash_ns} with the sidecar label grafana_dashboard: \"1\"")
        if dashboards:
            check_dashboard(dashboards[0]["data"].get("vtbench.json", ""), p)
    else:
        report(not sms and not pms and not dashboards, f"{p} no ServiceMonitor, PodMonitor or dashboard (monitoring.enabled is false)")

sys.exit(1 if failures else 0)
PY

"$python" "$here/examples-check.py" || failed=1
"$python" "$here/examples-check.py" --examples "$here/../examples/gate" || failed=1

# examples/gate renders into the baseline ConfigMap its BenchmarkRun names, under that exact name.
if command -v kubectl >/dev/null; then
  if kubectl kustomize "$here/../examples/gate" | "$python" -c '
import sys, yaml
docs = [d for d in yaml.safe_load_all(sys.stdin) if d]
cms = {d["metadata"]["name"]: d for d in docs if d["kind"] == "ConfigMap"}
run = next(d for d in docs if d["kind"] == "BenchmarkRun")
ref = run["spec"]["thresholds"]["baseline"]["configMapRef"]
cm = cms.get(ref["name"])
sys.exit(0 if cm and cm["data"].get(ref.get("key", "matrix.csv"), "").startswith("ts_iso,thread_mode,") else 1)
'; then
    echo "ok   examples/gate: kustomize renders the ConfigMap its BenchmarkRun names, holding a matrix.csv"
  else
    echo "FAIL examples/gate: kubectl kustomize does not render the baseline ConfigMap the run names"
    failed=1
  fi
else
  echo "skip examples/gate kustomize render: no kubectl on PATH"
fi

if [ "$failed" = 0 ]; then echo "ok   chart-test: all checks passed"; else echo "FAIL chart-test: see the FAIL lines above"; fi
exit "$failed"
