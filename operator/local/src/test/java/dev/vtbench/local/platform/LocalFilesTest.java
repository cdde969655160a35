package dev.vtbench.local.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.vtbench.engine.model.BenchmarkRun;
import dev.vtbench.engine.model.SpecHash;
import dev.vtbench.engine.model.SpecLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A local spec's files as a user writes them, on a real file system: relative to the spec file's
 * folder (not the working directory, which is this module's), absolute, through symlinks; what
 * cannot be read is refused naming the field.
 */
class LocalFilesTest {

  @TempDir Path root;
  @TempDir Path elsewhere;

  /** A spec file {@code app/bench/vtbench.yaml} under {@code root} with these fields. */
  Path specFile(String jar, String module, String... sql) throws Exception {
    Path file = Files.createDirectories(root.resolve("app/bench")).resolve("vtbench.yaml");
    Files.writeString(
        file,
        """
        apiVersion: vtbench.dev/v1alpha1
        kind: BenchmarkRun
        metadata: {name: t}
        spec:
          sut: {service: {jar: '%s'}}
          workload: {script: {file: '%s'}}
        """
                .formatted(jar, module)
            + (sql.length == 0
                ? ""
                : "  database: {sql: {files: [" + String.join(", ", sql) + "]}}\n"));
    return file;
  }

  static BenchmarkRun load(Path specFile) {
    return SpecLoader.load(specFile);
  }

  static Path write(Path file) throws Exception {
    Files.createDirectories(file.getParent());
    return Files.writeString(file, "x");
  }

  @Test
  void relativePathsAreReadFromTheSpecFilesFolderNotTheWorkingDirectory() throws Exception {
    Path jar = write(root.resolve("app/bench/target/app.jar"));
    Path module = write(root.resolve("app/bench/k6/orders.js"));
    Path schema = write(root.resolve("app/db/schema.sql"));
    Path spec = specFile("target/app.jar", "./k6/orders.js", "../db/schema.sql");

    BenchmarkRun written = load(spec);
    BenchmarkRun resolved = LocalFiles.resolved(written, spec);

    assertThat(resolved.spec.sut.service.jar).isEqualTo(jar.toString());
    assertThat(resolved.spec.workload.script.file).isEqualTo(module.toString());
    assertThat(resolved.spec.database.sql.files).containsExactly(schema.toString());
    assertThat(LocalFiles.problems(written.spec, spec)).isEmpty();
    // the working directory holds none of them
    assertThat(Path.of("target/app.jar")).doesNotExist();
    // the spec as written is untouched, and so is its hash: the experiment's identity
    assertThat(written.spec.sut.service.jar).isEqualTo("target/app.jar");
    assertThat(SpecHash.of(written.spec)).isEqualTo(SpecHash.of(load(spec).spec));
  }

  @Test
  void absolutePathsAndTheHomeFolderAreTakenAsWritten() throws Exception {
    Path jar = write(elsewhere.resolve("app/target/app.jar"));
    Path module = write(elsewhere.resolve("o.js"));
    Path spec = specFile(jar.toString(), module.toString(), elsewhere + "/app/../o.js");

    BenchmarkRun resolved = LocalFiles.resolved(load(spec), spec);

    assertThat(resolved.spec.sut.service.jar).isEqualTo(jar.toString());
    assertThat(resolved.spec.database.sql.files).containsExactly(module.toString());
    assertThat(LocalFiles.problems(load(spec).spec, spec)).isEmpty();
    Path home = Path.of(System.getProperty("user.home"));
    assertThat(LocalFiles.resolve(root, "~/src/app.jar")).isEqualTo(home.resolve("src/app.jar"));
    assertThat(LocalFiles.resolve(root, "~")).isEqualTo(home);
  }

  @Test
  void symlinksAreFollowedWhereverTheyLead() throws Exception {
    Path jar = write(elsewhere.resolve("build/app-1.jar"));
    Path secretLooking = write(elsewhere.resolve("orders.js"));
    Files.createDirectories(root.resolve("app/bench"));
    Files.createSymbolicLink(root.resolve("app/bench/target"), jar.getParent());
    Files.createSymbolicLink(root.resolve("app/bench/orders.js"), secretLooking);
    Files.createSymbolicLink(root.resolve("app/bench/schema.sql"), secretLooking);
    Path spec = specFile("target/app-1.jar", "orders.js", "schema.sql");

    assertThat(LocalFiles.problems(load(spec).spec, spec)).isEmpty();
    assertThat(
            Files.readString(Path.of(LocalFiles.resolved(load(spec), spec).spec.sut.service.jar)))
        .isEqualTo("x");
  }

  @Test
  void aMissingFileIsRefusedNamingTheFieldThePathAndWhereItWasReadFrom() throws Exception {
    write(root.resolve("app/bench/o.js"));
    Path missingJar = elsewhere.resolve("x/app.jar");
    Path spec = specFile(missingJar.toString(), "o.js", "db/schema.sql");
    Path folder = root.resolve("app/bench");

    assertThat(LocalFiles.problems(load(spec).spec, spec))
        .containsExactly(
            "spec.sut.service.jar: " + missingJar + " not found: build your service first",
            "spec.database.sql.files[0]: "
                + folder.resolve("db/schema.sql")
                + " not found (db/schema.sql from the spec's folder "
                + folder
                + ")");
  }

  @Test
  void aFolderWhereAFileBelongsIsRefusedNamingTheField() throws Exception {
    write(root.resolve("app/bench/app.jar"));
    Files.createDirectories(root.resolve("app/bench/k6"));
    write(root.resolve("app/bench/db/schema.sql"));
    Path spec = specFile("app.jar", "k6", "db/schema.sql", "db");

    assertThat(LocalFiles.problems(load(spec).spec, spec))
        .containsExactly(
            "spec.workload.script.file: "
                + root.resolve("app/bench/k6")
                + " is a folder, not a file (k6 from the spec's folder "
                + root.resolve("app/bench")
                + ")",
            "spec.database.sql.files[1]: "
                + root.resolve("app/bench/db")
                + " is a folder, not a file (db from the spec's folder "
                + root.resolve("app/bench")
                + ")");
  }

  @Test
  void anUnreadableFileIsRefusedNamingTheField() throws Exception {
    Path jar = write(root.resolve("app/bench/app.jar"));
    write(root.resolve("app/bench/o.js"));
    Files.setPosixFilePermissions(jar, PosixFilePermissions.fromString("-w-------"));
    Assumptions.assumeFalse(Files.isReadable(jar), "root reads files whatever their permissions");
    Path spec = specFile("app.jar", "o.js");

    assertThat(LocalFiles.problems(load(spec).spec, spec))
        .singleElement()
        .asString()
        .startsWith("spec.sut.service.jar: " + jar + " cannot be read: no read permission");
  }

  @Test
  void eachBuildsJarIsCheckedAndTheServicesOnlyWhereABuildRunsIt() throws Exception {
    write(root.resolve("app/bench/o.js"));
    write(root.resolve("app/bench/a.jar"));
    Path spec = specFile("gone.jar", "o.js");
    Files.writeString(
        spec,
        Files.readString(spec)
            .replace(
                "  workload:",
                "  matrix: {builds: [{name: a, jar: a.jar}, {name: b, jar: b.jar}]}\n  workload:"));

    assertThat(LocalFiles.problems(load(spec).spec, spec))
        .singleElement()
        .asString()
        .startsWith("spec.matrix.builds[1].jar: " + root.resolve("app/bench/b.jar") + " not found");

    Files.writeString(
        spec, Files.readString(spec).replace(", {name: b, jar: b.jar}", ", {name: b}"));
    assertThat(LocalFiles.problems(load(spec).spec, spec))
        .singleElement()
        .asString()
        .startsWith("spec.sut.service.jar: " + root.resolve("app/bench/gone.jar") + " not found");
  }

  @Test
  void theGrammarAcceptsWhatAUserWritesAndRefusesABackslash() throws Exception {
    for (String path : new String[] {"/opt/app.jar", "~/app.jar", "../app.jar", "a/../../b.jar"}) {
      assertThat(load(specFile(path, "m.js")).spec.sut.service.jar).isEqualTo(path);
    }
    assertThat(
            catchThrowableOfType(
                    SpecLoader.InvalidSpecException.class,
                    () -> load(specFile("target\\app.jar", "m.js")))
                .problems())
        .singleElement()
        .asString()
        .startsWith("spec.sut.service.jar: 'target\\app.jar' must be a path of printable ASCII");
  }

  /**
   * The examples follow the rule: each SQL file and k6 module they name is there, read from the
   * example's folder, and each jar is a build output of a module there.
   */
  @Test
  void everyExamplesFilesAreFoundFromItsOwnFolder() throws Exception {
    List<Path> specs;
    try (Stream<Path> s =
        Stream.of("../../examples", "../../examples/crosscheck", "../../examples/gate")
            .flatMap(d -> list(Path.of(d)))) {
      specs = s.filter(p -> p.toString().endsWith(".yaml")).toList();
    }
    assertThat(specs).hasSizeGreaterThan(20);
    int files = 0;
    for (Path spec : specs) {
      if (spec.getFileName().toString().equals("kustomization.yaml")) {
        continue;
      }
      // read, not judged: a cluster's example (an image, ConfigMaps) names files too
      BenchmarkRun run =
          LocalFiles.resolved(SpecLoader.read(spec.toString(), Files.readString(spec)), spec);
      for (String ref : LocalFiles.references(run.spec).values()) {
        Path file = Path.of(ref);
        if (ref.endsWith(".jar")) {
          assertThat(file.getParent().getFileName()).as(ref).hasToString("target");
          assertThat(file.getParent().resolveSibling("pom.xml")).as(spec + ": " + ref).exists();
        } else {
          assertThat(file).as(spec + ": " + ref).isRegularFile();
        }
        files++;
      }
    }
    assertThat(files).isGreaterThan(10);
  }

  private static Stream<Path> list(Path dir) {
    try {
      return Files.list(dir);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
