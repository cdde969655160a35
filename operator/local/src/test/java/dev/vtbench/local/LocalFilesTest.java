package dev.vtbench.local;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.model.BenchmarkRun;
import dev.vtbench.engine.model.SpecLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** File references stay inside the run's folder through symlinks too, on a real file system. */
class LocalFilesTest {

  @TempDir Path root;
  @TempDir Path elsewhere;

  static BenchmarkRun spec(String jar, String module) {
    return SpecLoader.parse(
        "t.yaml",
        """
        apiVersion: vtbench.dev/v1alpha1
        kind: BenchmarkRun
        metadata: {name: t}
        spec:
          sut: {service: {jar: %s}}
          workload: {script: {file: %s}}
        """
            .formatted(jar, module));
  }

  @Test
  void aSymlinkOutOfTheFolderIsRefusedNamingTheFieldAndWhereItLeads() throws Exception {
    Path secret = Files.writeString(elsewhere.resolve("id_rsa"), "secret");
    Files.createDirectories(root.resolve("k6"));
    Files.createSymbolicLink(root.resolve("k6/orders.js"), secret);
    Files.writeString(root.resolve("app.jar"), "jar");

    assertThat(LocalFiles.outside(spec("app.jar", "k6/orders.js").spec, root))
        .singleElement()
        .asString()
        .startsWith("spec.workload.script.file: k6/orders.js leads to " + secret.toRealPath())
        .endsWith("local runs read files only inside the folder vtbench run starts in");
  }

  @Test
  void aSymlinkedFolderOutsideIsRefusedToo() throws Exception {
    Files.writeString(elsewhere.resolve("app.jar"), "jar");
    Files.createSymbolicLink(root.resolve("target"), elsewhere);
    Files.writeString(root.resolve("m.js"), "export default function () {}");

    assertThat(LocalFiles.outside(spec("target/app.jar", "m.js").spec, root))
        .singleElement()
        .asString()
        .startsWith("spec.sut.service.jar: target/app.jar leads to ");
  }

  @Test
  void filesAndLinksInsideTheFolderAndMissingFilesPass() throws Exception {
    Files.createDirectories(root.resolve("build"));
    Path jar = Files.writeString(root.resolve("build/app-1.jar"), "jar");
    Files.createSymbolicLink(root.resolve("app.jar"), jar);

    assertThat(LocalFiles.outside(spec("app.jar", "not-yet.js").spec, root)).isEmpty();
  }

  @Test
  void theGrammarRefusesWhatLeavesByName() {
    for (String escape : new String[] {"/etc/passwd", "~/x.jar", "../x.jar", "a/../../x.jar"}) {
      assertThat(
              org.assertj.core.api.Assertions.catchThrowableOfType(
                      SpecLoader.InvalidSpecException.class, () -> spec("'" + escape + "'", "m.js"))
                  .problems())
          .as(escape)
          .singleElement()
          .asString()
          .startsWith("spec.sut.service.jar: '" + escape + "' must be a path relative to");
    }
  }
}
