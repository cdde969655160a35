package dev.vtbench.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line's side of the local Secrets ({@code --secrets}): named in the help, and a folder
 * lacking a key stops the run before anything starts.
 */
class SecretsCliTest {

  @TempDir Path tmp;

  /** {@code <dir>/orders-db/} with the files {@code keys}, as kubectl create secret takes them. */
  Path secrets(String... keys) throws Exception {
    Path dir = tmp.resolve("secrets");
    Files.createDirectories(dir.resolve("orders-db"));
    for (String k : keys) {
      Files.writeString(dir.resolve("orders-db").resolve(k), k + "\n");
    }
    return dir;
  }

  @Test
  void runsHelpNamesTheSecretsFolderAndItsDefault() {
    java.io.PrintStream old = System.out;
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    System.setOut(new java.io.PrintStream(out, true, java.nio.charset.StandardCharsets.UTF_8));
    try {
      assertThat(Main.execute("run", "--help")).isZero();
    } finally {
      System.setOut(old);
    }
    assertThat(out.toString(java.nio.charset.StandardCharsets.UTF_8).replaceAll("\\s+", " "))
        .contains(
            "--secrets=DIR Folder of Secrets: spec.database.external.secret NAME is DIR/NAME/")
        .contains("(secrets, relative to the working directory)");
  }

  @Test
  void vtbenchRunStopsBeforeAnythingStartsWhenTheSecretFolderLacksAKey() throws Exception {
    Path dir = secrets("url", "username");
    Path spec = tmp.resolve("ext.yaml");
    Files.writeString(
        spec,
        """
        apiVersion: vtbench.dev/v1alpha1
        kind: BenchmarkRun
        metadata: {name: ext}
        spec:
          sut: {service: {jar: app.jar}}
          workload: {requests: [{path: /orders}]}
          database: {external: {secret: orders-db}}
        """);
    Path results = tmp.resolve("results");

    GateCliTest.Result r =
        GateCliTest.run(
            "run", spec.toString(), "--secrets", dir.toString(), "--results", results.toString());

    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err())
        .contains("vtbench: spec.database.external.secret 'orders-db': no readable file")
        .contains("(key password)");
    assertThat(results).doesNotExist();
  }
}
