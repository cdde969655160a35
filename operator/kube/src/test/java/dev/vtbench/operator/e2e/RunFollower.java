package dev.vtbench.operator.e2e;

import dev.vtbench.operator.Checks;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Duration;
import java.util.Optional;

/**
 * Follows an applied run to Succeeded, printing what {@code kubectl get bench} shows as it changes.
 * Once a SUT pod is ready it checks its pinning; with {@code killOperator}, once the first scenario
 * is recorded it checks the SUT and the database, kills the operator pod and expects the run to
 * resume to its end.
 */
final class RunFollower {

  private static final Duration POLL = Duration.ofSeconds(3);
  private static final Duration NO_STATUS = Duration.ofSeconds(120);
  private static final Duration OPERATOR_BACK = Duration.ofSeconds(300);
  private static final Duration API_DOWN = Duration.ofSeconds(180);

  private final E2eContext e2e;
  private final String name;
  private final boolean killOperator;
  private final long started = System.nanoTime();

  /** The CPUs the kubelet pinned the SUT to, once checked ("" when it pinned none). */
  private String pinned;

  private boolean killed;
  private String last = "";
  private boolean checkedMidRun;
  private long apiDownSince;
  private int killedAtDone;

  RunFollower(E2eContext e2e, String name, boolean killOperator) {
    this.e2e = e2e;
    this.name = name;
    this.killOperator = killOperator;
  }

  String pinned() {
    return pinned;
  }

  long seconds() {
    return Duration.ofNanos(System.nanoTime() - started).toSeconds();
  }

  /** Follows the run to its end; true when it Succeeded. */
  boolean follow(RunSpec spec, LoadsSeen loads, SutPodsSeen sutPods) {
    Checks c = e2e.checks;
    long deadline = started + e2e.settings.runTimeout().toNanos();
    System.out.printf(
        "  %-8s %-13s %-9s %-28s %s%n", "TIME", "PHASE", "PROGRESS", "SCENARIO", "HEADLINE");
    while (true) {
      Pass pass;
      try {
        pass = pass(spec, loads, sutPods, deadline);
        apiDownSince = 0;
      } catch (KubernetesClientException e) {
        // the API server restarting (FaultsE2E restarts it on purpose): look again, for a while
        if (apiDownSince == 0) {
          apiDownSince = System.nanoTime();
          System.out.printf(
              "  %-8s the API server does not answer: %s%n", "+" + seconds() + "s", e.getMessage());
        } else if (System.nanoTime() - apiDownSince > API_DOWN.toNanos()) {
          c.fail(
              name
                  + ": the API server did not answer for "
                  + API_DOWN.toSeconds()
                  + " s: "
                  + e.getMessage());
          return false;
        }
        pass = Pass.GOES_ON;
      }
      if (pass == Pass.SUCCEEDED) {
        break;
      }
      if (pass == Pass.FAILED) {
        return false;
      }
      E2eContext.sleep(POLL);
    }
    GenericKubernetesResource run = e2e.run(name).get();
    c.ok(
        name
            + " Succeeded: "
            + E2eContext.status(run, "progress")
            + " scenarios in "
            + seconds()
            + " s");
    if (killOperator) {
      int total = Integer.parseInt(E2eContext.status(run, "scenariosTotal"));
      c.check(
          killed && killedAtDone < total,
          killed
              ? "the operator, killed after "
                  + killedAtDone
                  + " of "
                  + total
                  + " scenarios, resumed the run to the end"
              : "the operator was not killed mid-run");
      c.check(
          checkedMidRun,
          "the SUT and the database were seen ready mid-run (pinning and seed checked)");
    }
    return true;
  }

  private enum Pass {
    GOES_ON,
    SUCCEEDED,
    FAILED
  }

  /** One look at the run: its line printed when it changed, the mid-run checks, the deadline. */
  private Pass pass(RunSpec spec, LoadsSeen loads, SutPodsSeen sutPods, long deadline) {
    Checks c = e2e.checks;
    GenericKubernetesResource run = e2e.run(name).get();
    String line =
        "%-13s %-9s %-28s %s"
            .formatted(
                or(E2eContext.status(run, "phase")), or(E2eContext.status(run, "progress")),
                or(E2eContext.status(run, "scenario")), or(E2eContext.status(run, "summary")));
    if (!line.equals(last)) {
      System.out.printf("  %-8s %s%n", "+" + seconds() + "s", line);
      System.out.flush();
      last = line;
    }
    loads.poll();
    sutPods.poll();
    String succeeded = E2eContext.condition(run, "Succeeded", "status");
    String done = E2eContext.status(run, "scenariosDone");
    int ndone = done.isEmpty() ? 0 : Integer.parseInt(done);
    if (E2eContext.status(run, "phase").isEmpty() && seconds() >= NO_STATUS.toSeconds()) {
      c.fail(
          name
              + " has no status "
              + NO_STATUS.toSeconds()
              + " s after it was created: is the operator reconciling? "
              + e2e.operator.health());
      return Pass.FAILED;
    }
    Optional<Pod> op = e2e.operator.current();
    if (op.isPresent() && OperatorPods.restarts(op.get()) != 0) {
      c.fail("the operator restarted by itself during " + name + "; " + e2e.operator.health());
      return Pass.FAILED;
    }
    if ("True".equals(succeeded)) {
      return Pass.SUCCEEDED;
    }
    if ("False".equals(succeeded)) {
      c.fail(
          name
              + " failed: "
              + E2eContext.condition(run, "Succeeded", "reason")
              + ": "
              + E2eContext.condition(run, "Succeeded", "message"));
      e2e.write(name + "-run.yaml", e2e.k8s.getKubernetesSerialization().asYaml(run));
      return Pass.FAILED;
    }
    if (pinned == null && (!killOperator || ndone >= 1)) {
      pinned = new SutPinning(e2e).check(name).orElse(null);
      if (pinned != null && killOperator) {
        new DatabaseSeed(e2e).check(name, spec.seed("customers"), spec.seed("orders"));
        checkedMidRun = true;
      }
    }
    if (killOperator && checkedMidRun && !killed) {
      kill(ndone);
    }
    if (System.nanoTime() > deadline) {
      c.fail(
          name
              + " did not succeed within "
              + e2e.settings.runTimeout().toSeconds()
              + " s; "
              + e2e.operator.health());
      e2e.write(name + "-run.yaml", e2e.k8s.getKubernetesSerialization().asYaml(run));
      return Pass.FAILED;
    }
    return Pass.GOES_ON;
  }

  private void kill(int ndone) {
    String old = e2e.operator.current().map(p -> p.getMetadata().getName()).orElse("");
    System.out.printf("  killing the operator pod %s with %d scenario(s) recorded%n", old, ndone);
    e2e.write("operator-killed.log", e2e.operator.log(old));
    e2e.operator.kill(old);
    killed = true;
    killedAtDone = ndone;
    long until = System.nanoTime() + OPERATOR_BACK.toNanos();
    Optional<Pod> replaced = Optional.empty();
    while (System.nanoTime() < until) {
      replaced =
          e2e.operator
              .current()
              .filter(p -> !p.getMetadata().getName().equals(old))
              .filter(OperatorPods::ready);
      if (replaced.isPresent()) {
        break;
      }
      E2eContext.sleep(Duration.ofSeconds(2));
    }
    e2e.checks.check(
        replaced.isPresent(),
        replaced
            .map(
                p ->
                    "a new operator pod ("
                        + p.getMetadata().getName()
                        + ") replaced the killed one ("
                        + old
                        + ")")
            .orElse("no new operator pod replaced " + old));
  }

  private static String or(String s) {
    return s.isEmpty() ? "<none>" : s;
  }
}
