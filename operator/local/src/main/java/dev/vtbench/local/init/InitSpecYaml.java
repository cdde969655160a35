package dev.vtbench.local.init;

import dev.vtbench.local.init.ActuatorMappings.Skipped;
import dev.vtbench.local.init.InitRequestMix.Draft;
import java.util.List;
import java.util.Map;

/**
 * The commented {@code vtbench.yaml} that {@code vtbench init} writes: a BenchmarkRun of the user's
 * service ({@code spec.sut.service}) for the local runner, its GET endpoints as the request mix,
 * its database from its own SQL, and the two thread modes, each choice with a comment saying where
 * it came from and what to set. {@code vtbench run} takes it as written.
 */
final class InitSpecYaml {

  private InitSpecYaml() {}

  /** A configuration property that looks like a downstream service's URL, and its variable. */
  record Downstream(String property, String env, String value) {}

  /**
   * What init learnt of the service.
   *
   * @param name metadata.name
   * @param command the init command line, for the header
   * @param jar the jar, relative to the spec's folder; null when init read a running service and
   *     found none
   * @param actuatorPath Actuator's base path
   * @param requests the mix, one draft per endpoint
   * @param skipped handlers that cannot be requests of the mix
   * @param database whether the service uses a JDBC database
   * @param sqlFiles the SQL that builds it, relative to the spec's folder; empty when none found
   * @param sqlSearched where SQL was looked for, for the comment when none was found
   * @param downstreams properties naming other services' URLs: one becomes stubUrlEnv
   * @param env variables the service needs in the run (e.g. exposing Actuator's metrics)
   */
  record Findings(
      String name,
      String command,
      String jar,
      String actuatorPath,
      List<Draft> requests,
      List<Skipped> skipped,
      boolean database,
      List<String> sqlFiles,
      String sqlSearched,
      List<Downstream> downstreams,
      Map<String, String> env) {}

  /** The spec's text. */
  static String render(Findings f) {
    StringBuilder y = new StringBuilder();
    y.append("# Written by `")
        .append(f.command())
        .append("` from the service's Actuator (mappings, configprops):\n")
        .append("# a starting point. Read each comment, change what it asks, then:\n")
        .append("#   vtbench run vtbench.yaml\n")
        .append("# Paths are relative to this file's folder. docs/byo.md explains every field.\n")
        .append("apiVersion: vtbench.dev/v1alpha1\n")
        .append("kind: BenchmarkRun\n")
        .append("metadata:\n")
        .append("  name: ")
        .append(f.name())
        .append("                 # results go to results/")
        .append(f.name())
        .append("/\n")
        .append("spec:\n")
        .append("  sut:\n")
        .append("    cpu: \"1\"                 # cores for your service\n")
        .append("    memory: 1Gi              # its heap is 3/4 of this (-Xmx)\n")
        .append("    tomcatMaxThreads: 200    # Tomcat's default: platform threads serve this many")
        .append(" at once\n")
        .append("    service:\n");
    if (f.jar() != null) {
      y.append("      jar: ").append(quoted(f.jar())).append('\n');
    } else {
      y.append("      jar: target/CHANGE-ME.jar   # no jar found beside this file: name yours\n");
    }
    y.append("      port: 18080             # a free port here; handed to it as SERVER_PORT\n");
    y.append("      healthPath: ").append(quoted(f.actuatorPath() + "/health")).append('\n');
    if (!f.actuatorPath().equals("/actuator")) {
      y.append("      actuatorPath: ").append(quoted(f.actuatorPath())).append('\n');
    }
    downstream(y, f.downstreams());
    if (!f.env().isEmpty()) {
      y.append("      env:\n");
      f.env()
          .forEach(
              (k, v) -> y.append("        ").append(k).append(": ").append(quoted(v)).append('\n'));
    }
    y.append("  workload:\n");
    if (f.downstreams().size() == 1) {
      y.append("    stubDelay: 100ms           # how long the stub takes: your downstream's")
          .append(" latency\n");
    }
    requests(y, f);
    database(y, f);
    if (f.downstreams().size() == 1) {
      y.append("  stub: {cpu: \"1\", memory: 512Mi}\n");
    }
    y.append("  load: {cpu: \"1\", executor: ramping-vus, ramp: 3s, warmup: 5s, hold: 20s}\n")
        .append("  matrix:\n")
        .append("    threadModes: [platform, virtual]   # the question: what virtual threads")
        .append(" change\n")
        .append("    hikariPoolSizes: [10]              # each size is a JVM start of its own\n")
        .append("    concurrency: [50]                  # users at once; more levels show")
        .append(" where each mode stops\n")
        .append("    repetitions: 3                     # a verdict needs 3 steady repetitions")
        .append(" per mode\n");
    return y.toString();
  }

  private static void downstream(StringBuilder y, List<Downstream> downstreams) {
    if (downstreams.size() == 1) {
      Downstream d = downstreams.get(0);
      y.append("      # ")
          .append(d.property())
          .append(" is ")
          .append(d.value())
          .append(": vtbench's stub stands in\n")
          .append("      # for that service (JSON on /downstream after stubDelay); without this")
          .append(" line it calls the real one\n")
          .append("      stubUrlEnv: ")
          .append(d.env())
          .append('\n');
    } else if (downstreams.size() > 1) {
      y.append("      # Properties naming other services: uncomment one to have vtbench's stub")
          .append(" answer it\n");
      for (Downstream d : downstreams) {
        y.append("      # stubUrlEnv: ")
            .append(d.env())
            .append("   # ")
            .append(d.property())
            .append(" = ")
            .append(d.value())
            .append('\n');
      }
    }
  }

  private static void requests(StringBuilder y, InitSpecYaml.Findings f) {
    y.append("    # One GET per endpoint in Actuator's mappings, equally weighted: set the")
        .append(" weights your\n")
        .append("    # traffic has, and the other methods (method, body, expectedStatus).\n")
        .append("    requests:\n");
    for (Draft d : f.requests()) {
      String pad = d.active() ? "      " : "      # ";
      y.append("      # ").append(d.endpoint().handler()).append('\n');
      d.notes().forEach(n -> comment(y, "      # ", n));
      y.append(pad).append("- path: ").append(quoted(d.endpoint().path())).append('\n');
      if (!d.params().isEmpty()) {
        y.append(pad).append("  params: {");
        String sep = "";
        for (var e : d.params().entrySet()) {
          y.append(sep)
              .append(e.getKey())
              .append(": {from: ")
              .append(e.getValue().from())
              .append(", to: ")
              .append(e.getValue().to())
              .append('}');
          sep = ", ";
        }
        y.append("}\n");
      }
      if (!d.endpoint().headers().isEmpty()) {
        y.append(pad).append("  headers: {");
        String sep = "";
        for (var e : d.endpoint().headers().entrySet()) {
          y.append(sep).append(quoted(e.getKey())).append(": ").append(quoted(e.getValue()));
          sep = ", ";
        }
        y.append("}\n");
      }
    }
    for (Skipped s : f.skipped()) {
      y.append("      # left out: ")
          .append(s.pattern())
          .append(" (")
          .append(s.handler())
          .append("): ")
          .append(s.reason())
          .append('\n');
    }
  }

  private static void database(StringBuilder y, Findings f) {
    y.append("  database:\n");
    if (!f.database()) {
      y.append(
          "    enabled: false   # no PostgreSQL driver in the jar (read at a URL: no JDBC pool)\n");
      return;
    }
    y.append("    cpu: \"1\"\n").append("    memory: 1Gi\n");
    if (f.sqlFiles().isEmpty()) {
      y.append("    # No SQL found (looked in ")
          .append(f.sqlSearched())
          .append("): until you add\n")
          .append("    # sql: {files: [schema.sql, data.sql]}, vtbench seeds its own tables")
          .append(" (customers, orders)\n");
      return;
    }
    y.append("    sql:\n")
        .append("      files: [")
        .append(String.join(", ", f.sqlFiles().stream().map(InitSpecYaml::quoted).toList()))
        .append("]   # run in this order on a fresh database\n")
        .append("      # Kubernetes: the same files as a ConfigMap, keyed by base name\n")
        .append("      # (kubectl create configmap ")
        .append(f.name())
        .append("-sql")
        .append(fromFiles(f.sqlFiles()))
        .append("), then:\n")
        .append("      # configMap: ")
        .append(f.name())
        .append("-sql\n");
  }

  /** {@code text} as comment lines of at most 100 characters, each starting with {@code lead}. */
  static void comment(StringBuilder y, String lead, String text) {
    StringBuilder line = new StringBuilder(lead);
    for (String word : text.replaceAll("\\s+", " ").trim().split(" ")) {
      if (line.length() > lead.length() && line.length() + 1 + word.length() > 100) {
        y.append(line).append('\n');
        line = new StringBuilder(lead).append("  ");
      } else if (line.length() > lead.length()) {
        line.append(' ');
      }
      line.append(word);
    }
    y.append(line).append('\n');
  }

  /** kubectl's --from-file for the SQL: their folder when they share one, else each file. */
  static String fromFiles(List<String> files) {
    List<String> folders =
        files.stream()
            .map(f -> f.contains("/") ? f.substring(0, f.lastIndexOf('/') + 1) : "./")
            .distinct()
            .toList();
    if (folders.size() == 1) {
      return " --from-file=" + folders.get(0);
    }
    return String.join("", files.stream().map(f -> " --from-file=" + f).toList());
  }

  /** A YAML double-quoted scalar: JSON's escaping, which YAML reads the same. */
  static String quoted(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      switch (c) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        default -> {
          if (c < 0x20) {
            b.append(String.format("\\u%04x", (int) c));
          } else {
            b.append(c);
          }
        }
      }
    }
    return b.append('"').toString();
  }
}
