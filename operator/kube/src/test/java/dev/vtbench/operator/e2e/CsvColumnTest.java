package dev.vtbench.operator.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CsvColumnTest {

  @Test
  void readsAColumnByItsHeaderNameWhereverItIs() {
    String csv =
        "ts,scenario_id,notes,Tier_Nodes\n"
            + "2026-12-01T10:00:00Z,r1-a,\"a, b \"\"quoted\"\"\nline\","
            + "sut=vm;stub=vm-2;database=vm-3;load=vm-2+vm-3\r\n"
            + "2026-12-01T10:01:00Z,r1-b,,\n";
    assertThat(CsvColumn.byScenario(csv, "tier_nodes"))
        .contains(Map.of("r1-a", "sut=vm;stub=vm-2;database=vm-3;load=vm-2+vm-3", "r1-b", ""));
    assertThat(CsvColumn.byScenario(csv, "notes").orElseThrow().get("r1-a"))
        .isEqualTo("a, b \"quoted\"\nline");
  }

  @Test
  void emptyWithoutTheColumnOrAnyText() {
    assertThat(CsvColumn.byScenario("scenario_id,load_runners\nr1,2\n", "tier_nodes")).isEmpty();
    assertThat(CsvColumn.byScenario("", "tier_nodes")).isEmpty();
  }

  @Test
  void recordsSkipBlankLinesAndKeepEmptyFields() {
    assertThat(CsvColumn.records("a,b\n\n1,\n"))
        .containsExactly(List.of("a", "b"), List.of("1", ""));
  }
}
