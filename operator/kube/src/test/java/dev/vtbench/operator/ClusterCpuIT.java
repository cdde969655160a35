package dev.vtbench.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.vtbench.engine.results.row.Bottleneck;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.operator.api.BenchmarkRunResource;
import io.javaoperatorsdk.operator.Operator;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A cluster row's CPU accounting through the operator against a real kube-apiserver: the runner's
 * summary carries the stub's window (its CPU and its node's cores over the hold), and the pods'
 * {@code spec.nodeName}, as the API server stores them, decide whether those cores are the load
 * generator's. Examples/two-core.yaml's shape: k6 and the stub in the shared pool, CPU 0.
 */
class ClusterCpuIT {

  /** The stub's window: 0.6 s of CPU in the 3 s hold, CPU 0 95 % busy, CPU 1 30 %. */
  static final String STUB_WINDOW =
      "\"stub\":{\"cpuSeconds\":0.6,\"cpuset\":\"0\",\"coreBusyPct\":{\"0\":95.0,\"1\":30.0},"
          + "\"stealPct\":1.5},";

  @Test
  void aRunnerOnTheStubsNodeWithItsSharedCoreFullIsASaturatedGenerator() throws Exception {
    ResultRow row = measure("shared-node", "node-a", "node-a");

    assertThat(row.stubCpuPct()).isCloseTo(20.0, within(1e-9));
    assertThat(row.cpuBusyPct()).isEqualTo("0:95.0|1:30.0");
    assertThat(row.loadCoreBusyPct()).isEqualTo(95.0);
    assertThat(row.stealPct()).isEqualTo(1.5);
    assertThat(row.generatorSaturated()).isTrue();
    assertThat(row.bottleneck()).isEqualTo(Bottleneck.LOAD_GENERATOR);
    // where each tier ran: the SUT's node as it reported it, the others' pods' spec.nodeName
    assertThat(row.node()).isEqualTo("node-s");
    assertThat(row.tierNodes()).isEqualTo("sut=node-s;stub=node-a;database=node-c;load=node-a");
    // not measurable on a cluster without kubelet access: empty, never a guess
    assertThat(row.pgCpuPct()).isNull();
    assertThat(row.loadCpuPct()).isNull();
  }

  @Test
  void aRunnerOnAnotherNodeLeavesTheGeneratorUnknown() throws Exception {
    ResultRow row = measure("two-nodes", "node-a", "node-b");

    assertThat(row.stubCpuPct()).isCloseTo(20.0, within(1e-9));
    assertThat(row.cpuBusyPct()).isNull();
    assertThat(row.loadCoreBusyPct()).isNull();
    assertThat(row.generatorSaturated()).isNull();
    assertThat(row.tierNodes()).isEqualTo("sut=node-s;stub=node-a;database=node-c;load=node-b");
  }

  /**
   * One scenario, its stub pod on {@code stubNode} and its runner pod on {@code runnerNode}, the
   * SUT reporting node-s and the database's primary on node-c; the row the operator recorded.
   */
  static ResultRow measure(String name, String stubNode, String runnerNode) throws Exception {
    String ns = KubeApi.namespace("cpu-" + name);
    Operator operator = OperatorIT.startOperator(ns);
    try {
      return recorded(ns, name, stubNode, runnerNode);
    } finally {
      operator.stop();
    }
  }

  private static ResultRow recorded(String ns, String name, String stubNode, String runnerNode)
      throws Exception {
    Controllers play = new Controllers(OperatorIT.k8s, ns);
    BenchmarkRunResource run =
        OperatorIT.create(
            ns,
            name,
            OperatorIT.SMALL
                    .formatted("testrun", "0s")
                    .replace("stub: {cpu: 1,", "stub: {pinned: false, cpu: 400m,")
                    .replace("hold: 3s, cpu: 1,", "hold: 3s, pinned: false, cpu: 200m,")
                + "matrix: {threadModes: [virtual], hikariPoolSizes: [10], concurrency: [10],"
                + " repetitions: 1}\n");
    assertThat(run.getSpec().load.cpu).isEqualTo("200m");
    String load = OperatorIT.firstTestRun(play, run);
    play.onNode(stubNode).runningPod(name + "-stub", name + "-stub-abc12", "");
    InterruptedHoldIT.databasePod(play.onNode("node-c"), name + "-db-1");
    String summary = OperatorIT.runnerSummary();
    String withStub =
        summary
            .replace("\"holdSeconds\":3", STUB_WINDOW + "\"holdSeconds\":3")
            .replace("\"sut\":{", "\"sut\":{\"node\":\"node-s\",");
    assertThat(withStub).contains("\"node\":\"node-s\"").contains(STUB_WINDOW);
    play.onNode(runnerNode).finishTestRun(load, 0, withStub);

    List<ResultRow> rows = OperatorIT.succeededRows(ns, name);
    assertThat(rows).hasSize(1);
    return rows.getFirst();
  }
}
