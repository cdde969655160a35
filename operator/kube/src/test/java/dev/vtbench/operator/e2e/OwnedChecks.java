package dev.vtbench.operator.e2e;

import dev.vtbench.operator.Checks;
import dev.vtbench.operator.resources.ResourceNames;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.util.List;

/**
 * A finished run on the real cluster kept to what it owns: it created its own database credentials
 * Secret (recorded in status), which CloudNativePG bootstrapped the owner with and the SUT
 * connected with (the run got this far), and deleted it when it ended; every runner pod it read was
 * one of its loads' Jobs' own (k6-operator's and the Job controller's owner references), so no pod
 * was reported as untrusted.
 */
final class OwnedChecks {

  private final E2eContext e2e;

  OwnedChecks(E2eContext e2e) {
    this.e2e = e2e;
  }

  void check(String name) {
    Checks c = e2e.checks;
    GenericKubernetesResource run = e2e.run(name).get();
    Object uid = run == null ? null : run.get("status", "databaseSecret", "uid");
    String secret = ResourceNames.databaseAppSecret(name);
    c.check(
        uid != null,
        name
            + ": created its own credentials Secret "
            + secret
            + " (status.databaseSecret.uid "
            + uid
            + "), CloudNativePG's bootstrap and the SUT's connection used it");
    c.check(
        e2e.k8s.secrets().inNamespace(e2e.namespace()).withName(secret).get() == null,
        name + ": deleted " + secret + " when it ended");
    List<String> untrusted =
        e2e.k8s.v1().events().inNamespace(e2e.namespace()).list().getItems().stream()
            .filter(e -> name.equals(e.getInvolvedObject().getName()))
            .filter(e -> "UntrustedPod".equals(e.getReason()))
            .map(Event::getMessage)
            .toList();
    c.check(
        untrusted.isEmpty(),
        name
            + ": every runner pod it saw was its loads' own (no UntrustedPod Event)"
            + (untrusted.isEmpty() ? "" : ": " + String.join("; ", untrusted)));
    // k6-operator's start stall is load-dependent: say whether the nudge had to act, not judge it
    System.out.printf(
        "  %s: %d TestRun(s) nudged past k6-operator's start back-off (LoadNudged Events), %d"
            + " created again after a stall past spec.timeouts.loadStart (LoadRecreated)%n",
        name, events(name, "LoadNudged"), events(name, "LoadRecreated"));
  }

  private long events(String run, String reason) {
    return e2e.k8s.v1().events().inNamespace(e2e.namespace()).list().getItems().stream()
        .filter(e -> run.equals(e.getInvolvedObject().getName()))
        .filter(e -> reason.equals(e.getReason()))
        .count();
  }
}
