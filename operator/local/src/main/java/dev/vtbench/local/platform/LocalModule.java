package dev.vtbench.local.platform;

import dev.vtbench.engine.k6.UserModule;
import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.local.process.Machine;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * A user's own k6 module ({@code spec.workload.script.file}) on this machine: read once before
 * anything starts, so a missing or unreadable file costs nothing and every load of the run gets the
 * same module, then written beside each load's script, where vtbench's script imports it from
 * ({@link UserModule#FILE_NAME}).
 *
 * @param file the module's path, as resolved from the spec file's folder ({@link LocalFiles})
 * @param text the module
 */
public record LocalModule(Path file, String text) {

  static final String FIELD = "spec.workload.script.file";

  /**
   * The spec's module, or null when its loads send vtbench's requests or a mix.
   *
   * @throws IllegalArgumentException naming the field and the file when it cannot be read, is not
   *     UTF-8 text, is empty or too large ({@link UserModule#checked})
   */
  public static LocalModule of(BenchmarkRunSpec spec) {
    if (spec.sut.service == null || spec.workload.script == null) {
      return null;
    }
    Path file = Path.of(spec.workload.script.file);
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw new IllegalArgumentException(
          FIELD + ": " + file + " not found: give the path of your k6 module");
    } catch (CharacterCodingException e) {
      throw new IllegalArgumentException(
          FIELD + ": " + file.toAbsolutePath() + " is not UTF-8 text: k6 reads modules as UTF-8");
    } catch (IOException e) {
      throw new IllegalArgumentException(
          FIELD
              + ": cannot read "
              + file.toAbsolutePath()
              + " ("
              + e.getClass().getSimpleName()
              + ": "
              + e.getMessage()
              + ")");
    }
    return new LocalModule(file, UserModule.checked(FIELD + " " + file, text));
  }

  /** Writes the module into {@code dir}, beside the scripts that import it. */
  void besideScriptsIn(Path dir) {
    try {
      Files.writeString(dir.resolve(UserModule.FILE_NAME), text);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the k6 module into " + dir, e);
    }
  }

  /** 16 hex digits of the module's SHA-256: rows measured with another module are not resumed. */
  String hash() {
    return Machine.sha256Prefix(text);
  }
}
