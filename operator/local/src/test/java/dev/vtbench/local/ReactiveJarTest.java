package dev.vtbench.local;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.plan.SutConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The local platform starts the reactive SUT's jar for reactive rows, the servlet SUT's for the
 * others, and asks for the reactive jar only when the spec runs the thread mode reactive.
 */
class ReactiveJarTest {

  @TempDir Path tmp;

  static SutConfig config(String mode) {
    return new SutConfig(mode, 10, "released", "normal", 200, Duration.ofSeconds(60), Map.of());
  }

  @Test
  void eachThreadModeStartsItsOwnJar() {
    Path servlet = Path.of("/jars/sut.jar");
    Path reactive = Path.of("/jars/sut-reactive.jar");
    LocalPlatform.Options options =
        new LocalPlatform.Options(
            tmp, tmp, servlet, reactive, Path.of("/jars/stub.jar"), Path.of("/bin/k6"), false);
    assertThat(options.jarFor(config("platform"))).isEqualTo(servlet);
    assertThat(options.jarFor(config("virtual"))).isEqualTo(servlet);
    assertThat(options.jarFor(config("reactive"))).isEqualTo(reactive);
  }

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
