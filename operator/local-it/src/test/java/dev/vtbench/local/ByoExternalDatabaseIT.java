package dev.vtbench.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vtbench.engine.results.csv.ResultsCsv;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.run.ScenarioRow;
import dev.vtbench.local.platform.LocalSecrets;
import dev.vtbench.local.process.LocalPostgres;
import dev.vtbench.local.process.Os;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * 'vtbench run' of examples/byo-orders on "the user's existing database" ({@code
 * spec.database.external}): the test starts a real PostgreSQL of its own, seeds it with the
 * example's schema and data as a user of its own that must give its password, and puts the URL,
 * user and password in a folder of Secrets, as a user would. vtbench starts no database, the
 * service reaches that one only through the files, the rows say what they cannot know of it, and
 * the password appears in no output and no file of the run.
 */
class ByoExternalDatabaseIT {

  static final String USER = "shop";
  static final String PASSWORD = "correct-horse-" + Long.toHexString(System.nanoTime());

  static Path work;
  static LocalPostgres theirs;
  static String url;

  @BeforeAll
  static void theUsersDatabase() throws Exception {
    work = LocalRunIT.workDir("vtbench-byo-extdb-it-");
    theirs = LocalPostgres.throwaway(m -> {});
    Path db = Path.of(System.getProperty("byo.orders.db"));
    try (Connection c = theirs.connect();
        Statement s = c.createStatement()) {
      s.execute("CREATE ROLE " + USER + " LOGIN PASSWORD '" + PASSWORD + "'");
      s.execute("CREATE DATABASE " + USER + " OWNER " + USER);
    }
    url = "jdbc:postgresql://127.0.0.1:" + theirs.port() + "/" + USER;
    // Its own tables, made and filled as its own user.
    try (Connection c = DriverManager.getConnection(url, USER, "");
        Statement s = c.createStatement()) {
      s.execute(Files.readString(db.resolve("schema.sql")));
      s.execute(Files.readString(db.resolve("seed.sql")));
    }
    // From now on every user but the test's superuser gives its password (scram-sha-256).
    Files.writeString(
        theirs.dataDir().resolve("pg_hba.conf"),
        """
        host all vtbench 127.0.0.1/32 trust
        host all all 127.0.0.1/32 scram-sha-256
        """);
    try (Connection c = theirs.connect();
        Statement s = c.createStatement()) {
      s.execute("SELECT pg_reload_conf()");
    }
    assertThatThrownBy(() -> DriverManager.getConnection(url, USER, "wrong").close())
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("password authentication failed");
    DriverManager.getConnection(url, USER, PASSWORD).close();
  }

  @AfterAll
  static void tearDown() {
    if (theirs != null) {
      theirs.destroy();
    }
    LocalRunIT.stopDatabase(work);
  }

  /** The folder of Secrets: {@code <dir>/shop-db/{url,username,password}}, each ending in \n. */
  static Path secrets(boolean withPassword) throws Exception {
    Path dir = work.resolve(withPassword ? "secrets" : "secrets-without-password");
    Path secret = Files.createDirectories(dir.resolve("shop-db"));
    Files.writeString(secret.resolve("url"), url + "\n");
    Files.writeString(secret.resolve("username"), USER + "\n");
    if (withPassword) {
      Files.writeString(secret.resolve("password"), PASSWORD + "\n");
    }
    return dir;
  }

  static Path spec() throws Exception {
    Path spec = work.resolve("byo-extdb.yaml");
    Files.writeString(
        spec,
        """
        apiVersion: vtbench.dev/v1alpha1
        kind: BenchmarkRun
        metadata: {name: byo-extdb}
        spec:
          sut:
            cpu: 1
            memory: 512Mi
            tomcatMaxThreads: 8
            service:
              jar: %s
              port: %d
              stubUrlEnv: SHIPPING_QUOTE_URL
          workload:
            stubDelay: 50ms
            requests:
              - {path: "/orders/{id}", params: {id: {from: 1, to: 50000}}, weight: 3}
              - {path: "/orders/{id}", params: {id: {from: 60000, to: 61000}}, expectedStatus: [404]}
          database: {external: {secret: shop-db}}
          stub: {cpu: 1, memory: 256Mi}
          load: {ramp: 1s, warmup: 1s, hold: 6s, sutWarmup: 5s, cpu: 1}
          matrix: {threadModes: [virtual], hikariPoolSizes: [4], concurrency: [16], repetitions: 1}
        """
            .formatted(LocalRunIT.checkoutFile("byo.orders.jar"), Os.freePort()));
    return spec;
  }

  static LocalRunIT.Result run(Path secrets) throws Exception {
    List<String> args =
        new java.util.ArrayList<>(
            List.of(LocalRunIT.runArgs(spec(), work, System.getProperty("vtbench.k6"))));
    args.addAll(List.of("--secrets", secrets.toString()));
    return LocalRunIT.vtbench(args.toArray(String[]::new));
  }

  static long commits() throws SQLException {
    try (Connection c = theirs.connect();
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT xact_commit FROM pg_stat_database WHERE datname = '" + USER + "'")) {
      rs.next();
      return rs.getLong(1);
    }
  }

  @Test
  void theServiceRunsOnTheUsersDatabaseThroughTheSecretsFolder() throws Exception {
    long before = commits();

    LocalRunIT.Result r = run(secrets(true));

    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("PostgreSQL: none started").contains("spec.database.external");
    Path dir = work.resolve("results/byo-extdb");
    ResultRow row = ResultsCsv.read(dir.resolve("matrix.csv")).getFirst();
    assertThat(row.workload()).isEqualTo("service");
    assertThat(row.throughputRps()).isPositive();
    // every lookup reads the user's database; a quarter expects 404: no errors at all
    assertThat(row.errorRate()).isLessThan(0.01);
    assertThat(row.hikariActiveMax()).isBetween(0, 4);
    // what the run cannot know of that database, and why
    assertThat(row.pgCpuPct()).isNull();
    // every tier on this host but the database, which is not vtbench's to place
    assertThat(row.tierNodes()).isEqualTo("sut=%1$s;stub=%1$s;load=%1$s".formatted(row.node()));
    assertThat(row.notes())
        .contains(ScenarioRow.EXTERNAL_DATABASE_NOTE)
        .doesNotContain("only vtbench's own SUT reads its database's CPU");
    // the requests reached it: at least one transaction each
    assertThat(commits() - before).isGreaterThanOrEqualTo(row.httpReqs());
    // vtbench started no PostgreSQL of its own
    assertThat(LocalPostgres.dataDirUnder(work.resolve("cache"))).doesNotExist();
    // the password is in the user's file only: no output, log, script or result holds it, and
    // the links the service read through are gone with the run
    assertThat(r.out() + r.err()).doesNotContain(PASSWORD);
    assertThat(dir.resolve(LocalSecrets.CONFIG_TREE)).doesNotExist();
    try (Stream<Path> files = Files.walk(work.resolve("results"))) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        assertThat(new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1))
            .as("%s", f)
            .doesNotContain(PASSWORD);
      }
    }
  }

  @Test
  void aSecretFolderWithoutThePasswordStopsTheRunBeforeAnythingStarts() throws Exception {
    Path secrets = secrets(false);

    LocalRunIT.Result r = run(secrets);

    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err())
        .contains(
            "vtbench: spec.database.external.secret 'shop-db': no readable file "
                + secrets.resolve("shop-db/password").toAbsolutePath())
        .contains("(key password)");
    assertThat(r.out()).doesNotContain("starting");
  }
}
