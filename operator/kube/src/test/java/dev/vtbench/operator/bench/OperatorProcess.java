package dev.vtbench.operator.bench;

import dev.vtbench.proc.ProcessCpu;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The operator under test as its own JVM, started from the shaded jar the way its image starts it,
 * with the admin kubeconfig of the bench's API server: its RSS is read from
 * /proc/&lt;pid&gt;/status and its heap and reconcile timings from its own /metrics, so nothing of
 * the driver's JVM counts.
 */
final class OperatorProcess implements AutoCloseable {

  /** The operator's user agent, by which the audit log tells its requests apart. */
  static final String AGENT = "vtbench-operator-under-bench";

  private final Process process;
  private final int port;
  private final HttpClient http = HttpClient.newHttpClient();

  private OperatorProcess(Process process, int port) {
    this.process = process;
    this.port = port;
  }

  /**
   * Starts {@code jar} watching every namespace, its log in {@code dir}/operator.log, with {@code
   * jvmOptions} and {@code extraEnv} added to its environment; returns once its /readyz answers
   * 200.
   */
  static OperatorProcess start(
      Path jar, String kubeconfig, Path dir, List<String> jvmOptions, Map<String, String> extraEnv)
      throws IOException, InterruptedException {
    if (!Files.isRegularFile(jar)) {
      throw new IllegalStateException(jar + " missing: run `make build` first");
    }
    Path config = dir.resolve("kubeconfig.yaml");
    Files.writeString(config, kubeconfig);
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    String java =
        ProcessHandle.current()
            .info()
            .command()
            .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    List<String> cmd = new ArrayList<>();
    cmd.add(java);
    cmd.addAll(jvmOptions);
    cmd.add("-Dkubernetes.user.agent=" + AGENT);
    cmd.add("-jar");
    cmd.add(jar.toAbsolutePath().toString());
    ProcessBuilder pb = new ProcessBuilder(cmd);
    Map<String, String> env = pb.environment();
    env.keySet().removeIf(k -> k.startsWith("KUBERNETES_") || k.equals("JAVA_TOOL_OPTIONS"));
    env.put("KUBECONFIG", config.toAbsolutePath().toString());
    env.put("WATCH_NAMESPACES", "");
    env.put("LEADER_ELECTION", "false");
    env.put("HTTP_PORT", Integer.toString(port));
    env.put("LOG_LEVEL", "info");
    env.putAll(extraEnv);
    pb.redirectErrorStream(true);
    pb.redirectOutput(dir.resolve("operator.log").toFile());
    OperatorProcess op = new OperatorProcess(pb.start(), port);
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (!op.ready()) {
      if (!op.process.isAlive()) {
        throw new IllegalStateException(
            "the operator exited with "
                + op.process.exitValue()
                + "; see "
                + dir
                + "/operator.log");
      }
      if (System.nanoTime() > end) {
        throw new IllegalStateException("the operator not ready in 120 s; see operator.log");
      }
      Thread.sleep(250);
    }
    return op;
  }

  long pid() {
    return process.pid();
  }

  boolean alive() {
    return process.isAlive();
  }

  private boolean ready() {
    try {
      return http.send(
                  HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/readyz"))
                      .timeout(Duration.ofSeconds(2))
                      .build(),
                  HttpResponse.BodyHandlers.discarding())
              .statusCode()
          == 200;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /** The operator's /metrics now, in the Prometheus text format. */
  String scrape() throws IOException, InterruptedException {
    return http.send(
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                .timeout(Duration.ofSeconds(10))
                .build(),
            HttpResponse.BodyHandlers.ofString())
        .body();
  }

  /**
   * A field of /proc/&lt;pid&gt;/status in bytes (VmRSS, VmHWM), or -1 once the process is gone.
   */
  long procStatusBytes(String field) {
    try {
      for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid()), "status"))) {
        if (line.startsWith(field + ":")) {
          return Long.parseLong(line.substring(field.length() + 1).replace("kB", "").strip())
              * 1024;
        }
      }
    } catch (IOException | NumberFormatException e) {
      return -1;
    }
    return -1;
  }

  /**
   * With {@code -XX:NativeMemoryTracking=summary} among the operator's options: its committed
   * memory by category (jcmd VM.native_memory, saved whole as {@code out}/nmt.txt), the largest
   * first; else "".
   */
  String nativeMemory(List<String> jvmOptions, Path out) {
    if (jvmOptions.stream().noneMatch(s -> s.startsWith("-XX:NativeMemoryTracking"))) {
      return "";
    }
    try {
      Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
      Process p =
          new ProcessBuilder(
                  jcmd.toString(), Long.toString(pid()), "VM.native_memory", "summary", "scale=KB")
              .redirectErrorStream(true)
              .start();
      String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      p.waitFor();
      Files.writeString(out.resolve("nmt.txt"), text);
      Matcher m =
          Pattern.compile("-\\s+([A-Za-z][A-Za-z ]*?) \\(reserved=\\d+KB, committed=(\\d+)KB")
              .matcher(text);
      Map<String, Long> byCategory = new TreeMap<>();
      while (m.find()) {
        byCategory.put(m.group(1).strip(), Long.parseLong(m.group(2)) >> 10);
      }
      return byCategory.entrySet().stream()
          .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
          .limit(8)
          .map(e -> e.getKey() + " " + e.getValue() + " MiB")
          .collect(Collectors.joining(", "));
    } catch (IOException e) {
      return "jcmd failed: " + e.getMessage();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "";
    }
  }

  /** User plus system CPU seconds of the operator's process so far. */
  double cpuSeconds() {
    return ProcessCpu.seconds(pid());
  }

  @Override
  public void close() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(30, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor();
    }
  }
}
