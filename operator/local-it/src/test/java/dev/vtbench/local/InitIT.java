package dev.vtbench.local;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.model.BenchmarkRun;
import dev.vtbench.engine.model.SpecLoader;
import dev.vtbench.engine.model.spec.RequestSpec;
import dev.vtbench.local.process.LocalPostgres;
import dev.vtbench.local.process.ManagedProcess;
import dev.vtbench.local.process.Os;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code cd my-app && vtbench init target/app.jar} as a user runs it, through the launcher, on the
 * two example services in folders of their own (the jar a link to the example's build, the SQL in
 * db/): init starts the jar on a throwaway PostgreSQL built from that SQL, reads the real Actuator,
 * writes vtbench.yaml, and stops what it started. {@code vtbench run vtbench.yaml} then accepts the
 * spec as written: its only complaint is the k6 binary this test withholds, so nothing is
 * benchmarked. Last, a running service whose Actuator does not expose mappings is refused.
 */
class InitIT {

  static final Path CHECKOUT = Path.of("").toAbsolutePath();

  static Path work;

  @BeforeAll
  static void setUp() throws Exception {
    work = LocalRunIT.workDir("vtbench-init-it-");
  }

  @AfterAll
  static void tearDown() {
    LocalRunIT.stopDatabase(work);
  }

  /** A user's folder: target/NAME.jar (a link to the example's build) and db/ (its SQL). */
  static Path userFolder(String name, String jarProperty, String dbProperty) throws IOException {
    Path app = Files.createDirectories(work.resolve(name));
    Files.createDirectories(app.resolve("target"));
    Files.createSymbolicLink(
        app.resolve("target/" + name + ".jar"), LocalRunIT.checkoutFile(jarProperty));
    Path db = Files.createDirectories(app.resolve("db"));
    for (String f : List.of("schema.sql", "seed.sql")) {
      Files.copy(LocalRunIT.checkoutFile(dbProperty).resolve(f), db.resolve(f));
    }
    return app;
  }

  record Run(int code, String out) {}

  /** hack/vtbench (what make install puts on the PATH) with {@code args}, in {@code folder}. */
  static Run vtbench(Path folder, String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of(CHECKOUT.resolve("hack/vtbench").toString()));
    command.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(command).directory(folder.toFile());
    pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
    Path log = Files.createTempFile(work, "out-", ".log");
    Process p = pb.redirectErrorStream(true).redirectOutput(log.toFile()).start();
    if (!p.waitFor(300, TimeUnit.SECONDS)) {
      p.destroy();
      p.waitFor(30, TimeUnit.SECONDS);
      throw new AssertionError(command + " ran over 300 s:\n" + Files.readString(log));
    }
    String out = Files.readString(log);
    System.out.print(out);
    return new Run(p.exitValue(), out);
  }

  /** Whether a process still runs from {@code jar} (the link's path is on its command line). */
  static boolean runningFrom(Path jar) {
    return ProcessHandle.allProcesses()
        .anyMatch(h -> h.info().commandLine().map(c -> c.contains(jar.toString())).orElse(false));
  }

  /**
   * init, then what vtbench run says of the spec as written: its only complaint must be the k6
   * withheld (exit 3), so the spec itself and every file it names passed.
   */
  static BenchmarkRun initAndCheck(Path app, String jar) throws Exception {
    Run init =
        vtbench(app, "init", "target/" + jar, "--cache-dir", work.resolve("cache").toString());
    assertThat(init.code()).as(init.out()).isZero();
    assertThat(init.out())
        .contains("init: PostgreSQL for the service, from [")
        .contains("wrote " + app.resolve("vtbench.yaml"))
        .contains("next:    read its comments, then: vtbench run vtbench.yaml");
    assertThat(runningFrom(app.resolve("target/" + jar))).as("init stopped the service").isFalse();

    Path spec = app.resolve("vtbench.yaml");
    String written = Files.readString(spec);
    Run run =
        vtbench(
            app,
            "run",
            "vtbench.yaml",
            "--k6",
            work.resolve("no-k6").toString(),
            "--cache-dir",
            work.resolve("cache").toString());
    assertThat(run.code()).as(run.out()).isEqualTo(3);
    assertThat(run.out().lines().filter(l -> l.startsWith("vtbench: ")).toList())
        .as(run.out())
        .singleElement()
        .satisfies(l -> assertThat(l).startsWith("vtbench: k6 not found"));
    assertThat(spec).hasContent(written);
    return SpecLoader.load(spec);
  }

  static RequestSpec request(BenchmarkRun run, String path) {
    return run.spec.workload.requests.stream()
        .filter(r -> r.path.equals(path))
        .findFirst()
        .orElseThrow(() -> new AssertionError(path + " not in the mix"));
  }

  @Test
  void byoOrdersGetsItsLookupWithTheIdsOfItsOrdersTable() throws Exception {
    Path app = userFolder("byo-orders", "byo.orders.jar", "byo.orders.db");
    BenchmarkRun run = initAndCheck(app, "byo-orders.jar");

    assertThat(run.metadata.name).isEqualTo("byo-orders");
    assertThat(run.spec.sut.service.jar).isEqualTo("target/byo-orders.jar");
    assertThat(run.spec.sut.service.stubUrlEnv).isEqualTo("SHIPPING_QUOTE_URL");
    assertThat(run.spec.database.sql.files).containsExactly("db/schema.sql", "db/seed.sql");
    assertThat(run.spec.matrix.threadModes).containsExactly("platform", "virtual");
    // GET /orders needs customerId, which the mappings do not show: it answered 400
    assertThat(run.spec.workload.requests).extracting(r -> r.path).containsExactly("/orders/{id}");
    RequestSpec.Param id = request(run, "/orders/{id}").params.get("id");
    assertThat(List.of(id.from, id.to)).containsExactly(1L, 50_000L);
    assertThat(Files.readString(app.resolve("vtbench.yaml")))
        .contains("answered 400 to GET /orders at init")
        .contains("# {id}: ids 1..50000 of table orders (50000 rows)");
  }

  @Test
  void byoClinicGetsItsPagesWithTheIdsOfItsOwnersTable() throws Exception {
    Path app = userFolder("byo-clinic", "byo.clinic.jar", "byo.clinic.db");
    BenchmarkRun run = initAndCheck(app, "byo-clinic.jar");

    assertThat(run.metadata.name).isEqualTo("byo-clinic");
    assertThat(run.spec.sut.service.stubUrlEnv).isEqualTo("INSURANCE_QUOTE_URL");
    assertThat(run.spec.workload.requests)
        .extracting(r -> r.path)
        .containsExactly("/owners", "/owners/{id}", "/vets", "/vets.json");
    RequestSpec.Param id = request(run, "/owners/{id}").params.get("id");
    assertThat(List.of(id.from, id.to)).containsExactly(1L, 10_000L);
  }

  @Test
  void aRunningServiceThatDoesNotExposeMappingsIsRefused() throws Exception {
    Path app = userFolder("running", "byo.orders.jar", "byo.orders.db");
    try (LocalPostgres pg = LocalPostgres.throwaway(m -> {})) {
      String url =
          pg.freshDatabase(
              "orders",
              List.of(app.resolve("db/schema.sql"), app.resolve("db/seed.sql")),
              Duration.ofSeconds(60));
      int port = Os.freePort();
      // the service's own configuration exposes health and metrics only
      try (ManagedProcess service =
          ManagedProcess.start(
              ManagedProcess.Spec.of(
                  "byo-orders",
                  ManagedProcess.javaJar(app.resolve("target/running.jar"), List.of("-Xmx256m")),
                  Map.of(
                      "SERVER_PORT",
                      Integer.toString(port),
                      "SPRING_DATASOURCE_URL",
                      url,
                      "SPRING_DATASOURCE_USERNAME",
                      LocalPostgres.USER),
                  work.resolve("running.log")))) {
        service.awaitHttpOk(
            URI.create("http://127.0.0.1:" + port + "/actuator/health"), Duration.ofSeconds(180));
        Run init = vtbench(app, "init", "http://127.0.0.1:" + port);
        assertThat(init.code()).as(init.out()).isEqualTo(2);
        assertThat(init.out())
            .contains(
                "'s Actuator does not expose the mappings endpoint (it lists health, metrics)")
            .contains("add mappings to management.endpoints.web.exposure.include");
        assertThat(app.resolve("vtbench.yaml")).doesNotExist();
      } finally {
        pg.destroy();
      }
    }
  }
}
