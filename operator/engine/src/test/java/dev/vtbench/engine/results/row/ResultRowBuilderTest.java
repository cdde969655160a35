package dev.vtbench.engine.results.row;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vtbench.engine.results.Rows;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class ResultRowBuilderTest {

  /** A value of {@code type} that no default and no other sample equals. */
  private static Object sample(Class<?> type, int salt) {
    if (type == int.class || type == Integer.class) {
      return 1000 + salt;
    }
    if (type == long.class || type == Long.class) {
      return 2000L + salt;
    }
    if (type == double.class || type == Double.class) {
      return 3000.5 + salt;
    }
    if (type == String.class) {
      return "s" + salt;
    }
    if (type == Boolean.class) {
      return Boolean.TRUE;
    }
    if (type == Instant.class) {
      return Instant.parse("2026-05-10T14:03:22Z").plusSeconds(salt);
    }
    if (type == Bottleneck.class) {
      return Bottleneck.SUT_CPU;
    }
    throw new AssertionError("no sample for " + type);
  }

  @Test
  void everyComponentHasASetterThatSetsThatComponentAndNoOther() throws Exception {
    ResultRow base = Rows.row("platform", "released", 10, 100, 990.5).build();
    RecordComponent[] components = ResultRow.class.getRecordComponents();
    for (int i = 0; i < components.length; i++) {
      RecordComponent c = components[i];
      Method setter = ResultRowBuilder.class.getMethod(c.getName(), c.getType());
      Object value = sample(c.getType(), i);
      // the row normalises modes to lower case; the samples already are
      ResultRow row = ((ResultRowBuilder) setter.invoke(base.toBuilder(), value)).build();
      for (RecordComponent other : components) {
        Object expected = other == c ? value : other.getAccessor().invoke(base);
        assertThat(other.getAccessor().invoke(row))
            .as(c.getName() + " → " + other.getName())
            .isEqualTo(expected);
      }
    }
  }

  @Test
  void defaultsAreNormalPathReleasedConnectionFirstRepAndNothingMeasured() {
    ResultRow row = ResultRow.builder().ts(Instant.EPOCH).threadMode("virtual").build();
    assertThat(row.pathMode()).isEqualTo(ResultRow.NORMAL);
    assertThat(row.connMode()).isEqualTo(ResultRow.RELEASED);
    assertThat(row.rep()).isEqualTo(1);
    assertThat(row.throughputRps()).isNaN();
    assertThat(row.hikariPool()).isZero();
    assertThat(row.p99Ms()).isNull();
    assertThat(row.bottleneck()).isNull();
  }

  @Test
  void theRowsChecksRunAndTheBuilderStaysUsable() {
    ResultRowBuilder b = ResultRow.builder().threadMode("virtual");
    assertThatThrownBy(b::build).isInstanceOf(NullPointerException.class).hasMessage("ts");
    ResultRow first = b.ts(Instant.EPOCH).build();
    ResultRow second = b.rep(2).build();
    assertThat(first.rep()).as("a built row does not change with its builder").isEqualTo(1);
    assertThat(second.rep()).isEqualTo(2);
  }
}
