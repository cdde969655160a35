package dev.vtbench.operator.e2e;

import dev.vtbench.operator.Checks;
import dev.vtbench.operator.gitops.ArgoHealth;
import dev.vtbench.operator.gitops.KStatus;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Pod;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * What a finished run shows the tools that wait on it: kubectl's conditions, Flux (kstatus) and
 * Argo CD, and the operator's /metrics through its Service (the API server's service proxy, no
 * port-forward); and that the operator pod serving it never restarted by itself.
 */
final class FinishedRunChecks {

  private static final Pattern SUCCEEDED_RUNS =
      Pattern.compile("^vtbench_runs\\{phase=\"Succeeded\"} [1-9]", Pattern.MULTILINE);
  private static final Pattern RECONCILIATIONS =
      Pattern.compile("^operator_sdk_reconciliations_started_total", Pattern.MULTILINE);

  private final E2eContext e2e;

  FinishedRunChecks(E2eContext e2e) {
    this.e2e = e2e;
  }

  void check(String name) {
    Checks c = e2e.checks;
    Pod pod = e2e.operator.current().orElse(null);
    if (pod != null && OperatorPods.restarts(pod) == 0) {
      c.ok("the operator pod " + pod.getMetadata().getName() + " never restarted by itself");
    } else {
      c.fail("the operator pod restarted by itself (or none runs); " + e2e.operator.health());
    }

    GenericKubernetesResource run = e2e.run(name).get();
    c.check(
        "True".equals(E2eContext.condition(run, "Ready", "status"))
            && "False".equals(E2eContext.condition(run, "Reconciling", "status")),
        name
            + ": Ready=True and Reconciling=False (kubectl wait --for=condition=Ready and"
            + " --for=condition=Reconciling=false return at once)");
    Object generation = run.getMetadata().getGeneration();
    Object observed = run.get("status", "observedGeneration");
    c.check(
        "False".equals(E2eContext.condition(run, "Stalled", "status"))
            && Objects.equals(String.valueOf(generation), String.valueOf(observed)),
        name
            + ": Stalled is False and observedGeneration ("
            + observed
            + ") equals generation ("
            + generation
            + ")");
    Map<String, Object> asMap = e2e.asMap(run);
    KStatus.Result kstatus = KStatus.compute(asMap);
    c.check(
        KStatus.CURRENT.equals(kstatus.status()),
        name + ": kstatus (Flux) says " + kstatus.status() + " (" + kstatus.message() + ")");
    ArgoHealth.Result argo = ArgoHealth.of(asMap);
    c.check(
        "Healthy".equals(argo.status()),
        name + ": Argo CD's health check says " + argo.status() + " (" + argo.message() + ")");

    String metrics;
    try {
      metrics =
          e2e.k8s.raw(
              "/api/v1/namespaces/"
                  + e2e.settings.operatorNamespace()
                  + "/services/http:vtbench:http/proxy/metrics");
    } catch (RuntimeException e) {
      metrics = "";
      Checks.note("GET /metrics through the service proxy: " + e);
    }
    metrics = metrics == null ? "" : metrics;
    boolean counted =
        SUCCEEDED_RUNS.matcher(metrics).find() && RECONCILIATIONS.matcher(metrics).find();
    c.check(
        counted,
        "the operator's /metrics counts "
            + name
            + " as Succeeded and serves java-operator-sdk's reconciliation metrics");
    if (!counted) {
      metrics
          .lines()
          .filter(
              l ->
                  l.startsWith("vtbench_runs")
                      || l.startsWith("operator_sdk_reconciliations_started"))
          .limit(8)
          .forEach(Checks::note);
    }
  }
}
