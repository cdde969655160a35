package dev.vtbench.engine.results;

import dev.vtbench.engine.results.row.Bottleneck;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.results.row.ResultRowBuilder;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;

/** Hand-made rows and the sample CSV, shared by the tests. */
public final class Rows {

  public static final String SAMPLE = "synthetic-reference-matrix.csv";

  private Rows() {}

  /** A row with only the keys and throughput set; tests add what they need. */
  public static ResultRowBuilder row(String mode, String conn, int pool, int vus, double rps) {
    return ResultRow.builder()
        .ts(Instant.parse("2026-05-10T14:03:22Z"))
        .threadMode(mode)
        .connMode(conn)
        .hikariPool(pool)
        .concurrency(vus)
        .throughputRps(rps);
  }

  public static String resource(String name) {
    try (InputStream in = Rows.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("missing test resource " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A row with every column set, in the shapes a CSV must round-trip. */
  public static ResultRow full(String scenarioId) {
    return ResultRow.builder()
        .ts(Instant.parse("2026-05-10T14:03:22.125Z"))
        .threadMode("virtual")
        .hikariPool(50)
        .pathMode("normal")
        .connMode("held")
        .concurrency(2000)
        .rep(2)
        .throughputRps(497.25)
        .p50Ms(3990.125)
        .p95Ms(4500.5)
        .p99Ms(4700.0)
        .p999Ms(4900.75)
        .maxMs(5100.001)
        .errorRate(0.000125)
        .httpReqs(9945L)
        .appCpuPct(79.9)
        .pgCpuPct(12.5)
        .loadCpuPct(66.6)
        .hikariActiveMax(50)
        .hikariPendingMax(1950)
        .jvmThreadsMax(41)
        .rssMbMax(612.5)
        .pinnedEvents(0L)
        .scenarioId(scenarioId)
        .workload("order-summary")
        .executor("closed")
        .tomcatThreads(200)
        .stubDelayMs(100.0)
        .sutCpuset("0-3,8")
        .littlesLawBoundRps(500.0)
        .littlesLawRatio(0.9945)
        .generatorSaturated(false)
        .bottleneck(Bottleneck.HIKARI_POOL)
        .meanMs(4012.5)
        .stubCpuPct(20.5)
        .vtbenchCpuPct(3.2)
        .loadCoreBusyPct(91.4)
        .stealPct(0.4)
        .cpuBusyPct("0:91.4|1:88")
        .node("node-a")
        .tierNodes("sut=node-a;stub=node-b;database=node-b;load=node-b+node-c")
        .cpuModel("Intel(R) Xeon(R) CPU @ 2.20GHz, rev 7")
        .kernel("6.8.0-45-generic")
        .jdkVersion("25.0.3+9-LTS")
        .sutArtifact("sha256:0123456789abcdef")
        .warmupS(75.0)
        .steadyState(true)
        .holdCv(0.0213)
        .serviceFloorMs(100.0)
        .targetRps(2000.0)
        .droppedIterations(12L)
        .overloaded(false)
        .heapMbMax(96.5)
        .handlerThread("Thread[#45,http-nio-8080-exec-7,5,main]")
        .notes("pinned_events empty: JFR, read only from vtbench's SUT; no Actuator")
        .jvmOptions("-XX:+UseZGC -Xss512k")
        .buildName("boot-3.4")
        .loadRunners(2)
        .sutThrottledPct(12.3)
        .stubThrottledPct(0.0)
        .loadThrottledPct(2.5)
        .pgThrottledPct(40.0)
        .jvmProcessors(2)
        .vtParallelism(2)
        .tomcatBusyMax(20)
        .tomcatMaxThreads(20)
        .requestsActiveMax(21)
        .cpuWorkUs(1500L)
        .cpuWorkIterationNs(197.3)
        .holdWindows("5.002:1900:1.65:0.29 5:1929:1.58:-")
        .warmupSteady(true)
        .warmupTpNoise(0.0123)
        .warmupCpuNoise(0.0456)
        .build();
  }
}
