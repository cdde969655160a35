package dev.vtbench.engine.steady;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A hold's windows kept in one CSV cell and read back. */
class LoadWindowTest {

  @Test
  void windowsSurviveTheirCellWithUnknownsAndWithoutTheElapsedCompileTime() {
    List<LoadWindow> hold =
        List.of(
            new LoadWindow(5.002, 1900, 1.65, 0.402, 0.29),
            new LoadWindow(5.0, 1929, null, null, null),
            new LoadWindow(4.99987, 12, 0.123456, 0.0, 0.0));
    String cell = LoadWindow.encode(hold);
    assertThat(cell).isEqualTo("5.002:1900:1.65:0.29 5:1929:-:- 4.9999:12:0.1235:0");
    List<LoadWindow> back = LoadWindow.decode(cell);
    assertThat(back).hasSize(3);
    assertThat(back.getFirst()).isEqualTo(new LoadWindow(5.002, 1900, 1.65, null, 0.29));
    assertThat(back.get(1).cpuSeconds()).isNull();
    assertThat(back.get(1).throughput()).isEqualTo(1929 / 5.0);
    // what the hold rule reads comes back the same: the verdict on the read windows is the
    // verdict on the measured ones
    List<LoadWindow> known = hold.stream().filter(w -> w.cpuSeconds() != null).toList();
    assertThat(SteadyState.judgeHold(LoadWindow.decode(LoadWindow.encode(known)), 0, 0, 1))
        .isEqualTo(SteadyState.judgeHold(known, 0, 0, 1));
  }

  @Test
  void noWindowsIsNoCellAndABrokenCellNamesTheWindow() {
    assertThat(LoadWindow.encode(List.of())).isNull();
    assertThat(LoadWindow.decode(null)).isEmpty();
    assertThat(LoadWindow.decode(" ")).isEmpty();
    assertThatThrownBy(() -> LoadWindow.decode("5:100:1.0:0 5:100:1.0"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("hold window '5:100:1.0'");
    assertThatThrownBy(() -> LoadWindow.decode("5:x:1.0:0"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'5:x:1.0:0'");
  }
}
