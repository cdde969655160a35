package dev.vtbench.operator;

import static dev.vtbench.operator.KubeApi.await;
import static dev.vtbench.operator.OperatorIT.WAIT;
import static dev.vtbench.operator.OperatorIT.awaitStatus;
import static dev.vtbench.operator.OperatorIT.condition;
import static dev.vtbench.operator.OperatorIT.conditionOf;
import static dev.vtbench.operator.OperatorIT.create;
import static dev.vtbench.operator.OperatorIT.get;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.plan.Planner;
import dev.vtbench.engine.plan.Scenario;
import dev.vtbench.engine.results.csv.ResultsCsv;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.api.BenchmarkRunStatus;
import dev.vtbench.operator.resources.Labels;
import dev.vtbench.operator.results.ResultsStore;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The operator writes and deletes only what a run owns, against the real API server: a name that
 * someone else already uses fails the run (NameConflict, naming the object) before anything is
 * created, and that object is the same, byte for byte, after the run was created, failed and
 * deleted. Results are trusted only when the run wrote them.
 */
class OwnershipIT {

  static final KubernetesClient k8s = KubeApi.client();
  static final String SPEC =
      OperatorIT.SMALL.formatted("job", "0s")
          + "matrix: {threadModes: [platform], hikariPoolSizes: [10], concurrency: [10],"
          + " repetitions: 1}\n";

  @RegisterExtension final InProcessOperator operator = new InProcessOperator();

  /** The case: team-a's ConfigMap x-seed is neither written into nor deleted. */
  @Test
  void aRunNamedToCollideWithSomeoneElsesConfigMapFailsAndLeavesItAlone() {
    String ns = KubeApi.namespace("takeover");
    ConfigMap seed =
        k8s.configMaps()
            .inNamespace(ns)
            .resource(
                new ConfigMapBuilder()
                    .withNewMetadata()
                    .withName("x-seed")
                    .withLabels(Map.of("owner", "team-a"))
                    .endMetadata()
                    .withData(Map.of("important", "team-a's data"))
                    .build())
            .create();
    operator.start(ns);
    create(ns, "x", SPEC);

    String message = nameConflict(ns, "x");
    assertThat(message)
        .startsWith("ConfigMap " + ns + "/x-seed already exists and is not this run's")
        .contains("Rename the run, or delete")
        .contains("kubectl delete configmap x-seed -n " + ns);
    assertThat(OperatorIT.gone(ns, "x")).isTrue();
    assertThat(events(ns, "x")).contains("NameConflict");

    deleteRun(ns, "x");
    assertUnchanged(seed);
  }

  /**
   * A Service with the run's labels (forged, or another tool's) and a Secret with the name
   * CloudNativePG would give the run's credentials: the SUT would connect to, or mount, someone
   * else's. Both fail their run before the Cluster exists; neither is touched, even by the deletes
   * that select on labels.
   */
  @Test
  void aForeignServiceOrDatabaseSecretFailsTheRunAndSurvivesItsDeletion() {
    String ns = KubeApi.namespace("foreign");
    HasMetadata service =
        k8s.services()
            .inNamespace(ns)
            .resource(
                new ServiceBuilder()
                    .withNewMetadata()
                    .withName("v-sut")
                    .withLabels(
                        Map.of(Labels.RUN, "v", Labels.MANAGED_BY, Labels.MANAGER, "owner", "b"))
                    .endMetadata()
                    .withNewSpec()
                    .addNewPort()
                    .withPort(80)
                    .endPort()
                    .endSpec()
                    .build())
            .create();
    HasMetadata secret = foreignSecret(ns, "s-db-app");
    operator.start(ns);
    create(ns, "v", SPEC);
    create(ns, "s", SPEC);

    assertThat(nameConflict(ns, "v")).startsWith("Service " + ns + "/v-sut already exists");
    assertThat(nameConflict(ns, "s")).startsWith("Secret " + ns + "/s-db-app already exists");
    assertThat(OperatorIT.gone(ns, "s")).as("no Cluster to create it for").isTrue();

    deleteRun(ns, "v");
    deleteRun(ns, "s");
    assertUnchanged(service);
    assertUnchanged(secret);
  }

  /**
   * A results ConfigMap the run did not write, with a row for every scenario that would pass the
   * gate: not trusted, so the run fails instead of succeeding on it, and it is left as it was.
   */
  @Test
  void forgedResultsAreNotTrustedAndNotTouched() {
    String ns = KubeApi.namespace("forged");
    BenchmarkRunResource template = new BenchmarkRunResource();
    template.setSpec(OperatorIT.create(ns, "probe", SPEC).getSpec());
    k8s.resources(BenchmarkRunResource.class).inNamespace(ns).withName("probe").delete();
    List<ResultRow> rows = new ArrayList<>();
    for (Scenario s : Planner.plan(template.getSpec())) {
      rows.add(OperatorIT.summaryRow().toBuilder().scenarioId(s.id()).build());
    }
    ConfigMap forged =
        k8s.configMaps()
            .inNamespace(ns)
            .resource(
                new ConfigMapBuilder()
                    .withNewMetadata()
                    .withName("f-results")
                    .withLabels(
                        Map.of(
                            Labels.RUN,
                            "f",
                            Labels.MANAGED_BY,
                            Labels.MANAGER,
                            Labels.COMPONENT,
                            "results"))
                    .endMetadata()
                    .withData(Map.of(ResultsStore.CSV_KEY, ResultsCsv.toCsv(rows)))
                    .build())
            .create();
    operator.start(ns);
    create(
        ns,
        "f",
        SPEC + "thresholds:\n  minThroughput: [{rps: 50}]\nresults: {keepOnDelete: false}\n");

    assertThat(nameConflict(ns, "f"))
        .startsWith("ConfigMap " + ns + "/f-results already exists and is not this run's");
    BenchmarkRunStatus status = get(ns, "f").getStatus();
    assertThat(status.scenariosDone).as("no forged row counted").isNull();
    assertThat(OperatorIT.gone(ns, "f")).isTrue();

    deleteRun(ns, "f");
    assertUnchanged(forged);
  }

  /**
   * A run deleted with its results kept, then created again under the same name: the kept rows are
   * an earlier run's, not the new one's. The new run fails naming them and saying how to clear
   * them; once they are deleted, a run of that name starts from nothing.
   */
  @Test
  void aRecreatedRunDoesNotAdoptTheResultsOfTheRunItReplaces() {
    String ns = operator.startInNewNamespace("recreated");
    Controllers play = new Controllers(k8s, ns);
    BenchmarkRunResource first = create(ns, "r", SPEC);
    await("Cluster", WAIT, () -> play.cluster("r-db"));
    // A scenario recorded, as the operator records it.
    Scenario s = Planner.plan(first.getSpec()).getFirst();
    new ResultsStore(k8s)
        .append(first, OperatorIT.summaryRow().toBuilder().scenarioId(s.id()).build());
    deleteRun(ns, "r");
    ConfigMap kept = k8s.configMaps().inNamespace(ns).withName("r-results").get();
    assertThat(kept).as("kept on delete (the default)").isNotNull();

    create(ns, "r", SPEC);
    assertThat(nameConflict(ns, "r"))
        .startsWith(
            "ConfigMap "
                + ns
                + "/r-results holds the results of an earlier BenchmarkRun r (uid "
                + first.getMetadata().getUid()
                + ")")
        .contains("a new run does not adopt them")
        .contains(
            "kubectl delete configmap -n "
                + ns
                + " -l vtbench.dev/run=r,app.kubernetes.io/component=results");
    assertThat(get(ns, "r").getStatus().scenariosDone).isNull();
    assertUnchanged(kept);

    // Cleared as the message says: the next run of that name starts fresh.
    deleteRun(ns, "r");
    k8s.configMaps()
        .inNamespace(ns)
        .withLabelSelector(Labels.RUN + "=r," + Labels.COMPONENT + "=results")
        .delete();
    await(
        "old results gone",
        WAIT,
        () -> k8s.configMaps().inNamespace(ns).withName("r-results").get() == null ? true : null);
    BenchmarkRunResource again = create(ns, "r", SPEC);
    await("a new Cluster", WAIT, () -> play.cluster("r-db"));
    BenchmarkRunStatus status =
        awaitStatus(ns, "r", "provisioning", condition("DatabaseReady", "False", null));
    assertThat(status.scenariosDone).isZero();
    assertThat(play.cluster("r-db").getMetadata().getOwnerReferences().getFirst().getUid())
        .isEqualTo(again.getMetadata().getUid());
  }

  // --- helpers ----------------------------------------------------------------------------------

  /** A Secret someone else made, with a password of theirs, named as a run's credentials. */
  static HasMetadata foreignSecret(String ns, String name) {
    return k8s.secrets()
        .inNamespace(ns)
        .resource(
            new SecretBuilder()
                .withNewMetadata()
                .withName(name)
                .endMetadata()
                .withStringData(Map.of("username", "bench", "password", "someone else's"))
                .build())
        .create();
  }

  /** Waits for the run to fail with NameConflict; returns the condition's message. */
  static String nameConflict(String ns, String run) {
    BenchmarkRunStatus status =
        awaitStatus(ns, run, "NameConflict", condition("Succeeded", "False", "NameConflict"));
    assertThat(status.phase).isEqualTo("Failed");
    assertThat(conditionOf(status, "Stalled").getReason()).isEqualTo("NameConflict");
    return conditionOf(status, "Succeeded").getMessage();
  }

  static List<String> events(String ns, String run) {
    return k8s.v1().events().inNamespace(ns).list().getItems().stream()
        .filter(e -> run.equals(e.getInvolvedObject().getName()))
        .map(e -> e.getReason())
        .toList();
  }

  static void deleteRun(String ns, String run) {
    k8s.resources(BenchmarkRunResource.class).inNamespace(ns).withName(run).delete();
    await(run + " deleted", WAIT, () -> get(ns, run) == null ? true : null);
  }

  /** Still there, with the same resourceVersion: not written, not even relabelled. */
  static void assertUnchanged(HasMetadata before) {
    HasMetadata now = k8s.resource(before).get();
    assertThat(now).as(before.getKind() + " " + before.getMetadata().getName()).isNotNull();
    assertThat(now.getMetadata().getResourceVersion())
        .isEqualTo(before.getMetadata().getResourceVersion());
    assertThat(now.getMetadata().getOwnerReferences()).isNullOrEmpty();
    assertThat(now).isEqualTo(before);
  }
}
