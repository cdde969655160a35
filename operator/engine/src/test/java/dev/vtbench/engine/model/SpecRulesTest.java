package dev.vtbench.engine.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class SpecRulesTest {

  @Test
  void celListsReadAsTheValidatorsValues() {
    assertThat(SpecRules.values("['released', 'held']")).containsExactly("released", "held");
    assertThat(SpecValidator.THREAD_MODES).containsExactly("platform", "virtual");
    assertThat(SpecValidator.RUNNERS).containsExactly("auto", "testrun", "job");
    assertThatThrownBy(() -> SpecRules.values("'a', 'b'"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void cpuQuantitiesAreAtLeastOneMillicore() {
    Pattern cpu = Pattern.compile(SpecRules.CPU);
    for (String ok : new String[] {"1", "2", "10", "1.5", "0.5", "0.001", "500m", "1000m"}) {
      assertThat(cpu.matcher(ok).matches()).as(ok).isTrue();
      assertThat(SpecValidator.millis(ok)).as(ok).isPositive();
    }
    for (String bad : new String[] {"0", "0m", "0.0", "0.0004", "00", "1.", ".5", "lots", "1 "}) {
      assertThat(cpu.matcher(bad).matches()).as(bad).isFalse();
    }
  }

  @Test
  void runNamesAreDns1035Labels() {
    Pattern name = Pattern.compile(SpecRules.RUN_NAME);
    assertThat(name.matcher("hero").matches()).isTrue();
    assertThat(name.matcher("a-1").matches()).isTrue();
    for (String bad : new String[] {"1hero", "hero-", "he.ro", "Hero", "he_ro", ""}) {
      assertThat(name.matcher(bad).matches()).as(bad).isFalse();
    }
  }

  @Test
  void theRemoteWriteCelLiteralIsTheJavaPattern() {
    Pattern url = Pattern.compile(SpecRules.celRegex(SpecRules.REMOTE_WRITE_URL_CEL));
    assertThat(SpecRules.celRegex(SpecRules.REMOTE_WRITE_URL_CEL))
        .isEqualTo("^https?://[^\\s/?#]+[^\\s]*$");
    assertThat(url.matcher("http://p:9090/api/v1/write").matches()).isTrue();
    assertThat(url.matcher("http://p:9090/a b").matches()).isFalse();
    assertThat(url.matcher("http://p\t/write").matches()).isFalse();
  }
}
