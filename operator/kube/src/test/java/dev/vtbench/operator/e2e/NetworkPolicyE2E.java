package dev.vtbench.operator.e2e;

import dev.vtbench.operator.e2e.NetworkProbes.From;
import dev.vtbench.operator.e2e.NetworkProbes.Target;
import dev.vtbench.operator.e2e.PolicyBreaker.Tier;
import dev.vtbench.operator.e2e.ProbePairs.Probe;
import dev.vtbench.operator.resources.Labels;
import dev.vtbench.operator.resources.ResourceNames;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The run's NetworkPolicies enforced: make e2e's cluster runs kube-router's firewall
 * (hack/offline/local-cluster.sh), as a cluster whose network plugin enforces NetworkPolicy. While
 * one virtual scenario runs, pods outside the run try its tiers and the operator ({@link
 * NetworkProbes}): a pod of the run's namespace and one of an unlabelled namespace reach none of
 * the SUT, the stub and the database, nor (the latter) the operator's /metrics; a pod of a
 * namespace labelled {@code vtbench.dev/scrape=true} reaches the operator and the SUT's and the
 * stub's HTTP ports (what a scraper may), not PostgreSQL's, which the database's primary reaches.
 * Every refusal is judged against a pod the policies allow reaching the same address and port
 * ({@link ProbePairs}), so a target that is down fails instead of passing as blocked. The run's own
 * pods reach theirs: its row is recorded. With {@code VTBENCH_E2E_BREAK_POLICY=1} each tier in turn
 * is opened to anyone on purpose ({@link PolicyBreaker}), then a Service with no pods is probed:
 * every refusal check must then FAIL in its round, which shows each can.
 */
class NetworkPolicyE2E {

  @Test
  void onlyTheRunsOwnPodsReachItsTiersAndOnlyScrapersTheOperator() {
    E2eSettings settings = E2eSettings.fromEnvironment();
    boolean breakOnPurpose = "1".equals(System.getenv(PolicyBreaker.ENV));
    try (E2eContext e2e = new E2eContext(settings);
        NetworkProbes probes = new NetworkProbes(e2e)) {
      RunSpec spec = RunSpec.fromFile(e2e.k8s.getKubernetesSerialization(), settings.spec());
      String name = spec.fileName() + "-netpol";
      spec.named(name, e2e.namespace())
          .images(settings.dbImage(), settings.k6Image())
          .runner("testrun")
          .oneScenario("virtual")
          .sutWarmup("20s");
      if (breakOnPurpose) {
        // five rounds of probes need the tiers up for about four minutes
        spec.hold("300s");
      }
      PolicyBreaker breaker = new PolicyBreaker(e2e, name);
      CompletableFuture<List<Probe>> probed =
          CompletableFuture.supplyAsync(
              () -> probeWhenUp(e2e, probes, name, breakOnPurpose ? breaker : null));
      AtomicReference<List<Probe>> results = new AtomicReference<>(List.of());
      EndToEndRun.run(
          e2e,
          "netpol",
          spec,
          false,
          List.of(),
          (rows, sutPods) -> {
            e2e.checks.check(
                rows.size() == 1,
                name
                    + ": the run's own pods reached its SUT, stub and database through the"
                    + " policies: "
                    + rows.size()
                    + " row recorded");
            try {
              results.set(probed.get(10, TimeUnit.MINUTES));
            } catch (Exception e) {
              e2e.checks.fail("the probes did not run: " + e);
            }
            // before the run's deletion is checked for orphans in its namespace: the stranger and
            // what was broken on purpose
            probes.removeSameNamespace();
            breaker.removeAll();
          });
      ProbePairs.judge(results.get()).forEach(v -> e2e.checks.check(v.ok(), v.what()));
      e2e.checks.verify();
    }
  }

  /**
   * Waits for the run's first load (its tiers are up by then), then tries every connection once;
   * with a {@code breaker}, once per tier opened on purpose, then against a Service with no pods.
   */
  private static List<Probe> probeWhenUp(
      E2eContext e2e, NetworkProbes probes, String run, PolicyBreaker breaker) {
    long until = System.nanoTime() + Duration.ofMinutes(10).toNanos();
    while (loads(e2e, run).isEmpty()) {
      if (System.nanoTime() > until) {
        throw new IllegalStateException(run + " started no load within 10 minutes");
      }
      E2eContext.sleep(Duration.ofSeconds(2));
    }
    String ns = e2e.namespace();
    Target sut = probes.service("the SUT", ns, ResourceNames.sut(run));
    Target stub = probes.service("the stub", ns, ResourceNames.stub(run));
    Target db = probes.service("the database (PostgreSQL)", ns, ResourceNames.databaseService(run));
    Target operator = operator(e2e, probes);
    From primary = probes.primary(ResourceNames.database(run));
    if (breaker == null) {
      return round("", probes, sut, stub, db, operator, primary);
    }
    List<Probe> out = new ArrayList<>();
    for (Tier tier : Tier.values()) {
      breaker.open(tier);
      E2eContext.sleep(Duration.ofSeconds(10)); // the firewall syncs on policy events
      out.addAll(round(tier.round, probes, sut, stub, db, operator, primary));
      breaker.close(tier);
      E2eContext.sleep(Duration.ofSeconds(10));
    }
    Target down = breaker.down(probes);
    E2eContext.sleep(Duration.ofSeconds(2));
    String round = "a target that is down";
    out.add(probe(round, probes, probes.sameNamespace(), down, false));
    out.add(probe(round, probes, probes.scraper(), down, true));
    return out;
  }

  /** Every connection once: the strangers refused, each paired with an allowed pod's probe. */
  private static List<Probe> round(
      String round,
      NetworkProbes probes,
      Target sut,
      Target stub,
      Target db,
      Target operator,
      From primary) {
    List<Probe> out = new ArrayList<>();
    for (Target t : List.of(sut, stub, db)) {
      out.add(probe(round, probes, probes.sameNamespace(), t, false));
    }
    for (Target t : List.of(sut, stub, db, operator)) {
      out.add(probe(round, probes, probes.otherNamespace(), t, false));
    }
    out.add(probe(round, probes, probes.scraper(), operator, true));
    out.add(probe(round, probes, probes.scraper(), sut, true));
    out.add(probe(round, probes, probes.scraper(), stub, true));
    out.add(probe(round, probes, probes.scraper(), db, false));
    out.add(probe(round, probes, primary, db, true));
    return out;
  }

  private static Probe probe(
      String round, NetworkProbes probes, From from, Target to, boolean allowed) {
    return new Probe(round, from, to, allowed, probes.reaches(from, to));
  }

  private static List<GenericKubernetesResource> loads(E2eContext e2e, String run) {
    return e2e.k8s
        .genericKubernetesResources("k6.io/v1alpha1", "TestRun")
        .inNamespace(e2e.namespace())
        .withLabel(Labels.RUN, run)
        .list()
        .getItems();
  }

  /** The operator's Service (the chart's, port 8080: /metrics). */
  private static Target operator(E2eContext e2e, NetworkProbes probes) {
    String ns = e2e.settings.operatorNamespace();
    String name =
        e2e
            .k8s
            .services()
            .inNamespace(ns)
            .withLabel("app.kubernetes.io/name", "vtbench")
            .list()
            .getItems()
            .stream()
            .findFirst()
            .orElseThrow(() -> new IllegalStateException("no vtbench Service in " + ns))
            .getMetadata()
            .getName();
    return probes.service("the operator's /metrics", ns, name);
  }
}
