package dev.vtbench.engine.seed;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** A SQL template shipped beside these classes. */
final class SqlResource {

  private SqlResource() {}

  static String read(String name) {
    try (InputStream in = SqlResource.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException(name + " missing from the classpath");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
