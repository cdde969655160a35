package dev.vtbench.local.platform;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.vtbench.engine.k6.K6Plan;
import dev.vtbench.engine.run.Platform.IndependentLoad;
import dev.vtbench.engine.run.Progress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real wrk (Debian's, which hack/install-deps.sh installs) against a real HTTP server: the script
 * vtbench writes sends the plan's endpoint with random ids in its range, and the report it reads
 * back is the server's count.
 */
class WrkLoadIT {

  @TempDir Path dir;

  @Test
  void wrkLoadsThePlansEndpointWithItsIdsAndItsRateIsRead() throws Exception {
    Path wrk = WrkLoad.onPath();
    assertThat(wrk).as("wrk on PATH: run 'bash hack/install-deps.sh'").isNotNull();
    AtomicLong served = new AtomicLong();
    Set<String> ids = ConcurrentHashMap.newKeySet();
    Set<String> outOfRange = ConcurrentHashMap.newKeySet();
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.setExecutor(Executors.newFixedThreadPool(4));
    server.createContext(
        "/api/item/",
        exchange -> {
          String id = exchange.getRequestURI().getPath().substring("/api/item/".length());
          long n = Long.parseLong(id);
          (n >= 1 && n <= 50 ? ids : outOfRange).add(id);
          byte[] body = "{}".getBytes(StandardCharsets.UTF_8);
          exchange.sendResponseHeaders(200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
          served.incrementAndGet();
        });
    server.start();
    try {
      String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/api/item/{id}?x=1";
      K6Plan plan =
          new K6Plan(
              url,
              50,
              K6Plan.Executor.RAMPING_VUS,
              4,
              4,
              Duration.ofSeconds(1),
              Duration.ZERO,
              Duration.ofSeconds(2),
              Duration.ofSeconds(5));
      CoreMap cores = CoreMap.plan(Runtime.getRuntime().availableProcessors(), 1, 0);

      Optional<IndependentLoad> load =
          new WrkLoad(wrk, dir, cores).run(plan, Progress.printingTo(System.out));

      assertThat(load).isPresent();
      IndependentLoad l = load.orElseThrow();
      assertThat(l.errors()).isZero();
      // about two seconds of requests, as the server counted them
      assertThat(l.rps() * 2)
          .isCloseTo(served.get(), org.assertj.core.data.Percentage.withPercentage(20));
      assertThat(l.p99Ms()).isPositive();
      assertThat(l.coreBusyPct()).isBetween(0.0, 100.0);
      assertThat(outOfRange).isEmpty();
      assertThat(ids.size()).as("random ids across the range").isGreaterThan(25);
    } finally {
      server.stop(0);
    }
  }
}
