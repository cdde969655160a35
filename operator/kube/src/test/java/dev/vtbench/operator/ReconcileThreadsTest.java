package dev.vtbench.operator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ReconcileThreadsTest {

  @Test
  void unsetIsTwoPerCpuAndAtLeastTwo() {
    assertEquals(2, ReconcileThreads.of(Map.of(), 1));
    assertEquals(8, ReconcileThreads.of(Map.of(), 4));
    assertEquals(2, ReconcileThreads.of(Map.of(ReconcileThreads.ENV, " "), 0));
  }

  @Test
  void setWithinBoundsIsTaken() {
    assertEquals(1, ReconcileThreads.of(Map.of(ReconcileThreads.ENV, "1"), 4));
    assertEquals(100, ReconcileThreads.of(Map.of(ReconcileThreads.ENV, " 100 "), 1));
  }

  @Test
  void anythingElseNamesTheVariableAndTheRange() {
    for (String bad : new String[] {"0", "101", "-3", "four", "2.5", "99999999999"}) {
      var e =
          assertThrows(
              IllegalArgumentException.class,
              () -> ReconcileThreads.of(Map.of(ReconcileThreads.ENV, bad), 1),
              bad);
      assertTrue(
          e.getMessage().startsWith("RECONCILE_THREADS must be a whole number from 1 to 100")
              && e.getMessage().endsWith("not '" + bad + "'"),
          e.getMessage());
    }
  }
}
