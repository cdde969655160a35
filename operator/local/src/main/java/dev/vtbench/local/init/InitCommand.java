package dev.vtbench.local.init;

import dev.vtbench.local.init.InitRequestMix.Draft;
import dev.vtbench.local.init.InitSpecYaml.Downstream;
import dev.vtbench.local.process.HttpJson;
import dev.vtbench.local.process.LocalPostgres;
import dev.vtbench.local.process.Os;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code vtbench init}: writes a starting {@code vtbench.yaml} for a user's Spring Boot service
 * from what its Actuator says ({@link InitTarget}, {@link ActuatorMappings}, {@link InitActuator}),
 * rendered by {@link InitSpecYaml}.
 */
@Command(
    name = "init",
    mixinStandardHelpOptions = true,
    description = {
      "Write a starting vtbench.yaml for your Spring Boot service: start its jar (on a throwaway"
          + " PostgreSQL built from its own SQL when it uses PostgreSQL), or read a service"
          + " already running at a URL, read Actuator's mappings, and write its GET endpoints as"
          + " the request mix, its database and the thread modes platform and virtual.",
      "The service needs Spring Boot Actuator; a running one must expose mappings"
          + " (management.endpoints.web.exposure.include).",
      "Then: vtbench run vtbench.yaml"
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:the spec was written",
      "1:the service did not start in time, or failed",
      "2:refused: the spec exists (--force), the jar or URL cannot be read, no Actuator or no"
          + " mappings",
      "3:a tool is missing (JDK 25, PostgreSQL)"
    })
public final class InitCommand implements Callable<Integer> {

  @Parameters(
      paramLabel = "JAR|URL",
      description =
          "The service's executable jar (e.g. target/app.jar), or the base URL of the"
              + " service running (e.g. http://localhost:8080).")
  String target;

  @Option(
      names = {"-o", "--output"},
      defaultValue = "vtbench.yaml",
      description = "The spec to write (${DEFAULT-VALUE}); its paths are relative to its folder.")
  Path output;

  @Option(names = "--force", description = "Overwrite the spec if it exists.")
  boolean force;

  @Option(
      names = "--sql",
      paramLabel = "FILE",
      description =
          "The SQL that builds the service's database, in running order (repeat the option);"
              + " default: the .sql files of the first of db/, sql/, src/main/resources/db/..."
              + " beside the spec.")
  List<Path> sql;

  @Option(
      names = "--actuator-path",
      defaultValue = "/actuator",
      description = "Actuator's base path (${DEFAULT-VALUE}).")
  String actuatorPath;

  @Option(
      names = "--timeout",
      defaultValue = "180",
      paramLabel = "SECONDS",
      description = "Longest wait for the jar to answer its health path (${DEFAULT-VALUE}).")
  int timeoutSeconds;

  @Option(
      names = "--name",
      description = "metadata.name of the run (default: the service's spring.application.name).")
  String name;

  @Option(
      names = "--cache-dir",
      description = "Where the service's log goes, under logs/ (default ~/.cache/vtbench).")
  Path cacheDir = Os.DEFAULT_CACHE;

  private final PrintStream out = System.out;

  private void say(String line) {
    out.println("vtbench " + line);
  }

  @Override
  public Integer call() {
    Path spec = output.toAbsolutePath().normalize();
    Path folder = spec.getParent();
    if (Files.exists(spec) && !force) {
      System.err.println("vtbench init: " + spec + " exists: pass --force to overwrite it");
      return 2;
    }
    if (timeoutSeconds < 1) {
      System.err.println("vtbench init: --timeout must be at least 1 second");
      return 2;
    }
    boolean url = target.matches("(?i)https?://.*");
    List<Path> sqlFiles =
        sql != null
            ? sql.stream().map(p -> p.toAbsolutePath().normalize()).toList()
            : InitSql.find(folder);
    for (Path f : sqlFiles) {
      if (!Files.isRegularFile(f) || !Files.isReadable(f)) {
        System.err.println("vtbench init: --sql " + f + " is not a readable file");
        return 2;
      }
    }
    Path jar = url ? jarBeside(folder) : Path.of(target).toAbsolutePath().normalize();
    try (InitTarget service = url ? connect() : start(jar, sqlFiles)) {
      String where = url ? target : jar.getFileName().toString();
      var root = HttpJson.get(service.baseUrl + actuatorPath);
      List<String> exposed = InitActuator.exposed(where, actuatorPath, root.status(), root.json());
      say("init: reading " + service.baseUrl + actuatorPath + "/mappings");
      Map<String, Object> mappings =
          InitActuator.read(p -> HttpJson.get(service.baseUrl + p), actuatorPath + "/mappings");
      if (!ActuatorMappings.isMappings(mappings)) {
        throw new InitTarget.Refused(
            where + ": " + actuatorPath + "/mappings answered no mappings document");
      }
      Map<String, Object> configprops =
          exposed.contains("configprops")
              ? InitActuator.read(
                  p -> HttpJson.get(service.baseUrl + p), actuatorPath + "/configprops")
              : Map.of();
      Map<String, Object> metrics =
          exposed.contains("metrics")
              ? InitActuator.read(p -> HttpJson.get(service.baseUrl + p), actuatorPath + "/metrics")
              : Map.of();
      Map<String, String> env;
      if (service.started) {
        Map<String, Object> exposure =
            InitActuator.read(
                p -> HttpJson.get(service.baseUrl + p),
                actuatorPath + "/env/" + InitActuator.EXPOSURE_PROPERTY);
        env = InitActuator.runEnv(InitActuator.ownExposure(exposure));
      } else {
        env = InitActuator.runEnv(String.join(",", exposed));
      }
      ActuatorMappings.Found found = ActuatorMappings.of(mappings, actuatorPath);
      if (found.endpoints().isEmpty()) {
        throw new InitTarget.Refused(
            where + " maps no GET endpoint of its own: there is no request mix to write");
      }
      List<Draft> drafts = new ArrayList<>();
      for (Draft d : InitRequestMix.of(found.endpoints(), service::ids)) {
        String path = d.firstPath();
        int status = service.status(path);
        say("init: GET " + path + " -> " + (status == 0 ? "no answer" : status));
        drafts.add(d.probed(status, path));
      }
      if (drafts.stream().noneMatch(Draft::active)) {
        // a spec needs one request: keep them all, each saying what it answered
        drafts =
            drafts.stream().map(d -> new Draft(d.endpoint(), d.params(), d.notes(), true)).toList();
      }
      boolean database =
          url ? InitActuator.usesDatabase(metrics, configprops) : service.hasDatabase();
      List<Downstream> downstreams = InitActuator.downstreams(configprops);
      String appName =
          exposed.contains("env")
              ? ActuatorMappings.string(
                  ActuatorMappings.map(
                          InitActuator.read(
                                  p -> HttpJson.get(service.baseUrl + p),
                                  actuatorPath + "/env/spring.application.name")
                              .get("property"))
                      .get("value"))
              : null;
      String runName =
          runName(name, appName, jar == null ? "my-service" : jar.getFileName().toString());
      InitSpecYaml.Findings findings =
          new InitSpecYaml.Findings(
              runName,
              "vtbench init " + target,
              jar == null ? null : relative(folder, jar),
              actuatorPath,
              drafts,
              found.skipped(),
              database,
              sqlFiles.stream().map(f -> relative(folder, f)).toList(),
              InitSql.searched(),
              downstreams,
              env);
      Files.createDirectories(folder);
      Files.writeString(spec, InitSpecYaml.render(findings));
      long active = drafts.stream().filter(Draft::active).count();
      say(
          "init: wrote "
              + spec
              + ": "
              + active
              + " request"
              + (active == 1 ? "" : "s")
              + " in the mix"
              + (drafts.size() > active ? ", " + (drafts.size() - active) + " commented out" : "")
              + (database ? ", " + sqlFiles.size() + " SQL file(s)" : ", no database")
              + (downstreams.size() == 1 ? ", the stub in " + downstreams.get(0).env() : ""));
      out.println("next:    read its comments, then: vtbench run " + relativeToCwd(spec));
      return 0;
    } catch (InitTarget.Refused e) {
      System.err.println("vtbench init: " + e.getMessage());
      return 2;
    } catch (MissingTool e) {
      System.err.println("vtbench init: " + e.getMessage());
      return 3;
    } catch (Exception e) {
      System.err.println("vtbench init: " + e.getMessage());
      return 1;
    }
  }

  private static final class MissingTool extends RuntimeException {
    MissingTool(String message) {
      super(message);
    }
  }

  private InitTarget connect() {
    say("init: reading the service at " + target);
    return InitTarget.running(target);
  }

  private InitTarget start(Path jar, List<Path> sqlFiles) {
    if (!Files.isRegularFile(jar)) {
      throw new InitTarget.Refused(jar + " not found: build your service first (e.g. mvn package)");
    }
    InitTarget.JarFacts facts = InitTarget.inspect(jar);
    if (!facts.springBoot()) {
      throw new InitTarget.Refused(
          jar
              + " is not a Spring Boot executable jar (no BOOT-INF/lib/): vtbench init reads"
              + " Spring Boot Actuator; write the spec by hand (docs/byo.md)");
    }
    if (!facts.actuator()) {
      throw new InitTarget.Refused(
          jar
              + " has no Spring Boot Actuator (no spring-boot-actuator-*.jar in BOOT-INF/lib/):"
              + " vtbench init reads the service's endpoints from Actuator's mappings, and the"
              + " run reads its metrics. Add the dependency"
              + " org.springframework.boot:spring-boot-starter-actuator, expose the endpoints ("
              + InitActuator.EXPOSURE_PROPERTY
              + ": health,metrics,mappings), rebuild, and run vtbench init again");
    }
    if (Runtime.version().feature() < 25) {
      throw new MissingTool("JDK 25 needed, this is " + Runtime.version());
    }
    if (facts.postgresDriver()) {
      try {
        LocalPostgres.binDir();
      } catch (IllegalStateException e) {
        throw new MissingTool(e.getMessage());
      }
    }
    Path logs =
        cacheDir
            .resolve("logs")
            .resolve(
                "init-"
                    + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
    return InitTarget.start(
        jar,
        Os.freePort(),
        facts.postgresDriver(),
        sqlFiles,
        logs,
        Duration.ofSeconds(timeoutSeconds),
        this::say);
  }

  /** The one jar under target/ or build/libs/ beside the spec, for a service read at a URL. */
  private static Path jarBeside(Path folder) {
    List<Path> jars = new ArrayList<>();
    for (String dir : List.of("target", "build/libs")) {
      try (var files = Files.list(folder.resolve(dir))) {
        files
            .filter(f -> f.toString().endsWith(".jar") && !f.toString().endsWith("-plain.jar"))
            .forEach(jars::add);
      } catch (java.io.IOException e) {
        // no such folder
      }
    }
    return jars.size() == 1 ? jars.get(0) : null;
  }

  /** A run name (a DNS label): --name, else spring.application.name, else the jar's name. */
  static String runName(String given, String appName, String fallback) {
    if (given != null) {
      return label(given);
    }
    if (appName != null && !appName.isBlank() && !appName.contains("*")) {
      return label(appName);
    }
    return label(
        fallback.replaceAll("(?i)\\.jar$", "").replaceAll("-\\d+(\\.\\d+)*(-SNAPSHOT)?$", ""));
  }

  static String label(String s) {
    String l = s.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9-]+", "-").replaceAll("^-+|-+$", "");
    l = l.length() > 40 ? l.substring(0, 40).replaceAll("-+$", "") : l;
    return l.isEmpty() || !Character.isLetter(l.charAt(0)) ? "service-" + l : l;
  }

  /** {@code file} as the spec names it: relative to the spec's folder. */
  static String relative(Path folder, Path file) {
    return folder.relativize(file.toAbsolutePath().normalize()).toString();
  }

  private static String relativeToCwd(Path spec) {
    Path cwd = Path.of("").toAbsolutePath();
    return spec.startsWith(cwd) ? cwd.relativize(spec).toString() : spec.toString();
  }
}
