package dev.vtbench.operator;

import static dev.vtbench.operator.KubeApi.await;
import static dev.vtbench.operator.OperatorIT.WAIT;
import static dev.vtbench.operator.OperatorIT.awaitStatus;
import static dev.vtbench.operator.OperatorIT.condition;
import static dev.vtbench.operator.OperatorIT.create;
import static dev.vtbench.operator.OperatorIT.env;
import static dev.vtbench.operator.OperatorIT.k8s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.vtbench.engine.plan.Planner;
import dev.vtbench.engine.plan.Scenario;
import dev.vtbench.engine.results.csv.ResultsCsv;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.resources.ResourceNames;
import dev.vtbench.operator.resources.SutTier;
import dev.vtbench.operator.results.ResultsStore;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Two builds of a user's own service ({@code spec.matrix.builds}) through the operator, in-process,
 * against a real kube-apiserver and etcd, the test playing the controllers a bare API server lacks
 * (split from {@link UserServiceRunIT}, which covers one service's objects, row and refusals).
 */
class UserServiceBuildsIT {

  @RegisterExtension final InProcessOperator operator = new InProcessOperator();

  /**
   * Two builds of the service ({@code spec.matrix.builds}) in one run: each is a SUT config of its
   * own, so the one Deployment runs the first build's image, then rolls to the second's; each row
   * names its build and the digest the kubelet resolved for that build's pod, and summary.md
   * compares the two.
   */
  @Test
  void twoBuildsRunEachFromItsOwnImageAndTheirRowsSaySo() throws Exception {
    String ns = operator.startInNewNamespace("byo-builds");
    Controllers play = new Controllers(k8s, ns);
    BenchmarkRunResource run =
        create(
            ns,
            "builds",
            """
            sut:
              pinned: false
              cpu: 1
              memory: 1Gi
              tomcatMaxThreads: 20
              service: {image: registry.example/orders:1.4, port: 18080}
            workload: {requests: [{path: "/orders/{id}", params: {id: {from: 1, to: 50}}}]}
            database: {enabled: false}
            load: {ramp: 1s, warmup: 1s, hold: 3s, cpu: 1, memory: 256Mi, runner: testrun, sutWarmup: 0s}
            matrix:
              threadModes: [virtual]
              hikariPoolSizes: [10]
              concurrency: [10]
              repetitions: 1
              builds: [{name: boot-3.4}, {name: boot-4.0, image: registry.example/orders:2.0}]
            """);
    List<Scenario> plan = Planner.plan(run.getSpec());
    assertThat(plan)
        .extracting(Scenario::id)
        .containsExactly("r1-boot-3.4-virtual-pool10-c10", "r1-boot-4.0-virtual-pool10-c10");
    List<String> images = List.of("registry.example/orders:1.4", "registry.example/orders:2.0");
    List<String> digests =
        List.of("registry.example/orders@sha256:b034", "registry.example/orders@sha256:b040");
    Map<String, String> firstEnv = null;

    for (int i = 0; i < plan.size(); i++) {
      Scenario s = plan.get(i);
      String image = images.get(i);
      // the build's image, under the build's config: another pod template, so the SUT restarts
      Deployment sut =
          await(
              "the SUT Deployment on " + image,
              WAIT,
              () -> {
                Deployment d = play.deployment("builds-sut");
                return d != null
                        && image.equals(
                            d.getSpec()
                                .getTemplate()
                                .getSpec()
                                .getContainers()
                                .getFirst()
                                .getImage())
                    ? d
                    : null;
              });
      assertThat(sut.getSpec().getTemplate().getMetadata().getAnnotations())
          .containsEntry(SutTier.CONFIG_ANNOTATION, s.sut().key());
      // the same matrix, the same wiring: only the image differs between the builds
      if (firstEnv == null) {
        firstEnv = env(sut);
        assertThat(firstEnv).containsEntry("SPRING_THREADS_VIRTUAL_ENABLED", "true");
      } else {
        assertThat(env(sut)).isEqualTo(firstEnv);
      }
      play.runningPod("builds-sut", "builds-sut-" + (i + 1), digests.get(i));
      play.available("builds-sut");
      String load = ResourceNames.load(run, s.index(), false);
      await(load, WAIT, () -> play.testRun(load));
      play.startTestRun(load);
      play.finishTestRun(load, 0, UserServiceRunIT.serviceSummary());
      int done = i + 1;
      awaitStatus(
          ns, "builds", done + " recorded", st -> java.util.Objects.equals(st.scenariosDone, done));
    }

    awaitStatus(ns, "builds", "Succeeded", condition("Succeeded", "True", "AllScenariosRecorded"));
    List<ResultRow> rows =
        ResultsCsv.parse(
            k8s.configMaps()
                .inNamespace(ns)
                .withName("builds-results")
                .get()
                .getData()
                .get(ResultsStore.CSV_KEY));
    assertThat(rows)
        .extracting(ResultRow::scenarioId, ResultRow::buildName, ResultRow::sutArtifact)
        .containsExactly(
            tuple("r1-boot-3.4-virtual-pool10-c10", "boot-3.4", digests.get(0)),
            tuple("r1-boot-4.0-virtual-pool10-c10", "boot-4.0", digests.get(1)));
    String summary =
        k8s.configMaps()
            .inNamespace(ns)
            .withName("builds-figures")
            .get()
            .getData()
            .get("summary.md");
    assertThat(summary)
        .contains("| conn_mode | pool | concurrency | build | reps P/V |")
        .contains("\n## Builds\n\n")
        // a 3 s hold without warm-up is not judged steady: a ratio needs steady repetitions
        .contains("| released | 10 | 10 | virtual | boot-4.0 | 1/1 (2 unsteady) |")
        .contains("Each build value ÷ the first, boot-3.4,");
  }
}
