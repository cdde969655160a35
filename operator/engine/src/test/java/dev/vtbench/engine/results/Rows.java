package dev.vtbench.engine.results;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;

/** Hand-made rows and the sample CSV, shared by the tests. */
final class Rows {

  static final String SAMPLE = "synthetic-reference-matrix.csv";

  private Rows() {}

  /** A row with only the keys and throughput set; tests add what they need. */
  static ResultRowBuilder row(String mode, String conn, int pool, int vus, double rps) {
    return ResultRow.builder()
        .ts(Instant.parse("2026-05-10T14:03:22Z"))
        .threadMode(mode)
        .connMode(conn)
        .hikariPool(pool)
        .concurrency(vus)
        .throughputRps(rps);
  }

  static String resource(String name) {
    try (InputStream in = Rows.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("missing test resource " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
