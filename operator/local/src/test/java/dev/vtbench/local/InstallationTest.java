package dev.vtbench.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** vtbench takes its own jars from where it is installed, whatever folder it runs in. */
class InstallationTest {

  @TempDir Path checkout;

  Path cliJar() throws Exception {
    Files.createDirectories(checkout.resolve("hack"));
    Files.writeString(checkout.resolve(Installation.MARKER), "#!/bin/sh\n");
    Files.writeString(checkout.resolve("Makefile"), "build:\n");
    Path target = Files.createDirectories(checkout.resolve("operator/local/target"));
    return Files.writeString(target.resolve("vtbench-local-cli.jar"), "jar");
  }

  @Test
  void theHomeIsTheCheckoutAboveTheCliJarOrItsClasses() throws Exception {
    Path jar = cliJar();
    Installation in = Installation.find(null, jar);
    assertThat(in.home()).isEqualTo(checkout);
    assertThat(in.cli()).isEqualTo(jar);
    assertThat(in.sutJar()).isEqualTo(checkout.resolve("sut/target/vtbench-sut.jar"));
    assertThat(in.reactiveSutJar())
        .isEqualTo(checkout.resolve("sut/reactive/target/vtbench-sut-reactive.jar"));
    assertThat(in.stubJar()).isEqualTo(checkout.resolve("stub/target/vtbench-stub.jar"));
    // tests run from target/classes, one level deeper, inside the same checkout
    Path classes = Files.createDirectories(jar.resolveSibling("classes"));
    assertThat(Installation.find(null, classes).home()).isEqualTo(checkout);
  }

  @Test
  void vtbenchHomeWinsAndAJarOutsideACheckoutLooksBesideItself() throws Exception {
    Path jar = cliJar();
    assertThat(Installation.find("/opt/vtbench", jar).home()).isEqualTo(Path.of("/opt/vtbench"));
    Files.delete(checkout.resolve(Installation.MARKER));
    assertThat(Installation.find(null, jar).home()).isEqualTo(jar.getParent());
    assertThat(Installation.find(" ", jar).home()).isEqualTo(jar.getParent());
    assertThatThrownBy(() -> Installation.find(null, null))
        .hasMessageContaining("set VTBENCH_HOME to its checkout");
  }

  @Test
  void theDefaultJarsAreTheCheckoutsWhateverTheWorkingDirectory() {
    // surefire runs in operator/local, whose own sut/ and stub/ do not exist
    Path home = Path.of("../..").toAbsolutePath().normalize();
    Main.Local local = new Main.Local();
    assertThat(local.sutJar()).isEqualTo(home.resolve(Installation.SUT_JAR));
    assertThat(local.stubJar()).isEqualTo(home.resolve(Installation.STUB_JAR));
    assertThat(local.reactiveSutJar()).isEqualTo(home.resolve(Installation.REACTIVE_SUT_JAR));
    local.sutJar = Path.of("my.jar");
    assertThat(local.sutJar()).isEqualTo(Path.of("my.jar").toAbsolutePath());
  }

  @Test
  void theVersionSaysWhichBuildAndWhereEachPartIs() throws Exception {
    Path jar = cliJar();
    Files.createDirectories(checkout.resolve("stub/target"));
    Files.writeString(checkout.resolve(Installation.STUB_JAR), "jar");
    Installation in = Installation.find(null, jar);

    assertThat(Installation.Version.lines(in, Path.of("/usr/bin/k6")))
        .satisfies(l -> assertThat(l.getFirst()).matches("vtbench 0\\.1\\.0-SNAPSHOT, commit \\S+"))
        .contains(
            "home:         " + checkout,
            "CLI:          " + jar,
            "SUT jar:      "
                + checkout.resolve(Installation.SUT_JAR)
                + " (not built: run 'make -C "
                + checkout
                + " build')",
            "stub jar:     " + checkout.resolve(Installation.STUB_JAR),
            "k6:           /usr/bin/k6");
    assertThat(Installation.Version.lines(in, null))
        .contains("k6:           not found: run 'make -C " + checkout + " k6', or pass --k6");
    // a jar outside a checkout (e.g. from a Maven repository) cannot say where to run make
    Installation elsewhere = Installation.find(null, Path.of("/m2/vtbench-local.jar"));
    assertThat(elsewhere.buildHint())
        .isEqualTo("run 'make build' in vtbench's checkout and set VTBENCH_HOME to it");
  }

  @Test
  void versionPrintsTheBuildAndExitsZero() {
    PrintStream old = System.out;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    int code;
    try {
      code = Main.execute("--version");
    } finally {
      System.setOut(old);
    }
    assertThat(code).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8))
        .startsWith("vtbench 0.1.0-SNAPSHOT, commit ")
        .contains("home:         " + Path.of("../..").toAbsolutePath().normalize())
        .contains("SUT jar:      ")
        .contains("k6:           ");
  }
}
