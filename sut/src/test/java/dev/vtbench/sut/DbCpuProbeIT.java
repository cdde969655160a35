package dev.vtbench.sut;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.seed.DbCpuSql;
import dev.vtbench.local.process.HttpJson;
import dev.vtbench.local.process.LocalPostgres;
import java.sql.Connection;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * On a cluster the SUT reports the database's CPU time beside its own, through the function the
 * operator installs (DbCpuSql), read at the same moments: the runner cannot reach the database.
 */
class DbCpuProbeIT {

  @Test
  void theSutReportsTheDatabasesCpuWhenToldTheFunction() throws Exception {
    RealStack stack = RealStack.get();
    try (Connection su = stack.pg.connect();
        Statement s = su.createStatement()) {
      s.execute(DbCpuSql.render(LocalPostgres.USER));
    }
    try (RealStack.Sut sut =
        stack.sut(
            Map.of(
                "VT_ENABLED",
                "true",
                DbCpuSql.FUNCTION_ENV,
                DbCpuSql.FUNCTION,
                DbCpuSql.CFS_FUNCTION_ENV,
                DbCpuSql.CFS_FUNCTION))) {
      HttpJson.Response reset = HttpJson.post(sut.url() + "/api/runtime-info/reset");
      double start = seconds(reset);
      try (Connection c = stack.pg.connect();
          Statement s = c.createStatement()) {
        s.executeQuery("SELECT count(*) FROM generate_series(1, 20000000)").close();
      }
      double end = seconds(HttpJson.get(sut.url() + "/api/runtime-info"));

      assertThat(start).isPositive();
      assertThat(end - start).as("the query's CPU in the server").isGreaterThan(0.2);
      // the database's cgroup as the function hands it over: this host's PostgreSQL has no CPU
      // limit of its own, so periods and throttling are whatever its mount's top says, the limit
      // none
      assertThat(reset.at("dbCfs")).as("dbCfs in " + reset.body()).isInstanceOf(Map.class);
      assertThat(reset.at("dbCfs.periods")).isInstanceOf(Number.class);
      assertThat(reset.at("dbCfs.throttledPeriods")).isInstanceOf(Number.class);
    }
  }

  @Test
  void withoutTheFunctionTheSutReportsNoDatabaseCpu() throws Exception {
    try (RealStack.Sut sut = RealStack.get().sut(Map.of("VT_ENABLED", "true"))) {
      HttpJson.Response info = HttpJson.get(sut.url() + "/api/runtime-info");

      assertThat(info.status()).isEqualTo(200);
      assertThat(info.at("dbCpuSeconds")).isNull();
      assertThat(info.at("dbCfs")).isNull();
      assertThat(info.at("virtualThreadParallelism")).isInstanceOf(Number.class);
      assertThat(info.at("processCpuSeconds")).isNotNull();
    }
  }

  private static double seconds(HttpJson.Response info) {
    if (info.at("dbCpuSeconds") instanceof Number n) {
      return n.doubleValue();
    }
    throw new AssertionError("no dbCpuSeconds in " + info.body());
  }
}
