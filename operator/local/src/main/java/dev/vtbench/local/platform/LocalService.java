package dev.vtbench.local.platform;

import dev.vtbench.engine.metrics.SutView;
import dev.vtbench.engine.model.spec.ServiceSpec;
import dev.vtbench.engine.plan.JvmOptions;
import dev.vtbench.engine.plan.ServiceBuild;
import dev.vtbench.engine.plan.ServiceWiring;
import dev.vtbench.engine.plan.SutConfig;
import dev.vtbench.local.process.Machine;
import dev.vtbench.local.process.ManagedProcess;
import dev.vtbench.local.process.ProcCpu;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A user's own service ({@code spec.sut.service}) as a local process: its jar on this JDK or its
 * command (the config's build's, {@link ServiceBuild}), the matrix's settings as environment
 * variables ({@link SutConfig#env()}), and the wiring a Spring Boot service reads from its standard
 * properties: SERVER_PORT, the datasource URL and user, the stub's URL in the variable the spec
 * names. The password is never in the environment: it is a file of a Spring configtree ({@code
 * SPRING_CONFIG_IMPORT=optional:configtree:<dir>/}), as a mounted Secret is on a cluster.
 */
final class LocalService {

  private LocalService() {}

  /**
   * Where the service's database is, or null without one; URL and user null when they are files of
   * the configtree too (the user's own database, {@link LocalSecrets}).
   */
  record Database(String jdbcUrl, String user, Path configTree) {}

  /**
   * The command that starts {@code build}: a jar on this JDK with the heap from {@code
   * spec.sut.memory} and the config's JVM options on its command line, or the spec's command as
   * given (its JVM options reach it through {@link #env}).
   */
  static List<String> command(ServiceBuild build, long heapMb, SutConfig config) {
    if (build.jar() != null) {
      return ManagedProcess.javaJar(
          Path.of(build.jar()).toAbsolutePath(),
          JvmOptions.arguments(List.of("-Xmx" + heapMb + "m"), config));
    }
    return List.copyOf(build.command());
  }

  /**
   * The service's environment for {@code config} ({@link ServiceWiring}); a command, whose java
   * line vtbench does not write, also gets the config's JVM options in {@value
   * JvmOptions#TOOL_OPTIONS}.
   */
  static Map<String, String> env(
      ServiceSpec service, ServiceBuild build, SutConfig config, Database db, String stubBaseUrl) {
    Map<String, String> env =
        new LinkedHashMap<>(
            ServiceWiring.env(
                service,
                config,
                db == null
                    ? null
                    : new ServiceWiring.Datasource(
                        db.jdbcUrl(), db.user(), db.configTree().toString()),
                stubBaseUrl));
    if (build.jar() == null) {
      env.putAll(JvmOptions.env(config));
    }
    return env;
  }

  /**
   * A configtree folder holding the datasource password, readable by its owner only. Locally the
   * server trusts loopback and ignores it; the file is there so the service is configured the way
   * it is on a cluster.
   */
  static Path configTree(Path workDir) {
    Path dir = workDir.resolve("service-config");
    try {
      Files.createDirectories(dir);
      Path file = dir.resolve(ServiceWiring.PASSWORD_PROPERTY);
      byte[] secret = new byte[18];
      new SecureRandom().nextBytes(secret);
      Files.writeString(file, HexFormat.of().formatHex(secret));
      Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
      return dir.toAbsolutePath();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the configtree in " + dir, e);
    }
  }

  /**
   * Where the service runs, read from outside it: its cpuset from /proc, the JDK that runs its jar,
   * the jar's hash (a command: its first words), of the build it runs. What its JVM makes of its
   * cores is its own and unread (the row's notes say so).
   */
  static SutView view(ServiceBuild build, ManagedProcess process) {
    String artifact =
        build.jar() != null
            ? Machine.sha256Prefix(Path.of(build.jar()))
            : "command: " + abbreviated(String.join(" ", build.command()));
    return new SutView(
        ProcCpu.cpuset(process.pid()),
        null,
        null,
        build.jar() != null ? Runtime.version().toString() : null,
        Machine.hostName(),
        Machine.cpuModel(),
        Machine.kernel(),
        artifact,
        null);
  }

  private static String abbreviated(String s) {
    return s.length() <= 80 ? s : s.substring(0, 77) + "...";
  }

  /** The local files every build of the service runs from, for finding its leftover processes. */
  static List<String> ownedPaths(List<ServiceBuild> builds) {
    List<String> out = new ArrayList<>();
    for (ServiceBuild b : builds) {
      if (b.jar() != null) {
        out.add(Path.of(b.jar()).toString());
      } else if (b.command() != null && !b.command().isEmpty()) {
        out.add(String.join(" ", b.command()));
      }
    }
    return out;
  }
}
