package dev.vtbench.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.vtbench.engine.results.csv.ResultsCsv;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.local.process.LocalPostgres;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every workload the examples use, run end to end at a tiny scale ('vtbench run' on real
 * PostgreSQL, stub, SUT and k6): each endpoint, the synchronized path and the open model, one row
 * each, checked against what the workload must cost. LocalRunIT covers the CLI's resume and errors.
 */
class WorkloadsRunIT {

  static Path work;

  @BeforeAll
  static void setUp() throws Exception {
    work = Files.createTempDirectory("vtbench-workloads-it-");
    // the database runs as another user when we are root: let it reach the cache folder
    Files.setPosixFilePermissions(work, PosixFilePermissions.fromString("rwxr-xr-x"));
  }

  @AfterAll
  static void tearDown() {
    LocalPostgres.stopIfRunning(LocalPostgres.dataDirUnder(work.resolve("cache")));
  }

  @Test
  void aDownstreamCallCostsItsDelayAndNoDatabase() throws Exception {
    ResultRow row =
        run("downstream", "{endpoint: downstream, stubDelay: 40ms, connectionMode: released}");

    assertThat(row.workload()).isEqualTo("downstream");
    assertThat(row.p50Ms()).isGreaterThanOrEqualTo(40.0);
    assertThat(row.stubDelayMs()).isEqualTo(40.0);
    assertThat(row.serviceFloorMs()).isEqualTo(40.0);
  }

  @Test
  void aDatabaseSleepHoldsAConnectionForItsDurationAndCallsNoStub() throws Exception {
    ResultRow row = run("db-sleep", "{endpoint: db-sleep, blockFor: 40ms, connectionMode: held}");

    assertThat(row.p50Ms()).isGreaterThanOrEqualTo(40.0);
    // the sleep runs in PostgreSQL on a pooled connection: 5 users, pool 5
    assertThat(row.hikariActiveMax()).isBetween(1, 5);
    assertThat(row.stubDelayMs()).as("no stub call: no stub delay").isNull();
    assertThat(row.serviceFloorMs()).isEqualTo(40.0);
  }

  @Test
  void aSleepBlocksTheRequestThreadForItsDuration() throws Exception {
    ResultRow row = run("sleep", "{endpoint: sleep, blockFor: 60ms, connectionMode: released}");

    assertThat(row.p50Ms()).isGreaterThanOrEqualTo(60.0);
    assertThat(row.stubDelayMs()).isNull();
    assertThat(row.serviceFloorMs()).isEqualTo(60.0);
    // 5 users each waiting 60 ms: at most 5 / 0.06 = 83 req/s
    assertThat(row.throughputRps()).isLessThanOrEqualTo(5 / 0.060 * 1.05);
    assertThat(row.littlesLawBoundRps()).isCloseTo(5 / 0.060, within(0.5));
  }

  @Test
  void theUsersLookupQueriesThenCallsThePerRowService() throws Exception {
    ResultRow row = run("users", "{endpoint: users, stubDelay: 30ms, connectionMode: released}");

    assertThat(row.workload()).isEqualTo("users");
    assertThat(row.errorRate()).isZero();
    assertThat(row.p50Ms()).isGreaterThanOrEqualTo(30.0);
    assertThat(row.hikariActiveMax()).isPositive();
  }

  @Test
  void theSynchronizedPathDoesNotPinAVirtualThreadOnJava25() throws Exception {
    ResultRow row =
        run(
            "pinning",
            "{endpoint: order-summary, stubDelay: 30ms, connectionMode: released,"
                + " pathMode: synchronized}");

    assertThat(row.pathMode()).isEqualTo("synchronized");
    assertThat(row.threadMode()).isEqualTo("virtual");
    assertThat(row.p50Ms()).isGreaterThanOrEqualTo(30.0);
    // JEP 491: blocking inside synchronized unmounts the virtual thread, so no pinned event
    assertThat(row.pinnedEvents()).isZero();
  }

  @Test
  void theOpenModelSendsItsTargetRateAndSaysWhetherItWasMet() throws Exception {
    ResultRow row =
        run(
            "open",
            "{endpoint: order-summary, stubDelay: 20ms, connectionMode: released}",
            "executor: constant-arrival-rate, maxVUs: 20,",
            40);

    assertThat(row.executor()).isEqualTo("constant-arrival-rate");
    assertThat(row.targetRps()).isEqualTo(40.0);
    // 40 req/s of 20 ms requests is far below what 20 VUs and one core serve
    assertThat(row.throughputRps()).isCloseTo(40.0, within(4.0));
    assertThat(row.droppedIterations()).isNotNull().isLessThanOrEqualTo(2L);
    assertThat(row.overloaded()).isFalse();
  }

  /** One virtual-thread row of {@code workload} at 5 users (or {@code level}), pool 5. */
  static ResultRow run(String name, String workload) throws Exception {
    return run(name, workload, "executor: ramping-vus,", 5);
  }

  static ResultRow run(String name, String workload, String executor, int level) throws Exception {
    Path spec = work.resolve(name + ".yaml");
    Files.writeString(
        spec,
        """
        apiVersion: vtbench.dev/v1alpha1
        kind: BenchmarkRun
        metadata: {name: %s}
        spec:
          workload: %s
          sut: {cpu: 1, memory: 512Mi, tomcatMaxThreads: 20}
          stub: {cpu: 1, memory: 256Mi}
          database: {cpu: 1, seed: {customers: 1000, orders: 5000}}
          load: {%s ramp: 1s, warmup: 1s, hold: 3s, sutWarmup: 2s, cpu: 1}
          matrix: {threadModes: [virtual], hikariPoolSizes: [5], concurrency: [%d], repetitions: 1}
        """
            .formatted(name, workload, executor, level));
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream oldErr = System.err;
    System.setErr(new PrintStream(err, true));
    int code;
    try {
      code =
          Main.execute(
              "run",
              spec.toString(),
              "--results",
              work.resolve("results").toString(),
              "--cache-dir",
              work.resolve("cache").toString(),
              "--k6",
              System.getProperty("vtbench.k6"),
              "--sut-jar",
              System.getProperty("vtbench.sut.jar"),
              "--stub-jar",
              System.getProperty("vtbench.stub.jar"));
    } finally {
      System.setErr(oldErr);
      System.err.print(err);
    }
    assertThat(code).as(err.toString()).isZero();
    List<ResultRow> rows =
        ResultsCsv.read(work.resolve("results").resolve(name).resolve("matrix.csv"));
    assertThat(rows).hasSize(1);
    ResultRow row = rows.getFirst();
    assertThat(row.throughputRps()).isPositive();
    assertThat(row.errorRate()).isLessThan(0.01);
    return row;
  }
}
