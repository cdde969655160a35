package dev.vtbench.engine.model;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.exc.UnrecognizedPropertyException;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.type.LogicalType;
import tools.jackson.dataformat.yaml.YAMLMapper;

/** Reads a BenchmarkRun YAML and validates it, with errors that name the field. */
public final class SpecLoader {

  /**
   * Strict about types, as the API server's schema is: a number where a string belongs ({@code
   * memory: 512}), a string where a number or boolean belongs ({@code repetitions: "3"}) or a
   * fraction where an integer belongs is refused instead of converted. CPUs are the one
   * int-or-string field; {@link #cpusAsText} handles them first. Each logical type, with the input
   * shapes it must not be converted from:
   */
  private static final Map<LogicalType, List<CoercionInputShape>> REFUSED =
      Map.of(
          LogicalType.Textual,
          List.of(CoercionInputShape.Integer, CoercionInputShape.Float, CoercionInputShape.Boolean),
          LogicalType.Integer,
          List.of(CoercionInputShape.String, CoercionInputShape.Float, CoercionInputShape.Boolean),
          LogicalType.Float,
          List.of(CoercionInputShape.String),
          LogicalType.Boolean,
          List.of(CoercionInputShape.String, CoercionInputShape.Integer));

  // After REFUSED, which strict() reads.
  private static final YAMLMapper YAML = strict(YAMLMapper.builder()).build();

  private static YAMLMapper.Builder strict(YAMLMapper.Builder b) {
    b.enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    REFUSED.forEach(
        (type, shapes) ->
            b.withCoercionConfig(
                type, c -> shapes.forEach(shape -> c.setCoercion(shape, CoercionAction.Fail))));
    return b;
  }

  /** The tiers whose {@code cpu} is int-or-string, as in the CRD. */
  private static final List<String> CPU_TIERS = List.of("sut", "stub", "database", "load");

  private SpecLoader() {}

  /** The spec is unusable; {@link #problems()} lists why, one line each. */
  public static final class InvalidSpecException extends RuntimeException {
    private final List<String> problems;

    public InvalidSpecException(String source, List<String> problems) {
      super(source + " is not a valid BenchmarkRun:\n  - " + String.join("\n  - ", problems));
      this.problems = List.copyOf(problems);
    }

    public List<String> problems() {
      return problems;
    }
  }

  public static BenchmarkRun load(Path file) {
    String text;
    try {
      text = Files.readString(file);
    } catch (NoSuchFileException e) {
      throw new InvalidSpecException(file.toString(), List.of("no such file"));
    } catch (IOException e) {
      throw new InvalidSpecException(file.toString(), List.of("cannot read: " + e.getMessage()));
    }
    return parse(file.toString(), text);
  }

  /**
   * The run in {@code yaml} checked as {@code vtbench run} checks it: read strictly, then judged by
   * the CRD with its defaults filled in ({@link SpecValidation#local}).
   */
  public static BenchmarkRun parse(String source, String yaml) {
    BenchmarkRun run = read(source, yaml);
    List<String> problems = SpecValidation.local(run);
    if (!problems.isEmpty()) {
      throw new InvalidSpecException(source, problems);
    }
    return run;
  }

  /** The run in {@code yaml}, read strictly but not yet judged by the CRD's rules. */
  public static BenchmarkRun read(String source, String yaml) {
    BenchmarkRun run;
    try {
      JsonNode tree = YAML.readTree(yaml);
      if (tree == null || tree.isMissingNode() || tree.isNull()) {
        throw new InvalidSpecException(source, List.of("the file is empty"));
      }
      pruneNulls(tree);
      cpusAsText(source, tree);
      run = YAML.treeToValue(tree, BenchmarkRun.class);
    } catch (UnrecognizedPropertyException e) {
      throw new InvalidSpecException(
          source,
          List.of(
              path(e)
                  + ": unknown field"
                  + (e.getKnownPropertyIds() == null
                      ? ""
                      : "; known fields: " + e.getKnownPropertyIds())));
    } catch (JacksonException e) {
      throw new InvalidSpecException(source, List.of(path(e) + ": " + e.getOriginalMessage()));
    }
    if (run == null) {
      throw new InvalidSpecException(source, List.of("the file is empty"));
    }
    return run;
  }

  /**
   * Drops every field written as {@code null} ({@code matrix: null}, {@code env: {A: null}}), as
   * the API server prunes a null where the schema neither allows one nor has a default: the
   * operator then reads the section's defaults, and so does a local run. A null inside a list
   * stays, and is refused on both.
   */
  static void pruneNulls(JsonNode node) {
    if (node instanceof ObjectNode o) {
      List<String> nulls = o.propertyNames().stream().filter(k -> o.get(k).isNull()).toList();
      nulls.forEach(o::remove);
      o.values().forEach(SpecLoader::pruneNulls);
    } else if (node != null && node.isArray()) {
      node.values().forEach(SpecLoader::pruneNulls);
    }
  }

  /**
   * {@code cpu: 4} is a CPU count, as Kubernetes reads it; {@code cpu: 1.5} unquoted is refused, as
   * the API server refuses a fraction in an int-or-string field.
   */
  private static void cpusAsText(String source, JsonNode run) {
    JsonNode spec = run.get("spec");
    if (spec == null || !spec.isObject()) {
      return;
    }
    for (String tier : CPU_TIERS) {
      JsonNode t = spec.get(tier);
      JsonNode cpu = t == null ? null : t.get("cpu");
      if (cpu == null || !cpu.isNumber()) {
        continue;
      }
      if (!cpu.isIntegralNumber()) {
        throw new InvalidSpecException(
            source,
            List.of(
                "spec."
                    + tier
                    + ".cpu: "
                    + cpu
                    + " must be an integer or a quoted quantity (cpu: \""
                    + cpu
                    + "\"), as Kubernetes reads it"));
      }
      ((ObjectNode) t).put("cpu", cpu.asString());
    }
  }

  private static String path(JacksonException e) {
    StringBuilder b = new StringBuilder();
    for (JacksonException.Reference ref : e.getPath()) {
      if (ref.getPropertyName() != null) {
        b.append(b.isEmpty() ? "" : ".").append(ref.getPropertyName());
      } else if (ref.getIndex() >= 0) {
        b.append('[').append(ref.getIndex()).append(']');
      }
    }
    return b.isEmpty() ? "(document)" : b.toString();
  }
}
