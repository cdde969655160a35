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
        Stream.of("../../examples", "../../examples/gate", "../../examples/crosscheck")
            .flatMap(ExamplesLoadTest::list)) {
      examples =
          files
              .filter(p -> p.toString().endsWith(".yaml"))
              .filter(p -> !p.getFileName().toString().startsWith("kustomization"))
              .sorted()
              .toList();
    }
    assertThat(examples)
        .hasSizeGreaterThan(10)
        .contains(Path.of("../../examples/crosscheck/byo.yaml"));
    for (Path example : examples) {
      // an example is for a local run, a cluster (an image, ConfigMaps) or both
      BenchmarkRun run = SpecLoader.read(example.toString(), Files.readString(example));
      List<String> local = SpecValidation.local(run);
      List<String> cluster = SpecValidation.cluster(run);
      assertThat(local.isEmpty() || cluster.isEmpty())
          .as("%s: local %s, cluster %s", example, local, cluster)
          .isTrue();
      assertThat(run.metadata.name).as(example.toString()).isNotBlank();
    }
  }

  private static Stream<Path> list(String dir) {
    try {
      return Files.list(Path.of(dir));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
