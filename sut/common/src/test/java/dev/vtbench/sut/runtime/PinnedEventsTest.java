package dev.vtbench.sut.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The counter behind pinned_events can count: blocking inside a class initializer still pins a
 * virtual thread on Java 25, blocking inside synchronized no longer does (JEP 491).
 */
class PinnedEventsTest {

  static class SlowInit {
    static {
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }

    static void touch() {}
  }

  @Test
  void countsAPinnedVirtualThreadAndNotASynchronizedOne() throws Exception {
    try (PinnedEvents events = new PinnedEvents(Duration.ofMillis(20))) {
      assertThat(events.enabled()).isTrue();
      Object lock = new Object();
      Thread.ofVirtual()
          .start(
              () -> {
                synchronized (lock) {
                  try {
                    Thread.sleep(100);
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                  }
                }
              })
          .join();
      Thread.sleep(2_000);
      assertThat(events.count()).as("synchronized blocking on Java 25").isZero();

      Thread.ofVirtual().start(SlowInit::touch).join();
      long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
      while (events.count() == 0 && System.nanoTime() < deadline) {
        Thread.sleep(100);
      }
      assertThat(events.count()).as("blocking in a class initializer").isEqualTo(1);
      assertThat(events.lastStackTop()).contains("SlowInit");
    }
  }
}
