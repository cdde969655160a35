package dev.vtbench.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code vtbench run} asks for the reactive SUT's jar only when the spec runs the thread mode
 * reactive (which jar each row starts: LocalPlatformTest).
 */
class ReactiveJarTest {

  @TempDir Path tmp;

  /**
   * Both specs miss the stub jar, so neither run starts anything; only the one with reactive rows
   * names the missing reactive jar.
   */
  @Test
  void theReactiveJarIsRequiredOnlyForReactiveRows() throws Exception {
    Path sutJar = Files.writeString(tmp.resolve("sut.jar"), "not a jar, but a file");
    Path missingReactive = tmp.resolve("no-such-reactive.jar");
    Path missingStub = tmp.resolve("no-such-stub.jar");
    String withReactive = run(spec("[platform, reactive]"), sutJar, missingReactive, missingStub);
    String without = run(spec("[platform, virtual]"), sutJar, missingReactive, missingStub);

    assertThat(withReactive)
        .contains(missingReactive + " not found: " + Installation.find().buildHint())
        .contains(missingStub + " not found");
    assertThat(without)
        .contains(missingStub + " not found")
        .doesNotContain(missingReactive.toString());
  }

  Path spec(String modes) throws Exception {
    return Files.writeString(
        tmp.resolve("modes-" + modes.hashCode() + ".yaml"),
        """
        apiVersion: vtbench.dev/v1alpha1
        kind: BenchmarkRun
        metadata: {name: modes}
        spec:
          matrix: {threadModes: %s, hikariPoolSizes: [10], concurrency: [10]}
        """
            .formatted(modes));
  }

  /** {@code vtbench run} with these jars: it must refuse with exit code 3; returns its stderr. */
  String run(Path spec, Path sutJar, Path reactiveJar, Path stubJar) {
    GateCliTest.Result r =
        GateCliTest.run(
            "run",
            spec.toString(),
            "--results",
            tmp.resolve("results").toString(),
            "--sut-jar",
            sutJar.toString(),
            "--reactive-sut-jar",
            reactiveJar.toString(),
            "--stub-jar",
            stubJar.toString());
    assertThat(r.code()).as(r.err()).isEqualTo(3);
    return r.err();
  }
}
