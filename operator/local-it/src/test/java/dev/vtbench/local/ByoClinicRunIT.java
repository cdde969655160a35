package dev.vtbench.local;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.results.csv.ResultsCsv;
import dev.vtbench.engine.results.row.Bottleneck;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.local.process.Os;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * 'vtbench run' on examples/byo-clinic at tiny scale: a service of the kind users said never
 * reached steady state on platform threads (JPA, Thymeleaf pages, Actuator; PetClinic-like),
 * through a mix over its pages with an expected 404, the stub behind the URL it reads from
 * INSURANCE_QUOTE_URL. Each row is judged steady, or the run says why not.
 */
class ByoClinicRunIT {

  static Path work;

  @BeforeAll
  static void setUp() throws Exception {
    work = LocalRunIT.workDir("vtbench-byo-clinic-it-");
  }

  @AfterAll
  static void tearDown() {
    LocalRunIT.stopDatabase(work);
  }

  /**
   * examples/byo-clinic.yaml's mix in small: owner pages (each with an insurance quote), owners by
   * last name a page at a time, the vets page, and one request in eight for an owner that does not
   * exist, expecting the 404 page.
   */
  static final String MIX =
      """
          requests:
            - {path: "/owners/{id}", params: {id: {from: 1, to: 10000}}, weight: 4}
            - path: "/owners?lastName={lastName}&page={page}"
              params: {lastName: {values: [Davis, Franklin, Garcia]}, page: {from: 0, to: 19}}
              weight: 2
            - {path: "/vets", weight: 1}
            - {path: "/owners/{missing}", params: {missing: {from: 20000, to: 30000}}, expectedStatus: [404]}
      """;

  static Path spec(String name) throws Exception {
    Path db = LocalRunIT.checkoutFile("byo.clinic.db");
    Path spec = work.resolve(name + ".yaml");
    Files.writeString(
        spec,
        """
        apiVersion: vtbench.dev/v1alpha1
        kind: BenchmarkRun
        metadata: {name: %s}
        spec:
          sut:
            cpu: 1
            memory: 512Mi
            tomcatMaxThreads: 8
            service:
              jar: %s
              port: %d
              stubUrlEnv: INSURANCE_QUOTE_URL
          workload:
            stubDelay: 50ms
        %s  database: {cpu: 1, sql: {files: [%s, %s]}}
          stub: {cpu: 1, memory: 256Mi}
          load: {ramp: 1s, warmup: 1s, hold: 11s, sutWarmup: 20s, cpu: 1}
          matrix: {threadModes: [platform, virtual], hikariPoolSizes: [4], concurrency: [16], repetitions: 1}
        """
            .formatted(
                name,
                LocalRunIT.checkoutFile("byo.clinic.jar"),
                Os.freePort(),
                MIX,
                db.resolve("schema.sql"),
                db.resolve("seed.sql")));
    return spec;
  }

  @Test
  void theClinicsPagesAreMeasuredAndEachRowIsSteadyOrSaysWhyNot() throws Exception {
    Path spec = spec("byo-clinic");

    long started = System.nanoTime();
    LocalRunIT.Result r =
        LocalRunIT.vtbench(LocalRunIT.runArgs(spec, work, System.getProperty("vtbench.k6")));
    long seconds = (System.nanoTime() - started) / 1_000_000_000L;

    assertThat(r.code()).as(r.err()).isZero();
    Path dir = work.resolve("results").resolve("byo-clinic");
    List<ResultRow> rows = ResultsCsv.read(dir.resolve("matrix.csv"));
    for (ResultRow row : rows) {
      System.out.printf(
          "byo-clinic %s: %.1f req/s, p50 %.1f ms, p99 %.1f ms, errors %.4f, steady %s, warm-up"
              + " %s s, app CPU %s %%, bottleneck %s (run took %d s)%n",
          row.threadMode(),
          row.throughputRps(),
          row.p50Ms(),
          row.p99Ms(),
          row.errorRate(),
          row.steadyState(),
          row.warmupS(),
          row.appCpuPct(),
          row.bottleneck(),
          seconds);
    }
    assertThat(rows)
        .extracting(ResultRow::scenarioId)
        .containsExactly("r1-platform-pool4-c16", "r1-virtual-pool4-c16");
    for (ResultRow row : rows) {
      assertThat(row.workload()).isEqualTo(ResultRow.OWN_SERVICE_WORKLOAD);
      assertThat(row.throughputRps()).isPositive();
      assertThat(row.httpReqs()).isPositive();
      // one request in eight asks for a missing owner and expects its 404 page: were those
      // counted as errors, the error rate would be near 0.125
      assertThat(row.errorRate()).isLessThan(0.01);
      assertThat(row.tomcatThreads()).isEqualTo(8);
      assertThat(row.stubDelayMs()).isEqualTo(50.0);
      // from Actuator: Tomcat's maximum as the service runs it (none on virtual threads), the
      // pool, threads and heap
      assertThat(row.tomcatMaxThreads()).isEqualTo(row.threadMode().equals("platform") ? 8 : 0);
      assertThat(row.hikariActiveMax()).isBetween(0, 4);
      assertThat(row.hikariPendingMax()).isNotNull();
      assertThat(row.jvmThreadsMax()).isPositive();
      assertThat(row.heapMbMax()).isPositive();
      assertThat(row.requestsActiveMax()).isPositive();
      if (row.bottleneck() == Bottleneck.UNKNOWN) {
        assertThat(row.notes()).contains("bottleneck unknown: ");
      }
      // from the process
      assertThat(row.appCpuPct()).isPositive();
      assertThat(row.rssMbMax()).isPositive();
      assertThat(row.holdCv()).isNotNull(); // windows from Actuator's request count
      // steady, or the row and the run say why not: a warm-up spent unsteady names the criterion
      // that failed and what to set; a hold that drifted, its two thirds
      assertThat(row.steadyState()).isNotNull();
      if (!row.steadyState()) {
        assertThat(row.notes()).contains("not steady: ");
        assertThat(r.out())
            .containsAnyOf("warm-up spent after ", "SUT: the hold drifted: ")
            .containsAnyOf(
                "spec.sut.cpu: ", "spec.load.sutWarmup: ", "more warm-up does not", "drifted");
      }
    }
    // the mix reached the service's own pages, the 404 entry with its expected status
    String script = Files.readString(dir.resolve("k6/r1-platform-pool4-c16.js"));
    assertThat(script)
        .contains("\"path\" : \"/owners?lastName={lastName}&page={page}\"")
        .contains("\"path\" : \"/vets\"")
        .contains("\"path\" : \"/owners/{missing}\"");
    assertThat(r.out()).contains("service: starting platform threads, pool 4");
  }
}
