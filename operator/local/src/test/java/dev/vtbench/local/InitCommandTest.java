package dev.vtbench.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.vtbench.engine.model.BenchmarkRun;
import dev.vtbench.engine.model.SpecLoader;
import dev.vtbench.local.platform.LocalFiles;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code vtbench init}'s refusals, each before anything starts, naming what to add; and its whole
 * flow against a service at a URL whose Actuator answers the mappings recorded from byo-orders.
 */
class InitCommandTest {

  @TempDir Path folder;
  HttpServer server;

  @AfterEach
  void stop() {
    if (server != null) {
      server.stop(0);
    }
  }

  record Result(int code, String out, String err) {}

  static Result init(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream oldOut = System.out;
    PrintStream oldErr = System.err;
    System.setOut(new PrintStream(out, true));
    System.setErr(new PrintStream(err, true));
    try {
      String[] all = new String[args.length + 1];
      all[0] = "init";
      System.arraycopy(args, 0, all, 1, args.length);
      return new Result(Main.execute(all), out.toString(), err.toString());
    } finally {
      System.setOut(oldOut);
      System.setErr(oldErr);
    }
  }

  Path jar(String... entries) throws IOException {
    Path jar = folder.resolve("target/app.jar");
    Files.createDirectories(jar.getParent());
    try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(jar))) {
      for (String e : entries) {
        zip.putNextEntry(new ZipEntry(e));
        zip.closeEntry();
      }
    }
    return jar;
  }

  @Test
  void aSpringBootJarWithoutActuatorIsRefusedSayingWhatToAdd() throws IOException {
    Path jar = jar("BOOT-INF/", "BOOT-INF/lib/spring-boot-4.0.7.jar");
    Path spec = folder.resolve("vtbench.yaml");
    Result r = init(jar.toString(), "-o", spec.toString());

    assertThat(r.code()).as(r.err()).isEqualTo(2);
    assertThat(r.err())
        .contains("has no Spring Boot Actuator (no spring-boot-actuator-*.jar in BOOT-INF/lib/)")
        .contains("org.springframework.boot:spring-boot-starter-actuator")
        .contains("management.endpoints.web.exposure.include: health,metrics,mappings");
    assertThat(r.out()).doesNotContain("starting");
    assertThat(spec).doesNotExist();
  }

  @Test
  void aJarThatIsNotSpringBootOrMissingIsRefused() throws IOException {
    Path jar = jar("META-INF/MANIFEST.MF", "a/Main.class");
    Result r = init(jar.toString(), "-o", folder.resolve("vtbench.yaml").toString());
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).contains("is not a Spring Boot executable jar");

    Result missing =
        init(folder.resolve("nope.jar").toString(), "-o", folder.resolve("v.yaml").toString());
    assertThat(missing.code()).isEqualTo(2);
    assertThat(missing.err()).contains("nope.jar not found: build your service first");
  }

  @Test
  void anExistingSpecIsKeptWithoutForce() throws IOException {
    Path spec = Files.writeString(folder.resolve("vtbench.yaml"), "mine\n");
    Result r = init(jar("BOOT-INF/").toString(), "-o", spec.toString());
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).contains("exists: pass --force to overwrite it");
    assertThat(spec).hasContent("mine");
  }

  /** A local HTTP server answering each path from {@code routes} (status, body), else 404. */
  String serve(Map<String, Object[]> routes) throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/",
        exchange -> {
          Object[] route = routes.get(exchange.getRequestURI().toString());
          byte[] body = (route == null ? "{}" : (String) route[1]).getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(route == null ? 404 : (int) route[0], body.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
          }
        });
    server.start();
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  @Test
  void aServiceWithoutActuatorIsRefused() throws IOException {
    String url = serve(Map.of("/orders/1", new Object[] {200, "{}"}));
    Result r = init(url, "-o", folder.resolve("vtbench.yaml").toString());
    assertThat(r.code()).as(r.err()).isEqualTo(2);
    assertThat(r.err())
        .contains("has no Spring Boot Actuator at /actuator (GET answered 404)")
        .contains("spring-boot-starter-actuator");
  }

  @Test
  void actuatorWithoutMappingsIsRefused() throws IOException {
    String links = "{\"_links\": {\"self\": {}, \"health\": {}, \"metrics\": {}}}";
    String url = serve(Map.of("/actuator", new Object[] {200, links}));
    Result r = init(url, "-o", folder.resolve("vtbench.yaml").toString());
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err())
        .contains("does not expose the mappings endpoint (it lists health, metrics)")
        .contains("add mappings to management.endpoints.web.exposure.include");
  }

  static String recorded(String name) throws IOException {
    try (InputStream in = InitCommandTest.class.getResourceAsStream("init/" + name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void aRunningServiceWithMappingsGetsASpecVtbenchLoads() throws IOException {
    String links =
        "{\"_links\": {\"self\": {}, \"health\": {}, \"mappings\": {}, \"configprops\": {},"
            + " \"metrics\": {}}}";
    String url =
        serve(
            Map.of(
                "/actuator", new Object[] {200, links},
                "/actuator/mappings", new Object[] {200, recorded("orders-mappings.json")},
                "/actuator/configprops", new Object[] {200, recorded("orders-configprops.json")},
                "/actuator/metrics", new Object[] {200, "{\"names\": [\"hikaricp.connections\"]}"},
                "/orders", new Object[] {400, "{}"},
                "/orders/1", new Object[] {200, "{}"}));
    jar("BOOT-INF/");
    Files.createDirectories(folder.resolve("db"));
    Files.writeString(folder.resolve("db/schema.sql"), "create table orders (id bigint);");
    Path spec = folder.resolve("vtbench.yaml");

    Result r = init(url, "-o", spec.toString());

    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("GET /orders -> 400").contains("GET /orders/1 -> 200");
    BenchmarkRun run = SpecLoader.load(spec);
    assertThat(run.metadata.name).isEqualTo("app"); // the jar beside the spec
    assertThat(run.spec.sut.service.jar).isEqualTo("target/app.jar");
    assertThat(run.spec.sut.service.stubUrlEnv).isEqualTo("SHIPPING_QUOTE_URL");
    assertThat(run.spec.workload.requests).extracting(q -> q.path).containsExactly("/orders/{id}");
    assertThat(run.spec.database.sql.files).containsExactly("db/schema.sql");
    assertThat(LocalFiles.problems(run.spec, spec)).isEmpty();

    Result again = init(url, "-o", spec.toString(), "--force", "--name", "Orders API");
    assertThat(again.code()).as(again.err()).isZero();
    assertThat(SpecLoader.load(spec).metadata.name).isEqualTo("orders-api");
  }
}
