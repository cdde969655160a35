package dev.vtbench.engine.model;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.exc.UnrecognizedPropertyException;
import tools.jackson.dataformat.yaml.YAMLMapper;

/** Reads a BenchmarkRun YAML and validates it, with errors that name the field. */
public final class SpecLoader {

  private static final YAMLMapper YAML =
      YAMLMapper.builder().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();

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

  public static BenchmarkRun parse(String source, String yaml) {
    BenchmarkRun run;
    try {
      run = YAML.readValue(yaml, BenchmarkRun.class);
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
    List<String> problems = SpecValidator.validate(run);
    if (!problems.isEmpty()) {
      throw new InvalidSpecException(source, problems);
    }
    return run;
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
