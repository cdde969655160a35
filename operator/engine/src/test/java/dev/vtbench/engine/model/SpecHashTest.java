package dev.vtbench.engine.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SpecHashTest {

  @TempDir Path tmp;

  BenchmarkRunSpec load(String yaml) throws Exception {
    Path f = tmp.resolve("spec-" + System.nanoTime() + ".yaml");
    Files.writeString(f, yaml);
    return SpecLoader.load(f).spec;
  }

  static final String SPEC =
      """
      apiVersion: vtbench.dev/v1alpha1
      kind: BenchmarkRun
      metadata:
        name: hash
      spec:
        matrix:
          concurrency: [10, 20]
          hikariPoolSizes: [5]
        load:
          hold: 10s
      """;

  @Test
  void commentsFormattingAndKeyOrderDoNotChangeItAValueDoes() throws Exception {
    String reordered =
        """
        # the same run, written differently
        apiVersion: vtbench.dev/v1alpha1
        kind: BenchmarkRun
        metadata: {name: hash}
        spec:
          load: {hold: 10s}
          matrix:
            hikariPoolSizes: [5]
            concurrency: [10, 20]   # VUs
        """;
    String a = SpecHash.of(load(SPEC));
    assertThat(a).hasSize(16).isEqualTo(SpecHash.of(load(reordered)));
    assertThat(SpecHash.of(load(SPEC.replace("hold: 10s", "hold: 11s")))).isNotEqualTo(a);
    assertThat(SpecHash.of(load(SPEC.replace("[10, 20]", "[20, 10]")))).isNotEqualTo(a);
  }
}
