package dev.vtbench.operator;

import static dev.vtbench.operator.KubeApi.await;
import static dev.vtbench.operator.OperatorIT.WAIT;
import static dev.vtbench.operator.OperatorIT.awaitStatus;
import static dev.vtbench.operator.OperatorIT.get;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.plan.Planner;
import dev.vtbench.engine.plan.Scenario;
import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.api.BenchmarkRunStatus;
import dev.vtbench.operator.resources.Labels;
import dev.vtbench.operator.resources.ResourceNames;
import dev.vtbench.operator.results.ResultsStore;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A measured hold the database's primary was replaced under, against a real kube-apiserver with
 * CloudNativePG played: the hold is dropped unrecorded, the same SUT warmed again, the scenario
 * measured again and recorded once; a primary replaced under every hold fails the run after {@code
 * InterruptedHolds.MAX} drops, with nothing recorded (docs/cluster-lifecycle.md, "Faults during a
 * run").
 */
class InterruptedHoldIT {

  static final KubernetesClient k8s = KubeApi.client();

  static String warm;

  @RegisterExtension final InProcessOperator operator = new InProcessOperator();

  @BeforeAll
  static void summaries() throws Exception {
    warm = OperatorIT.withWindows(OperatorIT.runnerSummary(), "[5,5000,1.5,0.01,0.003]");
  }

  @Test
  void aHoldTheDatabaseRestartedUnderIsMeasuredAgainThenAKeptRestartFailsTheRun() {
    UpToTheLoads up = upToTheLoads("interrupted", "db");
    String ns = up.ns();
    Controllers play = up.play();
    Scenario s = up.scenario();
    String warmUp = up.warmUp();
    String measured = up.measured();

    await(warmUp, WAIT, () -> play.job(warmUp));
    play.finishJob(warmUp, warmUp + "-a", 0, warm);
    Job first = await(measured, WAIT, () -> play.job(measured));
    assertThat(first.getMetadata().getAnnotations().get(Labels.TIER_STARTS))
        .as("the load names the pods it measures")
        .contains("database=db-db-1/")
        .contains("sut=db-sut-a/")
        .doesNotContain("stub="); // no stub pod was played

    // CloudNativePG recreates a deleted primary under the same name, with another uid
    replaceDatabasePod(play, ns, "db-db-1");
    await(measured + " dropped", WAIT, () -> sameJob(play.job(measured), first) ? null : true);
    BenchmarkRunStatus status =
        awaitStatus(ns, "db", "one drop", st -> st.holdInterruptions != null);
    assertThat(status.holdInterruptions.count).isEqualTo(1);
    assertThat(status.holdInterruptions.scenario).isEqualTo(s.id());
    // gone, or already replaced, as the informer saw it first
    assertThat(status.holdInterruptions.cause).startsWith("the database pod db-db-1 ");
    assertThat(status.warmUp.steady).as("the same SUT, warmed again").isFalse();

    // a warm-up round from the load the SUT had (not 0: the same JVM), then the hold again
    Job round =
        await(
            warmUp + " again",
            WAIT,
            () -> {
              Job j = play.job(warmUp);
              return j != null
                      && !j.getMetadata().getLabels().get(Labels.WARM_UP_FROM).startsWith("0-")
                  ? j
                  : null;
            });
    play.finishJob(warmUp, warmUp + "-b", 0, warm);
    Job second = await(measured + " again", WAIT, () -> fresh(play.job(measured), first));
    assertThat(round.getMetadata().getLabels().get(Labels.WARM_UP_FROM)).isNotBlank();
    play.finishJob(measured, measured + "-b", 0, warm);
    awaitStatus(ns, "db", "recorded", st -> Objects.equals(st.scenariosDone, 1));
    assertThat(new ResultsStore(k8s).rows(get(ns, "db"))).hasSize(1);
    assertThat(second.getMetadata().getUid()).isNotEqualTo(first.getMetadata().getUid());
  }

  @Test
  void aPrimaryReplacedUnderEveryHoldFailsTheRunWithNothingRecorded() {
    UpToTheLoads up = upToTheLoads("flapping", "flap");
    String ns = up.ns();
    Controllers play = up.play();
    String warmUp = up.warmUp();
    String measured = up.measured();
    Job last = null;
    for (int drop = 1; drop <= 3; drop++) {
      String round = warmUp + " round before hold " + drop;
      Job w = await(round, WAIT, () -> play.job(warmUp));
      play.finishJob(warmUp, warmUp + "-" + drop, 0, warm);
      Job before = last;
      Job hold = await(measured + " " + drop, WAIT, () -> fresh(play.job(measured), before));
      assertThat(w).isNotNull();
      replaceDatabasePod(play, ns, "flap-db-1");
      int n = drop;
      if (drop < 3) {
        awaitStatus(
            ns,
            "flap",
            "drop " + n,
            st -> st.holdInterruptions != null && st.holdInterruptions.count == n);
      }
      last = hold;
    }
    BenchmarkRunStatus failed =
        awaitStatus(
            ns, "flap", "Failed", OperatorIT.condition("Succeeded", "False", "HoldInterrupted"));
    assertThat(failed.phase).isEqualTo("Failed");
    assertThat(OperatorIT.conditionOf(failed, "Succeeded").getMessage())
        .contains("dropped 3 times")
        .contains("the database pod flap-db-1 ");
    assertThat(failed.scenariosDone == null ? 0 : failed.scenariosDone).isZero();
  }

  /** A run played up to its first load: its namespace, the players, its scenario, its loads. */
  record UpToTheLoads(
      String ns, Controllers play, Scenario scenario, String warmUp, String measured) {}

  /**
   * A one-scenario run {@code name} in a new namespace, its database's primary {@code <name>-db-1},
   * SUT and stub running: next comes its first warm-up round.
   */
  private UpToTheLoads upToTheLoads(String prefix, String name) {
    String ns = operator.startInNewNamespace(prefix);
    Controllers play = new Controllers(k8s, ns);
    BenchmarkRunResource run = WarmUpIT.upToTheSut(play, ns, name);
    Scenario s = Planner.plan(run.getSpec()).getFirst();
    databasePod(play, name + "-db-1");
    play.runningPod(name + "-sut", name + "-sut-a", "sut@sha256:a");
    play.available(name + "-sut");
    play.available(name + "-stub");
    return new UpToTheLoads(
        ns,
        play,
        s,
        ResourceNames.load(run, s.index(), true),
        ResourceNames.load(run, s.index(), false));
  }

  /** {@code j} if it exists and is not {@code old} (null: any), else null. */
  private static Job fresh(Job j, Job old) {
    return j != null && !sameJob(j, old) ? j : null;
  }

  private static boolean sameJob(Job a, Job b) {
    return a != null && b != null && a.getMetadata().getUid().equals(b.getMetadata().getUid());
  }

  /**
   * CloudNativePG's primary instance pod of the run's Cluster, running, with the labels vtbench
   * asks for (inheritedMetadata) and CloudNativePG's own.
   */
  static Pod databasePod(Controllers play, String name) {
    String cluster = name.substring(0, name.lastIndexOf('-'));
    PodTemplateSpec template =
        new PodTemplateSpecBuilder()
            .withNewMetadata()
            .withLabels(
                Map.of(
                    Labels.PART_OF,
                    "vtbench",
                    Labels.COMPONENT,
                    "database",
                    "cnpg.io/cluster",
                    cluster,
                    "cnpg.io/instanceRole",
                    "primary"))
            .endMetadata()
            .withNewSpec()
            .addNewContainer()
            .withName("postgres")
            .withImage("postgres")
            .endContainer()
            .endSpec()
            .build();
    return play.runningPod(template, name, "postgres@sha256:a");
  }

  /** The primary deleted and created again under its name, as CloudNativePG does. */
  static void replaceDatabasePod(Controllers play, String ns, String name) {
    k8s.pods().inNamespace(ns).withName(name).withGracePeriod(0).delete();
    await(
        name + " gone",
        WAIT,
        () -> k8s.pods().inNamespace(ns).withName(name).get() == null ? true : null);
    databasePod(play, name);
  }
}
