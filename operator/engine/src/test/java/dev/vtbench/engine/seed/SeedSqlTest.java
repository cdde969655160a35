package dev.vtbench.engine.seed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SeedSqlTest {

  @Test
  void rendersSizesAndLeavesNoPlaceholder() {
    String sql = SeedSql.render(1234, 56789);
    assertThat(sql)
        .contains("want_customers constant bigint := 1234;")
        .contains("want_orders    constant bigint := 56789;")
        .doesNotContain("{{");
  }

  @Test
  void rejectsNonPositiveSizesNamingTheField() {
    assertThatThrownBy(() -> SeedSql.render(0, 10))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("seed.customers");
    assertThatThrownBy(() -> SeedSql.render(10, -1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("seed.orders");
  }
}
