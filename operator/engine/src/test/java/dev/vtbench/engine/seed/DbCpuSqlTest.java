package dev.vtbench.engine.seed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The database-CPU function's script; LocalPostgresIT runs it against a real PostgreSQL. */
class DbCpuSqlTest {

  @Test
  void onlyTheOwnerMayCallTheFunctions() {
    String sql = DbCpuSql.render("bench");

    assertThat(sql)
        .contains("CREATE OR REPLACE FUNCTION vtbench_db_cpu_seconds()")
        .contains("SECURITY DEFINER")
        .contains("SET search_path = pg_catalog, pg_temp")
        .contains("REVOKE ALL ON FUNCTION vtbench_db_cpu_seconds() FROM PUBLIC;")
        .contains("GRANT EXECUTE ON FUNCTION vtbench_db_cpu_seconds() TO bench;")
        .contains(
            "CREATE OR REPLACE FUNCTION vtbench_db_cfs() RETURNS TABLE (name text, content text)")
        .contains("REVOKE ALL ON FUNCTION vtbench_db_cfs() FROM PUBLIC;")
        .contains("GRANT EXECUTE ON FUNCTION vtbench_db_cfs() TO bench;")
        .doesNotContain("{{");
    assertThat(sql.split("LANGUAGE plpgsql SECURITY DEFINER", -1)).as("both functions").hasSize(3);
  }

  @Test
  void anOwnerThatIsNotAPlainIdentifierIsRefused() {
    for (String bad : new String[] {"bench; DROP TABLE orders", "Bench", "", "1app", "\"x\""}) {
      assertThatThrownBy(() -> DbCpuSql.render(bad))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("database owner must be a lower-case SQL identifier");
    }
  }
}
