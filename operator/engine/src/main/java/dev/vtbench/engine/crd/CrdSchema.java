package dev.vtbench.engine.crd;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * The BenchmarkRun CRD as users apply it: {@code crds/benchmarkruns.vtbench.dev-v1.yml}, generated
 * from the spec classes by {@code make crds} and packaged into the engine's jar as {@value
 * #RESOURCE}, so the local CLI and the operator read the same file the API server is given.
 */
public final class CrdSchema {

  /** Where the build puts the CRD on the classpath (operator/engine/pom.xml). */
  public static final String RESOURCE = "/crds/benchmarkruns.vtbench.dev-v1.yml";

  private CrdSchema() {}

  /** The {@code openAPIV3Schema} of the CRD's only version, as a tree of maps and lists. */
  public static Map<String, Object> openApiV3Schema() {
    return openApiV3Schema(read(RESOURCE));
  }

  /** The {@code openAPIV3Schema} of the first version of {@code crdYaml}. */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> openApiV3Schema(String crdYaml) {
    Map<String, Object> crd = YAMLMapper.builder().build().readValue(crdYaml, Map.class);
    Map<String, Object> spec = (Map<String, Object>) crd.get("spec");
    List<Map<String, Object>> versions = (List<Map<String, Object>>) spec.get("versions");
    Map<String, Object> schema = (Map<String, Object>) versions.getFirst().get("schema");
    return (Map<String, Object>) schema.get("openAPIV3Schema");
  }

  /** A schema written as JSON (for tests): {@code {"type": "string", "maxLength": 3}}. */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> fromJson(String json) {
    return JsonMapper.builder().build().readValue(json, Map.class);
  }

  private static String read(String resource) {
    try (InputStream in = CrdSchema.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException(
            resource + " is not on the classpath: the engine's build packages crds/ into its jar");
      }
      return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
