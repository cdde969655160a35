package dev.vtbench.operator.e2e;

import dev.vtbench.operator.e2e.NetworkProbes.From;
import dev.vtbench.operator.e2e.NetworkProbes.Target;
import dev.vtbench.operator.resources.Labels;
import dev.vtbench.operator.resources.ResourceNames;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyBuilder;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyIngressRule;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
 * namespace labelled {@code vtbench.dev/scrape=true} reaches the operator and the SUT's HTTP port
 * (what a scraper may), not PostgreSQL's. The run's own pods reach theirs: its row is recorded.
 * With {@code VTBENCH_E2E_BREAK_POLICY=1} a policy that lets anyone into the SUT is added first, on
 * purpose: the stranger checks must then FAIL, which shows they can.
 */
class NetworkPolicyE2E {

  private static final String BREAKER = "netpol-e2e-lets-anyone-into-the-sut";

  @Test
  void onlyTheRunsOwnPodsReachItsTiersAndOnlyScrapersTheOperator() {
    E2eSettings settings = E2eSettings.fromEnvironment();
    boolean breakOnPurpose = "1".equals(System.getenv("VTBENCH_E2E_BREAK_POLICY"));
    try (E2eContext e2e = new E2eContext(settings);
        NetworkProbes probes = new NetworkProbes(e2e)) {
      RunSpec spec = RunSpec.fromFile(e2e.k8s.getKubernetesSerialization(), settings.spec());
      String name = spec.fileName() + "-netpol";
      spec.named(name, e2e.namespace())
          .images(settings.dbImage(), settings.k6Image())
          .runner("testrun")
          .oneScenario("virtual")
          .sutWarmup("20s");
      CompletableFuture<List<Probe>> probed =
          CompletableFuture.supplyAsync(() -> probeWhenUp(e2e, probes, name, breakOnPurpose));
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
            // the policy broken on purpose
            probes.removeSameNamespace();
            e2e.k8s
                .network()
                .v1()
                .networkPolicies()
                .inNamespace(e2e.namespace())
                .withName(BREAKER)
                .delete();
          });
      for (Probe p : results.get()) {
        e2e.checks.check(
            p.reached() == p.allowed(),
            p.from().what()
                + (p.reached() ? " reached " : " could not reach ")
                + p.to().what()
                + " ("
                + p.to().ip()
                + ":"
                + p.to().port()
                + (p.allowed() ? ", as the policies allow" : ", which the policies refuse")
                + ")");
      }
      e2e.checks.verify();
    }
  }

  /** One connection tried, and whether the policies should let it open. */
  record Probe(From from, Target to, boolean allowed, boolean reached) {}

  /**
   * Waits for the run's first load (its tiers are up by then), then tries every connection once;
   * with {@code breakOnPurpose}, after letting anyone into the SUT.
   */
  private static List<Probe> probeWhenUp(
      E2eContext e2e, NetworkProbes probes, String run, boolean breakOnPurpose) {
    long until = System.nanoTime() + Duration.ofMinutes(10).toNanos();
    while (loads(e2e, run).isEmpty()) {
      if (System.nanoTime() > until) {
        throw new IllegalStateException(run + " started no load within 10 minutes");
      }
      E2eContext.sleep(Duration.ofSeconds(2));
    }
    if (breakOnPurpose) {
      System.out.println("  VTBENCH_E2E_BREAK_POLICY=1: adding " + BREAKER + " on purpose");
      e2e.k8s
          .network()
          .v1()
          .networkPolicies()
          .inNamespace(e2e.namespace())
          .resource(breaker(run))
          .serverSideApply();
      E2eContext.sleep(Duration.ofSeconds(10)); // the firewall syncs on policy events
    }
    String ns = e2e.namespace();
    Target sut = probes.service("the SUT", ns, ResourceNames.sut(run));
    Target stub = probes.service("the stub", ns, ResourceNames.stub(run));
    Target db = probes.service("the database (PostgreSQL)", ns, ResourceNames.databaseService(run));
    Target operator = operator(e2e, probes);
    List<Probe> out = new ArrayList<>();
    for (Target t : List.of(sut, stub, db)) {
      out.add(probe(probes, probes.sameNamespace(), t, false));
    }
    for (Target t : List.of(sut, stub, db, operator)) {
      out.add(probe(probes, probes.otherNamespace(), t, false));
    }
    out.add(probe(probes, probes.scraper(), operator, true));
    out.add(probe(probes, probes.scraper(), sut, true));
    out.add(probe(probes, probes.scraper(), db, false));
    return out;
  }

  private static Probe probe(NetworkProbes probes, From from, Target to, boolean allowed) {
    return new Probe(from, to, allowed, probes.reaches(from, to));
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

  /** A policy that lets every pod of every namespace into the run's SUT: broken on purpose. */
  private static NetworkPolicy breaker(String run) {
    return new NetworkPolicyBuilder()
        .withNewMetadata()
        .withName(BREAKER)
        .endMetadata()
        .withNewSpec()
        .withNewPodSelector()
        .withMatchLabels(Map.of(Labels.RUN, run, Labels.COMPONENT, "sut"))
        .endPodSelector()
        .withIngress(new NetworkPolicyIngressRule())
        .withPolicyTypes("Ingress")
        .endSpec()
        .build();
  }
}
