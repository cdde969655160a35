#!/usr/bin/env python3
"""Checks every examples/*.yaml against the committed BenchmarkRun CRD, without a cluster.

For each file: it parses as YAML (one document), apiVersion/kind are BenchmarkRun's,
metadata.name is a valid run name equal to the file name, and every spec key exists in the CRD's
schema with the right type, pattern, length and bounds. The CRD's CEL rules are evaluated for the
forms it uses (enums, durations, whole CPUs while pinned, a Burstable load only while unpinned,
positive distinct lists); like the API server, a rule that reads a field the object leaves out
(e.g. `pinned`) fails. It also checks that examples/README.md's table lists every example. Prints
one line per file; exits 1 on a problem.

Usage: hack/examples-check.py [--crd FILE] [--examples DIR]
Needs python3 with PyYAML (Debian: python3-yaml).
"""
import argparse
import pathlib
import re
import sys

try:
    import yaml
except ImportError:
    sys.exit("examples-check: needs PyYAML (apt-get install python3-yaml, or pip install pyyaml)")

ROOT = pathlib.Path(__file__).resolve().parent.parent
NAME = re.compile(r"^[a-z]([-a-z0-9]{0,32}[a-z0-9])?$")  # as SpecRules.RUN_NAME: at most 34
DURATION = re.compile(r"(\d+)(ms|s|m|h)")
UNIT_MS = {"ms": 1, "s": 1000, "m": 60_000, "h": 3_600_000}


class Missing(Exception):
    """A CEL rule read a field the object does not set: the API server's 'no such key'."""


def duration_ms(text):
    return sum(int(n) * UNIT_MS[u] for n, u in DURATION.findall(text))


def type_ok(value, kind):
    if kind == "string":
        return isinstance(value, str)
    if kind == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if kind == "boolean":
        return isinstance(value, bool)
    if kind == "object":
        return isinstance(value, dict)
    if kind == "array":
        return isinstance(value, list)
    return True


def get(obj, key):
    if not isinstance(obj, dict) or key not in obj:
        raise Missing(key)
    return obj[key]


def cel(rule, value):
    """Evaluates the CEL rule forms the CRD uses. Returns True/False, or None when unknown."""
    rule = " ".join(rule.split())
    if rule == "self == oldSelf":
        return True  # a transition rule: nothing to compare on create
    m = re.fullmatch(r"self in \[(.*)\]", rule)
    if m:
        return value in re.findall(r"'([^']*)'", m.group(1))
    # a value that needs a boolean false beside it: spec.load.qos Burstable only while unpinned
    m = re.fullmatch(r"!has\(self\.(\w+)\) \|\| self\.\1 != '([^']*)' \|\| \(has\(self\.(\w+)\) && !self\.\3\)", rule)
    if m:
        if not isinstance(value, dict) or value.get(m.group(1)) != m.group(2):
            return True
        return value.get(m.group(3)) is False
    m = re.fullmatch(r"duration\(self\) > duration\('0s'\)", rule)
    if m:
        return duration_ms(value) > 0
    m = re.fullmatch(r"!self\.(\w+) \|\| self\.(\w+)\.matches\('(.*)'\)", rule)
    if m:
        if not get(value, m.group(1)):
            return True
        return re.search(m.group(3), str(get(value, m.group(2)))) is not None
    m = re.fullmatch(
        r"self\.all\((\w), \1 (>|in) (0|\[.*\])\) && self\.all\((\w), self\.exists_one\((\w), \5 == \4\)\)",
        rule,
    )
    if m:
        op, arg = m.group(2), m.group(3)
        if op == ">":
            each = all(v > 0 for v in value)
        else:
            each = all(v in re.findall(r"'([^']*)'", arg) for v in value)
        return each and len(set(map(str, value))) == len(value)
    m = re.fullmatch(
        r"self\.all\((\w), \1\.matches\('(.*)'\)\) && self\.all\((\w), self\.exists_one\((\w), \4 == \3\)\)",
        rule,
    )
    if m:
        return all(re.search(m.group(2), v) is not None for v in value) and len(set(value)) == len(value)
    return None


def check(value, schema, path, errors, notes):
    kind = schema.get("type")
    if kind and not type_ok(value, kind):
        errors.append(f"{path}: {value!r} must be of type {kind}")
        return
    if isinstance(value, str):
        if "pattern" in schema and not re.search(schema["pattern"], value):
            errors.append(f"{path}: {value!r} does not match {schema['pattern']}")
        if len(value) > schema.get("maxLength", 1 << 30) or len(value) < schema.get("minLength", 0):
            errors.append(f"{path}: {value!r} has a length outside the CRD's limits")
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        # float(): PyYAML (YAML 1.1) reads the CRD's "maximum: 1.0E7" as a string.
        if value < float(schema.get("minimum", "-inf")) or value > float(schema.get("maximum", "inf")):
            errors.append(f"{path}: {value} is outside [{schema.get('minimum')}, {schema.get('maximum')}]")
    if isinstance(value, list):
        if len(value) < schema.get("minItems", 0) or len(value) > schema.get("maxItems", 1 << 30):
            errors.append(f"{path}: {len(value)} items, outside the CRD's limits")
        for i, item in enumerate(value):
            check(item, schema.get("items", {}), f"{path}[{i}]", errors, notes)
    if isinstance(value, dict):
        if len(value) > schema.get("maxProperties", 1 << 30):
            errors.append(f"{path}: more than {schema['maxProperties']} entries")
        props = schema.get("properties")
        for key, sub in value.items():
            if props is not None:
                if key not in props:
                    errors.append(f"{path}.{key}: unknown field; the CRD knows {sorted(props)}")
                    continue
                check(sub, props[key], f"{path}.{key}", errors, notes)
            elif isinstance(schema.get("additionalProperties"), dict):
                check(sub, schema["additionalProperties"], f"{path}.{key}", errors, notes)
        notes["fields"] += len(value)
    for v in schema.get("x-kubernetes-validations", []):
        try:
            ok = cel(v["rule"], value)
        except Missing as e:
            errors.append(f"{path}: no such key: {e} evaluating rule '{v['rule']}' (the API server rejects this; set it)")
            continue
        if ok is None:
            notes["skipped"].add(v["rule"])
        elif not ok:
            field = path + v.get("fieldPath", "")
            errors.append(f"{field}: {v['message']}")
        else:
            notes["rules"] += 1


def scenarios(spec):
    m = spec.get("matrix", {})
    try:
        return (
            len(m["threadModes"])
            * len(m["hikariPoolSizes"])
            * len(m["concurrency"])
            * m["repetitions"]
            * len(m.get("jvmOptions", [""]))
            * len(m.get("builds", [None]))
        )
    except (KeyError, TypeError):
        return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--crd", default=str(ROOT / "crds/benchmarkruns.vtbench.dev-v1.yml"))
    ap.add_argument("--examples", default=str(ROOT / "examples"))
    args = ap.parse_args()

    crd = yaml.safe_load(pathlib.Path(args.crd).read_text())
    group = crd["spec"]["group"]
    version = next(v for v in crd["spec"]["versions"] if v.get("storage"))
    api_version = f"{group}/{version['name']}"
    kind = crd["spec"]["names"]["kind"]
    spec_schema = version["schema"]["openAPIV3Schema"]["properties"]["spec"]

    examples = pathlib.Path(args.examples)
    files = sorted(examples.glob("*.yaml")) + sorted(examples.glob("*.yml"))
    # A kustomization next to the runs (examples/gate) is kustomize's, not a BenchmarkRun.
    files = [f for f in files if f.name not in ("kustomization.yaml", "kustomization.yml")]
    failed = 0
    skipped = set()
    if not files:
        print(f"FAIL {examples}: no examples found")
        return 1
    readme = examples / "README.md"
    readme_text = readme.read_text() if readme.exists() else ""
    for f in files:
        rel = f.relative_to(ROOT) if f.is_relative_to(ROOT) else f
        errors, notes = [], {"fields": 0, "rules": 0, "skipped": set()}
        try:
            docs = [d for d in yaml.safe_load_all(f.read_text()) if d is not None]
        except yaml.YAMLError as e:
            print(f"FAIL {rel}: not YAML: {e}")
            failed += 1
            continue
        if len(docs) != 1 or not isinstance(docs[0], dict):
            errors.append(f"holds {len(docs)} documents; one BenchmarkRun per file")
        else:
            run = docs[0]
            if run.get("apiVersion") != api_version:
                errors.append(f"apiVersion: {run.get('apiVersion')!r} must be {api_version}")
            if run.get("kind") != kind:
                errors.append(f"kind: {run.get('kind')!r} must be {kind}")
            name = (run.get("metadata") or {}).get("name")
            if not isinstance(name, str) or not NAME.match(name):
                errors.append(f"metadata.name: {name!r} must start with a letter, then lower-case letters, digits and '-', at most 34")
            elif name != f.stem:
                errors.append(f"metadata.name: {name!r} should equal the file name {f.stem!r}")
            unknown_top = set(run) - {"apiVersion", "kind", "metadata", "spec"}
            if unknown_top:
                errors.append(f"unknown top-level keys {sorted(unknown_top)}")
            if not isinstance(run.get("spec"), dict):
                errors.append("spec: required")
            else:
                check(run["spec"], spec_schema, "spec", errors, notes)
        if f"`{f.name}`" not in readme_text:
            errors.append(f"not listed in {readme.relative_to(ROOT) if readme.is_relative_to(ROOT) else readme}")
        skipped |= notes["skipped"]
        if errors:
            failed += 1
            print(f"FAIL {rel}:")
            for e in errors:
                print(f"       {e}")
        else:
            n = scenarios(docs[0]["spec"])
            print(
                f"ok   {rel}: {kind} {docs[0]['metadata']['name']}, {notes['fields']} keys and "
                f"{notes['rules']} CEL rules checked against the CRD, {n} scenarios"
            )
    for rule in sorted(skipped):
        print(f"note a CEL rule this check cannot evaluate (the API server will): {rule}")
    print(f"{'ok  ' if not failed else 'FAIL'} examples: {len(files) - failed}/{len(files)} valid against {pathlib.Path(args.crd).name}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
