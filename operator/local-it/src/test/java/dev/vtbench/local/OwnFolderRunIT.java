package dev.vtbench.local;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.results.csv.ResultsCsv;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.local.platform.LocalDatabase;
import dev.vtbench.local.process.Os;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * vtbench as a user runs it on a service of their own: the jar and SQL in a folder outside the
 * checkout, the spec in that folder's {@code bench/}, and {@code vtbench} the command {@code make
 * install} put on the PATH, started in the service's folder. The spec names its files the ways a
 * user writes them: relative to its own folder through {@code ..} (not to the working directory,
 * where they would miss), through a symlink (the jar) and absolute (the seed); vtbench finds its
 * own stub jar where it is installed. One thread mode at one level, a 6 s hold: about a minute.
 */
class OwnFolderRunIT {

  /** The checkout: failsafe runs the tests in it. */
  static final Path CHECKOUT = Path.of("").toAbsolutePath();

  static Path work;
  static Path app;
  static Path prefix;

  @BeforeAll
  static void setUp() throws Exception {
    work = LocalRunIT.workDir("vtbench-own-folder-it-");
    app = Files.createDirectories(work.resolve("app"));
    prefix = work.resolve("prefix");
  }

  @AfterAll
  static void tearDown() throws Exception {
    LocalRunIT.stopDatabase(work);
    make("uninstall");
  }

  /** The service's folder: its jar (a link to the example's build), its schema; the seed apart. */
  static Path userFolder() throws Exception {
    Path jar = LocalRunIT.checkoutFile("byo.orders.jar");
    Path db = LocalRunIT.checkoutFile("byo.orders.db");
    Files.createDirectories(app.resolve("target"));
    Files.createSymbolicLink(app.resolve("target/orders.jar"), jar);
    Files.createDirectories(app.resolve("db"));
    Files.copy(db.resolve("schema.sql"), app.resolve("db/schema.sql"));
    Path seed = Files.createDirectories(work.resolve("shared")).resolve("seed.sql");
    Files.copy(db.resolve("seed.sql"), seed);
    Path spec = Files.createDirectories(app.resolve("bench")).resolve("vtbench.yaml");
    Files.writeString(
        spec,
        """
        apiVersion: vtbench.dev/v1alpha1
        kind: BenchmarkRun
        metadata: {name: own-folder}
        spec:
          sut:
            cpu: 1
            memory: 512Mi
            tomcatMaxThreads: 8
            service:
              jar: ../target/orders.jar
              port: %d
              stubUrlEnv: SHIPPING_QUOTE_URL
          workload:
            stubDelay: 50ms
            requests:
              - {path: "/orders/{id}", params: {id: {from: 1, to: 50000}}}
          database: {cpu: 1, sql: {files: [../db/schema.sql, %s]}}
          stub: {cpu: 1, memory: 256Mi}
          load: {ramp: 1s, warmup: 1s, hold: 6s, sutWarmup: 5s, cpu: 1}
          matrix: {threadModes: [virtual], hikariPoolSizes: [4], concurrency: [16], repetitions: 1}
        """
            .formatted(Os.freePort(), seed));
    return spec;
  }

  @Test
  void aServiceInItsOwnFolderRunsThroughTheInstalledCommandToRows() throws Exception {
    try (Stream<Path> jars = Files.list(CHECKOUT.resolve("operator/local/target"))) {
      assertThat(jars.map(Path::toString).filter(j -> j.endsWith("-cli.jar")))
          .as("the CLI jar, built before this module's tests (else the launcher builds it)")
          .isNotEmpty();
    }
    Path spec = userFolder();
    assertThat(make("install")).isZero();
    Path installed = prefix.resolve("bin/vtbench");
    assertThat(Files.readSymbolicLink(installed)).isEqualTo(CHECKOUT.resolve("hack/vtbench"));

    Run version = vtbench("--version");
    assertThat(version.code()).as(version.out()).isZero();
    assertThat(version.out())
        .contains("home:         " + CHECKOUT + "\n")
        .contains("stub jar:     " + CHECKOUT.resolve(Installation.STUB_JAR) + "\n");

    Run run =
        vtbench(
            "run",
            app.relativize(spec).toString(),
            "--results",
            "results",
            "--cache-dir",
            work.resolve("cache").toString(),
            "--k6",
            System.getProperty("vtbench.k6"));

    assertThat(run.code()).as(run.out()).isZero();
    Path dir = app.resolve("results/own-folder");
    List<ResultRow> rows = ResultsCsv.read(dir.resolve("matrix.csv"));
    assertThat(rows).extracting(ResultRow::scenarioId).containsExactly("r1-virtual-pool4-c16");
    ResultRow row = rows.getFirst();
    assertThat(row.throughputRps()).isPositive();
    assertThat(row.errorRate()).isLessThan(0.01); // the SQL's orders were there to be read
    assertThat(row.p50Ms()).isGreaterThanOrEqualTo(50.0); // the stub's 50 ms, so the stub ran
    assertThat(row.sutArtifact()).matches("sha256:[0-9a-f]{16}");
    assertThat(dir.resolve("spec.yaml")).hasSameTextualContentAs(spec);
    assertThat(run.out())
        .contains(
            "PostgreSQL: a fresh database "
                + LocalDatabase.SERVICE_DATABASE
                + " from ["
                + app.resolve("db/schema.sql")
                + ", "
                + work.resolve("shared/seed.sql")
                + "]");

    assertThat(make("uninstall")).isZero();
    assertThat(installed).doesNotExist();
  }

  record Run(int code, String out) {}

  /** {@code vtbench args} as the installed command, found on the PATH, in the service's folder. */
  static Run vtbench(String... args) throws Exception {
    // a shell looks vtbench up on the PATH given here; ProcessBuilder would search this JVM's
    List<String> command = new ArrayList<>(List.of("sh", "-c", "exec vtbench \"$@\"", "vtbench"));
    command.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(command).directory(app.toFile());
    Map<String, String> env = pb.environment();
    env.put("PATH", prefix.resolve("bin") + ":" + env.getOrDefault("PATH", "/usr/bin:/bin"));
    env.put("JAVA_HOME", System.getProperty("java.home"));
    env.remove(Installation.HOME_ENV);
    return finish(pb, 300);
  }

  /** {@code make target PREFIX=<work>/prefix} in the checkout. */
  static int make(String target) throws Exception {
    ProcessBuilder pb =
        new ProcessBuilder(
            "make", "-s", "-C", CHECKOUT.toString(), target, "PREFIX=" + prefix.toString());
    return finish(pb, 60).code();
  }

  private static Run finish(ProcessBuilder pb, long seconds) throws Exception {
    Path log = Files.createTempFile(work, "out-", ".log");
    Process p = pb.redirectErrorStream(true).redirectOutput(log.toFile()).start();
    if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
      p.destroy(); // SIGTERM: vtbench's hook stops what it started
      p.waitFor(30, TimeUnit.SECONDS);
      throw new AssertionError(
          String.join(" ", pb.command()) + " ran over " + seconds + " s:\n" + read(log));
    }
    String out = read(log);
    System.out.print(out);
    return new Run(p.exitValue(), out);
  }

  private static String read(Path log) throws IOException {
    return Files.readString(log);
  }
}
