package dev.vtbench.local.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vtbench.engine.seed.DbCpuSql;
import dev.vtbench.engine.seed.SeedSql;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The seed script against a real, throwaway PostgreSQL started from the machine's binaries. */
class LocalPostgresIT {

  static LocalPostgres pg;

  @BeforeAll
  static void start() {
    pg = LocalPostgres.throwaway(System.out::println);
  }

  @AfterAll
  static void stop() {
    if (pg != null) {
      pg.destroy();
    }
  }

  @Test
  void seedYieldsTheRequestedCountsAndIsIdempotent() throws SQLException {
    LocalPostgres.SeedResult first = pg.seed(1_000, 5_000, false);
    assertThat(first.alreadySeeded()).isFalse();
    assertThat(count("customers")).isEqualTo(1_000);
    assertThat(count("orders")).isEqualTo(5_000);

    LocalPostgres.SeedResult again = pg.seed(1_000, 5_000, false);
    assertThat(again.alreadySeeded()).isTrue();
    assertThat(count("orders")).isEqualTo(5_000);

    pg.seed(2_000, 3_000, false);
    assertThat(count("customers")).isEqualTo(2_000);
    assertThat(count("orders")).isEqualTo(3_000);
    // every order points at an existing customer (the foreign key is rebuilt after the load)
    assertThat(
            scalar(
                "SELECT count(*) FROM orders o LEFT JOIN customers c ON c.id = o.customer_id"
                    + " WHERE c.id IS NULL"))
        .isZero();
    // each name/surname pair matches exactly one customer (the users-by-name experiment)
    assertThat(
            scalar(
                "SELECT count(*) FROM (SELECT name, surname FROM customers"
                    + " GROUP BY 1, 2 HAVING count(*) > 1) d"))
        .isZero();
  }

  @Test
  void bootstrapAsSuperuserLeavesTablesReadableByTheDatabaseOwner() throws SQLException {
    // CloudNativePG runs postInitApplicationSQL as postgres inside the app's database.
    try (Connection c = pg.connect();
        Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS app");
      s.execute("DROP ROLE IF EXISTS app");
      s.execute("CREATE ROLE app LOGIN");
      s.execute("CREATE DATABASE app OWNER app");
    }
    String appDb = pg.jdbcUrl().replace("/bench", "/app");
    try (Connection su = DriverManager.getConnection(appDb, LocalPostgres.USER, "");
        Statement s = su.createStatement()) {
      s.execute(SeedSql.render(100, 300));
    }
    try (Connection app = DriverManager.getConnection(appDb, "app", "");
        Statement s = app.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT (SELECT count(*) FROM customers), (SELECT count(*) FROM orders),"
                    + " (SELECT tableowner FROM pg_tables WHERE tablename = 'orders')")) {
      rs.next();
      assertThat(rs.getLong(1)).isEqualTo(100);
      assertThat(rs.getLong(2)).isEqualTo(300);
      assertThat(rs.getString(3)).isEqualTo("app");
    }
  }

  /**
   * A user's own SQL (examples/byo-orders' schema, plus a serial column, an identity column and a
   * view) run as the superuser the way CloudNativePG runs it, then HandOverSql: the owner the
   * service connects as may write, draw from the sequences and migrate every table.
   */
  @Test
  void aUsersSqlRunAsTheSuperuserIsHandedToTheDatabaseOwner() throws Exception {
    try (Connection c = pg.connect();
        Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS orders");
      s.execute("DROP ROLE IF EXISTS orders_app");
      s.execute("CREATE ROLE orders_app LOGIN");
      s.execute("CREATE DATABASE orders OWNER orders_app");
    }
    String db = pg.jdbcUrl().replace("/bench", "/orders");
    String schema =
        java.nio.file.Files.readString(
            java.nio.file.Path.of("../../examples/byo-orders/db/schema.sql"));
    try (Connection su = DriverManager.getConnection(db, LocalPostgres.USER, "");
        Statement s = su.createStatement()) {
      s.execute(schema);
      s.execute("CREATE TABLE notes (id serial PRIMARY KEY, body text)");
      s.execute("CREATE TABLE audit (id bigint GENERATED ALWAYS AS IDENTITY, what text)");
      s.execute("CREATE VIEW big_orders AS SELECT * FROM orders WHERE total_cents > 1000");
      s.execute(dev.vtbench.engine.seed.HandOverSql.SQL);
      s.execute(dev.vtbench.engine.seed.HandOverSql.SQL); // twice: a no-op the second time
    }
    try (Connection app = DriverManager.getConnection(db, "orders_app", "");
        Statement s = app.createStatement()) {
      s.execute("INSERT INTO customers VALUES (1, 'Ada', 'gold')");
      s.execute("INSERT INTO orders VALUES (1, 1, 'NEW', 2500, now())");
      s.execute("INSERT INTO notes (body) VALUES ('a serial from the owner')");
      s.execute("INSERT INTO audit (what) VALUES ('an identity from the owner')");
      s.execute("ALTER TABLE orders ADD COLUMN note text");
      try (ResultSet rs =
          s.executeQuery(
              "SELECT (SELECT count(*) FROM big_orders),"
                  + " (SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid ="
                  + " c.relnamespace WHERE n.nspname = 'public' AND c.relkind IN"
                  + " ('r','v','S','i') AND pg_get_userbyid(c.relowner) <> 'orders_app')")) {
        rs.next();
        assertThat(rs.getLong(1)).isEqualTo(1);
        assertThat(rs.getLong(2)).as("objects in public not owned by the service's role").isZero();
      }
    }
  }

  /**
   * The function a cluster's SUT calls for the database's CPU time (DbCpuSql), installed as the
   * superuser the way CloudNativePG runs it: the owner reads a counter that grows with the work the
   * server does; any other role is refused.
   */
  @Test
  void theDbCpuFunctionCountsTheServersCpuForTheOwnerOnly() throws SQLException {
    try (Connection su = pg.connect();
        Statement s = su.createStatement()) {
      s.execute("DROP ROLE IF EXISTS cpu_owner");
      s.execute("DROP ROLE IF EXISTS cpu_other");
      s.execute("CREATE ROLE cpu_owner LOGIN");
      s.execute("CREATE ROLE cpu_other LOGIN");
      s.execute(DbCpuSql.render("cpu_owner"));
    }
    double before = dbCpuSecondsAs("cpu_owner");
    // about a second of CPU in the server
    scalar("SELECT count(*) FROM generate_series(1, 20000000)");
    double after = dbCpuSecondsAs("cpu_owner");

    assertThat(before).isPositive();
    assertThat(after - before).as("CPU seconds the query cost the server").isGreaterThan(0.2);
    assertThatThrownBy(() -> dbCpuSecondsAs("cpu_other"))
        .hasMessageContaining("permission denied for function " + DbCpuSql.FUNCTION);

    // the CFS files: this host's PostgreSQL sees its cgroup mount's top, which has CFS periods
    Map<String, String> cfs = dbCfsFilesAs("cpu_owner");
    assertThat(cfs.keySet()).containsAnyOf("cpu.stat", "v1/cpu.stat");
    String stat = cfs.containsKey("cpu.stat") ? cfs.get("cpu.stat") : cfs.get("v1/cpu.stat");
    assertThat(stat).contains("nr_periods").contains("nr_throttled");
    assertThatThrownBy(() -> dbCfsFilesAs("cpu_other"))
        .hasMessageContaining("permission denied for function " + DbCpuSql.CFS_FUNCTION);
  }

  private static Map<String, String> dbCfsFilesAs(String role) throws SQLException {
    Map<String, String> files = new LinkedHashMap<>();
    try (Connection c = DriverManager.getConnection(pg.jdbcUrl(), role, "");
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery("SELECT name, content FROM " + DbCpuSql.CFS_FUNCTION + "()")) {
      while (rs.next()) {
        files.put(rs.getString(1), rs.getString(2));
      }
    }
    return files;
  }

  private static double dbCpuSecondsAs(String role) throws SQLException {
    try (Connection c = DriverManager.getConnection(pg.jdbcUrl(), role, "");
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT " + DbCpuSql.FUNCTION + "()")) {
      rs.next();
      return rs.getDouble(1);
    }
  }

  private static long count(String table) throws SQLException {
    return scalar("SELECT count(*) FROM " + table);
  }

  private static long scalar(String sql) throws SQLException {
    try (Connection c = pg.connect();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
