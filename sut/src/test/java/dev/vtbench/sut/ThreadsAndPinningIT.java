package dev.vtbench.sut;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.local.process.HttpJson;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** VT_ENABLED really switches the request thread; the synchronized path does not pin on 25. */
class ThreadsAndPinningIT {

  @Test
  void vtEnabledRunsHandlersOnVirtualThreadsAndFalseDoesNot() {
    RealStack stack = RealStack.get();
    try (RealStack.Sut virtual = stack.sut(Map.of("VT_ENABLED", "true"));
        RealStack.Sut platform = stack.sut(Map.of("VT_ENABLED", "false"))) {
      assertThat(HttpJson.get(virtual.url() + "/api/thread").at("virtual")).isEqualTo(true);
      assertThat(HttpJson.get(virtual.url() + "/api/order-summary/7").at("virtualThread"))
          .isEqualTo(true);
      HttpJson.Response p = HttpJson.get(platform.url() + "/api/thread");
      assertThat(p.at("virtual")).isEqualTo(false);
      assertThat((String) p.at("name")).startsWith("http-nio-");
      assertThat(HttpJson.get(platform.url() + "/api/runtime-info").at("config.VT_ENABLED"))
          .isEqualTo(false);
    }
  }

  /**
   * The handler_thread column: the SUT samples the thread serving a workload request (seed 004's
   * {@code Thread.currentThread()}), a virtual thread with its carrier or a Tomcat worker; a reset
   * forgets it until the next request.
   */
  @Test
  void runtimeInfoSamplesTheThreadThatServedAWorkloadRequest() {
    RealStack stack = RealStack.get();
    try (RealStack.Sut virtual = stack.sut(Map.of("VT_ENABLED", "true"));
        RealStack.Sut platform = stack.sut(Map.of("VT_ENABLED", "false"))) {
      for (RealStack.Sut sut : java.util.List.of(virtual, platform)) {
        HttpJson.Response reset = HttpJson.post(sut.url() + "/api/runtime-info/reset");
        assertThat(reset.at("peaks.handlerThread")).isNull();
        assertThat(((Number) reset.at("peaks.heapMbMax")).doubleValue()).isPositive();
        assertThat(HttpJson.get(sut.url() + "/api/sleep?ms=1").status()).isEqualTo(200);
      }
      assertThat(
              (String) HttpJson.get(virtual.url() + "/api/runtime-info").at("peaks.handlerThread"))
          .matches(
              "VirtualThread\\[#\\d+,tomcat-handler-\\d+]/runnable@ForkJoinPool-\\d+-worker-\\d+");
      assertThat(
              (String) HttpJson.get(platform.url() + "/api/runtime-info").at("peaks.handlerThread"))
          .matches("Thread\\[#\\d+,http-nio-.+-exec-\\d+,\\d+,main]");
    }
  }

  @Test
  void synchronizedPathRecordsNoPinnedEventsUnderConcurrentLoad() throws Exception {
    // 4 stripes for 100 concurrent requests: virtual threads block both on the monitor and, inside
    // it, on the 100 ms downstream call. Before JEP 491 every one of those would pin a carrier.
    try (RealStack.Sut sut =
        RealStack.get()
            .sut(
                Map.of(
                    "VT_ENABLED", "true",
                    "PATH_MODE", "synchronized",
                    "SYNC_STRIPES", "4",
                    "PINNED_THRESHOLD_MS", "20"))) {
      // Warm up first: the first requests initialise classes, and a virtual thread that blocks
      // inside a class initializer still pins on Java 25 (the benchmark's warm-up does the same).
      try (Load warmUp = new Load()) {
        warmUp.fire(20, i -> sut.url() + "/api/order-summary/" + (i + 1)).await();
      }
      Thread.sleep(2_500);
      HttpJson.Response warm = HttpJson.get(sut.url() + "/api/runtime-info");
      System.out.println(
          "pinned during warm-up: "
              + warm.at("peaks.pinnedEvents")
              + ", last at "
              + warm.at("peaks.pinnedLastFrame"));

      HttpJson.Response reset = HttpJson.post(sut.url() + "/api/runtime-info/reset");
      assertThat(reset.at("pinnedEventsEnabled")).isEqualTo(true);
      assertThat(reset.at("config.PATH_MODE")).isEqualTo("synchronized");
      try (Load load = new Load()) {
        load.fire(100, i -> sut.url() + "/api/order-summary/" + (i + 1));
        assertThat(load.await()).allSatisfy(r -> assertThat(r.status()).isEqualTo(200));
      }
      Thread.sleep(2_500); // JFR streams events about a second after they happen
      HttpJson.Response after = HttpJson.get(sut.url() + "/api/runtime-info");
      // Before JEP 491 each of the 100 requests pins for its whole 100 ms call (100 events). On 25
      // the count is about zero; a stray event from a class initializer is tolerated, not more.
      long pinned = after.longAt("peaks.pinnedEvents");
      System.out.println(
          "pinned under load: " + pinned + ", last at " + after.at("peaks.pinnedLastFrame"));
      assertThat(pinned)
          .as("pinned events, last at %s", after.at("peaks.pinnedLastFrame"))
          .isLessThanOrEqualTo(2);
    }
  }

  @Test
  void runtimeInfoReadsTheCpusetFromTheOperatingSystem() {
    try (RealStack.Sut sut = RealStack.get().sut(Map.of("VT_ENABLED", "true"), "0")) {
      HttpJson.Response info = HttpJson.get(sut.url() + "/api/runtime-info");
      assertThat(info.at("cpuset")).isEqualTo("0");
      assertThat(info.longAt("availableProcessors")).isEqualTo(1);
      assertThat((String) info.at("javaVersion")).startsWith("25");
      // where it runs, for each row's provenance and the operator's pinning check
      assertThat((String) info.at("node")).isNotBlank();
      assertThat(info.at("kernel")).isEqualTo(System.getProperty("os.version"));
      assertThat((String) info.at("onlineCpus")).matches("[0-9,-]+");
      assertThat(info.longAt("hikariPoolSize")).isEqualTo(50);
      assertThat(info.longAt("tomcatMaxThreads")).isEqualTo(200);
    }
  }
}
