package dev.vtbench.local.platform;

import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.model.spec.ExternalDatabaseSpec;
import dev.vtbench.engine.plan.ServiceWiring;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A Kubernetes Secret on the local platform ({@code spec.database.external}): a folder named after
 * it whose files are its keys, {@code <secrets dir>/<name>/{url,username,password}}, which is what
 * {@code kubectl create secret generic NAME --from-file=DIR/} takes, so one folder serves both
 * platforms. The service reads them as a configtree of links to those files: vtbench never copies,
 * reads or prints a value.
 */
public final class LocalSecrets {

  /** The folder of Secrets unless {@code vtbench run --secrets} names another. */
  static final Path DEFAULT_DIR = Path.of("secrets");

  /** The configtree of links, under the run's folder; removed when the run ends. */
  public static final String CONFIG_TREE = "database-secret";

  private LocalSecrets() {}

  /** The folder of the Secret {@code spec.database.external} names, or null without one. */
  static Path folder(BenchmarkRunSpec spec, Path secretsDir) {
    ExternalDatabaseSpec external = spec.database.external;
    return external == null || !spec.database.enabled
        ? null
        : secretsDir.resolve(external.secret).toAbsolutePath().normalize();
  }

  /**
   * What is missing for {@code spec}'s Secret under {@code secretsDir}: the folder, or a key's
   * file; empty when all is there or the spec names no Secret.
   */
  public static List<String> problems(BenchmarkRunSpec spec, Path secretsDir) {
    Path dir = folder(spec, secretsDir);
    if (dir == null) {
      return List.of();
    }
    String what = "spec.database.external.secret '" + spec.database.external.secret + "'";
    String needs =
        ": a Secret is a folder <secrets dir>/<name>/ with one file per key ("
            + String.join(", ", ServiceWiring.externalKeyNames())
            + "); the secrets dir is "
            + secretsDir.toAbsolutePath().normalize()
            + " (vtbench run --secrets DIR; the default is ./secrets)";
    if (!Files.isDirectory(dir)) {
      return List.of(what + ": no folder " + dir + needs);
    }
    List<String> problems = new ArrayList<>();
    for (ServiceWiring.SecretKey k : ServiceWiring.EXTERNAL_KEYS) {
      Path file = dir.resolve(k.key());
      if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
        problems.add(what + ": no readable file " + file + " (key " + k.key() + ")" + needs);
      }
    }
    return problems;
  }

  /**
   * A configtree in {@code workDir} for the service: one link per key, named after the Spring Boot
   * property it sets, to that key's file in the Secret's folder {@code secret}. Links, not copies:
   * the password stays in the user's file only.
   *
   * @throws IllegalStateException naming the missing folder or key
   */
  static Path configTree(Path secret, Path workDir) {
    Path dir = workDir.resolve(CONFIG_TREE).toAbsolutePath();
    try {
      Files.createDirectories(dir);
      for (ServiceWiring.SecretKey k : ServiceWiring.EXTERNAL_KEYS) {
        Path target = secret.resolve(k.key());
        if (!Files.isRegularFile(target)) {
          throw new IllegalStateException(
              "spec.database.external: no file "
                  + target
                  + " (key "
                  + k.key()
                  + "); the Secret's folder must hold "
                  + String.join(", ", ServiceWiring.externalKeyNames()));
        }
        Path link = dir.resolve(k.property());
        Files.deleteIfExists(link);
        Files.createSymbolicLink(link, target.toAbsolutePath());
      }
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the configtree in " + dir, e);
    }
  }

  /** Removes the links {@link #configTree} made, so no run folder points at a password. */
  static void removeConfigTree(Path workDir) {
    Path dir = workDir.resolve(CONFIG_TREE);
    try {
      for (ServiceWiring.SecretKey k : ServiceWiring.EXTERNAL_KEYS) {
        Files.deleteIfExists(dir.resolve(k.property()));
      }
      Files.deleteIfExists(dir);
    } catch (IOException e) {
      // a link left behind holds no value, only where the file is
    }
  }
}
