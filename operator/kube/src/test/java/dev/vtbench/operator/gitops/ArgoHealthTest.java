package dev.vtbench.operator.gitops;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * gitops/argocd/health.lua on the cases of gitops/argocd/health_test.yaml, in Argo CD's own format
 * (resource_customizations/&lt;group&gt;/&lt;kind&gt;/health_test.yaml: an input object and the
 * expected status and message); most inputs are statuses OperatorIT captured from the real
 * operator. kstatus's verdict on the same objects is checked alongside, from the {@code kstatus}
 * key Argo CD ignores.
 */
class ArgoHealthTest {

  static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  static final Path DIR = ArgoHealth.GITOPS.resolve("argocd");

  @SuppressWarnings("unchecked")
  static Map<String, Object> yaml(Path p) throws Exception {
    return YAML.readValue(p.toFile(), Map.class);
  }

  @Test
  @SuppressWarnings("unchecked")
  void everyCaseOfHealthTestYaml() throws Exception {
    List<Map<String, Object>> tests =
        (List<Map<String, Object>>) yaml(DIR.resolve("health_test.yaml")).get("tests");
    assertThat(tests).hasSizeGreaterThanOrEqualTo(6);
    for (Map<String, Object> t : tests) {
      String input = (String) t.get("inputPath");
      Map<String, Object> obj = yaml(DIR.resolve(input));
      Map<String, Object> want = (Map<String, Object>) t.get("healthStatus");
      ArgoHealth.Result got = ArgoHealth.of(obj);
      assertThat(got.status()).as(input + " status").isEqualTo(want.get("status"));
      assertThat(got.message()).as(input + " message").isEqualTo(want.get("message"));
      assertThat(KStatus.compute(obj).status()).as(input + " kstatus").isEqualTo(t.get("kstatus"));
    }
  }

  @Test
  @SuppressWarnings("unchecked")
  void theArgoCdConfigMapCarriesTheScriptVerbatim() throws Exception {
    Map<String, Object> cm = yaml(DIR.resolve("argocd-cm.yaml"));
    assertThat(((Map<String, Object>) cm.get("metadata")).get("name")).isEqualTo("argocd-cm");
    Map<String, String> data = (Map<String, String>) cm.get("data");
    assertThat(data.get("resource.customizations.health.vtbench.dev_BenchmarkRun"))
        .as("gitops/argocd/argocd-cm.yaml must carry health.lua verbatim (indented 4 spaces)")
        .isEqualTo(Files.readString(ArgoHealth.SCRIPT));
  }

  @Test
  void theScriptUsesNoLibraryArgoCdLeavesOut() {
    // os and io are not loaded: a script using them fails here as in Argo CD.
    Map<String, Object> obj = Map.of("metadata", Map.of("name", "x"));
    assertThat(ArgoHealth.of("hs = {}; hs.status = type(os) .. type(io); return hs", obj).status())
        .isEqualTo("nilnil");
    assertThat(ArgoHealth.of(obj).status()).isEqualTo("Progressing");
  }
}
