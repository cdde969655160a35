package dev.vtbench.engine.crd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cel.runtime.CelEvaluationException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The CEL functions and macros the CRD's rules use, with Kubernetes' meaning. */
class KubernetesCelTest {

  static Object eval(String expression, Object self) throws CelEvaluationException {
    return KubernetesCel.eval(expression, self);
  }

  @Test
  void findAndFindAllAreKubernetesRegexFunctions() throws Exception {
    assertThat(eval("self.find('^[0-9]+')", "512Mi")).isEqualTo("512");
    assertThat(eval("self.find('[0-9]+')", "Mi")).isEqualTo("");
    assertThat(eval("self.findAll('[{][a-z]+[}]')", "/o/{id}/{page}"))
        .isEqualTo(List.of("{id}", "{page}"));
  }

  @Test
  void theStringsExtensionCountsCharacters() throws Exception {
    assertThat(eval("self.substring(self.lastIndexOf('/') + 1)", "a/b/c.sql")).isEqualTo("c.sql");
    assertThat(eval("self.indexOf('/')", "ab/c")).isEqualTo(2L);
    assertThat(eval("size(self)", "é😀")).isEqualTo(2L);
  }

  @Test
  void matchesIsAPartialMatchAsInRe2() throws Exception {
    assertThat(eval("self.matches('[0-9]')", "a1b")).isEqualTo(true);
    assertThat(eval("self.matches('^[0-9]$')", "a1b")).isEqualTo(false);
    assertThat(eval("self.matches('(?i)^java_opts$')", "JAVA_OPTS")).isEqualTo(true);
  }

  @Test
  void durationsQuantitiesAndMacros() throws Exception {
    assertThat(eval("duration(self) <= duration('1h')", "59m60s")).isEqualTo(true);
    assertThat(eval("duration(self) > duration('0s')", "0ms")).isEqualTo(false);
    assertThat(eval("double(int(self.find('^[0-9]+'))) * 1024.0", "2Ki")).isEqualTo(2048.0);
    assertThat(eval("self.all(c, self.exists_one(d, d == c))", List.of(1L, 2L))).isEqualTo(true);
    assertThat(eval("self.all(c, self.exists_one(d, d == c))", List.of(1L, 1L))).isEqualTo(false);
    assertThat(eval("self.filter(x, x > 1).size()", List.of(1L, 2L, 3L))).isEqualTo(2L);
    assertThat(eval("self.all(k, k in ['a'])", Map.of("a", "x"))).isEqualTo(true);
    assertThat(eval("has(self.a) && !has(self.b)", Map.of("a", 1L))).isEqualTo(true);
    assertThat(eval("string(self)", 4L)).isEqualTo("4");
  }

  @Test
  void anUnreadableDurationIsAnEvaluationErrorAndABadRuleAnIllegalArgument() {
    assertThatThrownBy(() -> eval("duration(self) > duration('0s')", "soon"))
        .isInstanceOf(CelEvaluationException.class);
    assertThatThrownBy(() -> KubernetesCel.program("self.("))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
