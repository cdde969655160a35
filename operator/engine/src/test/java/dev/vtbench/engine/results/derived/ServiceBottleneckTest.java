package dev.vtbench.engine.results.derived;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.results.Rows;
import dev.vtbench.engine.results.derived.DerivedMetrics.Rig;
import dev.vtbench.engine.results.row.Bottleneck;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.results.row.ResultRowBuilder;
import org.junit.jupiter.api.Test;

/**
 * A user's service's row named from its Actuator gauges, as vtbench's SUT's is from its bound: the
 * values are crosscheck-byo's cell (vtbench's SUT run as a user's service, 20 Tomcat threads, a
 * pool of 10, 50 VUs, a 100 ms downstream call), where crosscheck-builtin reads tomcat-threads for
 * platform threads and none for virtual ones.
 */
class ServiceBottleneckTest {

  /** A user's service: no service time known, one core each. */
  private static final Rig SERVICE = new Rig(Double.NaN, 1, 1, 1);

  private static ResultRowBuilder service(String mode, double rps) {
    return Rows.row(mode, "released", 10, 50, rps)
        .workload(ResultRow.OWN_SERVICE_WORKLOAD)
        .tomcatThreads(20)
        .appCpuPct(10.0)
        .hikariActiveMax(7)
        .hikariPendingMax(0);
  }

  private static ResultRow derive(ResultRowBuilder row) {
    return DerivedMetrics.derive(row.build(), SERVICE);
  }

  @Test
  void everyTomcatThreadBusyIsTomcatThreads() {
    ResultRow platform = derive(service("platform", 194).tomcatBusyMax(20).tomcatMaxThreads(20));
    assertThat(platform.bottleneck()).isEqualTo(Bottleneck.TOMCAT_THREADS);
    assertThat(platform.littlesLawRatio()).as("still no bound").isNull();
    assertThat(platform.notes()).isNull();
    assertThat(
            derive(
                    service("platform", 150)
                        .tomcatBusyMax(19)
                        .tomcatMaxThreads(20)
                        .requestsActiveMax(19))
                .bottleneck())
        .as("a thread to spare")
        .isEqualTo(Bottleneck.UNKNOWN);
    assertThat(derive(service("virtual", 480).tomcatBusyMax(20).tomcatMaxThreads(20)).bottleneck())
        .as("virtual threads do not run on Tomcat's workers")
        .isEqualTo(Bottleneck.UNKNOWN);
  }

  @Test
  void everyVusRequestInsideTheServiceIsNone() {
    assertThat(derive(service("virtual", 486).requestsActiveMax(51)).bottleneck())
        .isEqualTo(Bottleneck.NONE);
    assertThat(derive(service("virtual", 486).requestsActiveMax(41)).bottleneck())
        .as("40 of 50 besides the sampler's read: 80 %")
        .isEqualTo(Bottleneck.NONE);
    assertThat(derive(service("virtual", 400).requestsActiveMax(40)).bottleneck())
        .as("39 of 50")
        .isEqualTo(Bottleneck.UNKNOWN);
  }

  @Test
  void aFullPoolWithWaitersIsThePool() {
    assertThat(
            derive(
                    service("virtual", 300)
                        .hikariActiveMax(10)
                        .hikariPendingMax(3)
                        .requestsActiveMax(51))
                .bottleneck())
        .as("the pool before the load: requests were inside the service, waiting for it")
        .isEqualTo(Bottleneck.HIKARI_POOL);
    assertThat(derive(service("virtual", 300).hikariActiveMax(10).hikariPendingMax(0)).bottleneck())
        .as("all in use, none waiting: not shown to bind")
        .isEqualTo(Bottleneck.UNKNOWN);
  }

  @Test
  void cpuAndTheGeneratorComeFirst() {
    assertThat(
            derive(service("platform", 194).appCpuPct(95.0).tomcatBusyMax(20).tomcatMaxThreads(20))
                .bottleneck())
        .isEqualTo(Bottleneck.SUT_CPU);
    assertThat(derive(service("virtual", 486).loadCpuPct(99.0).requestsActiveMax(51)).bottleneck())
        .isEqualTo(Bottleneck.LOAD_GENERATOR);
  }

  @Test
  void unknownSaysWhatWasSeenOnce() {
    ResultRow seen =
        derive(
            service("platform", 150).tomcatBusyMax(12).tomcatMaxThreads(20).requestsActiveMax(13));
    assertThat(seen.bottleneck()).isEqualTo(Bottleneck.UNKNOWN);
    assertThat(seen.notes())
        .isEqualTo(
            "bottleneck unknown: Tomcat 12 of 20 threads busy, pool 7 of 10 in use, 0 waiting,"
                + " 12 of 50 VUs' requests in the service at once (80 % needed), CPU 10.0 %");
    assertThat(DerivedMetrics.derive(seen, SERVICE).notes())
        .as("derived again")
        .isEqualTo(seen.notes());

    ResultRow noActuator =
        derive(
            service("virtual", 480)
                .hikariActiveMax(null)
                .hikariPendingMax(null)
                .notes("no Actuator"));
    assertThat(noActuator.bottleneck()).isEqualTo(Bottleneck.UNKNOWN);
    assertThat(noActuator.notes())
        .isEqualTo(
            "no Actuator; bottleneck unknown: the pool not read (hikaricp.connections.active,"
                + " .pending), requests in progress not read (http.server.requests.active),"
                + " CPU 10.0 %");
  }

  @Test
  void vtbenchsOwnSutKeepsItsBound() {
    ResultRow own =
        DerivedMetrics.derive(
            Rows.row("platform", "released", 10, 50, 120)
                .workload("order-summary")
                .tomcatThreads(20)
                .requestsActiveMax(51)
                .build(),
            new Rig(100, 1, 1, 1));
    assertThat(own.bottleneck())
        .as("120 of a 200 req/s bound, nothing saturated")
        .isEqualTo(Bottleneck.UNKNOWN);
    assertThat(own.notes()).isNull();
  }
}
