package dev.vtbench.stub;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class StubSettingsTest {

  @Test
  void defaultsToTheReferenceRigsHundredMilliseconds() {
    assertThat(StubSettings.fromEnv(Map.of())).isEqualTo(new StubSettings(100, 0));
  }

  @Test
  void readsDelayAndErrorRate() {
    assertThat(StubSettings.fromEnv(Map.of("STUB_DELAY_MS", "20", "STUB_ERROR_RATE", "0.25")))
        .isEqualTo(new StubSettings(20, 0.25));
  }

  @Test
  void rejectsBadValuesNamingTheVariable() {
    assertThatThrownBy(() -> StubSettings.fromEnv(Map.of("STUB_DELAY_MS", "fast")))
        .hasMessageContaining("STUB_DELAY_MS=fast");
    assertThatThrownBy(() -> StubSettings.fromEnv(Map.of("STUB_DELAY_MS", "-5")))
        .hasMessageContaining("STUB_DELAY_MS=-5");
    assertThatThrownBy(() -> StubSettings.fromEnv(Map.of("STUB_ERROR_RATE", "1.5")))
        .hasMessageContaining("STUB_ERROR_RATE=1.5");
  }
}
