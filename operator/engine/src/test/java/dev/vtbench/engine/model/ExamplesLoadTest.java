package dev.vtbench.engine.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every example under {@code examples/} passes the local validator ({@code vtbench run}'s), as
 * {@code AdmissionIT} proves the API server accepts them: the limits must leave the documented
 * experiments runnable.
 */
class ExamplesLoadTest {

  @Test
  void everyExampleLoads() throws IOException {
    List<Path> examples;
    try (Stream<Path> files =
        Stream.concat(
            Files.list(Path.of("../../examples")), Files.list(Path.of("../../examples/gate")))) {
      examples =
          files
              .filter(p -> p.toString().endsWith(".yaml"))
              .filter(p -> !p.getFileName().toString().startsWith("kustomization"))
              .sorted()
              .toList();
    }
    assertThat(examples).hasSizeGreaterThan(10);
    for (Path example : examples) {
      BenchmarkRun run = SpecLoader.load(example);
      assertThat(run.metadata.name).as(example.toString()).isNotBlank();
    }
  }
}
