package dev.vtbench.operator.reconciler.steps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class TogetherTest {

  @Test
  void requestsOverlap() {
    // each waits for the other to have started: issued one after another, neither would return
    CountDownLatch started = new CountDownLatch(2);
    Supplier<Boolean> meet =
        () -> {
          started.countDown();
          try {
            return started.await(10, TimeUnit.SECONDS);
          } catch (InterruptedException e) {
            throw new IllegalStateException(e);
          }
        };
    assertThat(Together.get(List.of(meet, meet))).containsExactly(true, true);
  }

  @Test
  void resultsInTheOrderGiven() throws Exception {
    CountDownLatch secondDone = new CountDownLatch(1);
    List<Supplier<String>> reads =
        List.of(
            () -> {
              try {
                secondDone.await(10, TimeUnit.SECONDS); // ends last
              } catch (InterruptedException e) {
                throw new IllegalStateException(e);
              }
              return "first";
            },
            () -> {
              secondDone.countDown();
              return "second";
            },
            () -> null);
    assertThat(Together.get(reads)).containsExactly("first", "second", null);
  }

  @Test
  void everyRequestRunsAndTheFirstFailureInOrderIsThrownAsItWas() {
    AtomicInteger ran = new AtomicInteger();
    List<Runnable> requests =
        List.of(
            ran::incrementAndGet,
            () -> {
              ran.incrementAndGet();
              throw new Refused("second");
            },
            () -> {
              ran.incrementAndGet();
              throw new IllegalArgumentException("third");
            },
            ran::incrementAndGet);
    assertThatThrownBy(() -> Together.run(requests))
        .isInstanceOf(Refused.class)
        .hasMessage("second")
        .satisfies(
            e ->
                assertThat(e.getSuppressed())
                    .singleElement()
                    .isInstanceOf(IllegalArgumentException.class));
    assertThat(ran).hasValue(4);
  }

  @Test
  void oneOrNoneRunsOnTheCallersThread() {
    Thread caller = Thread.currentThread();
    assertThat(Together.get(List.of(Thread::currentThread))).containsExactly(caller);
    assertThat(Together.get(List.<Supplier<String>>of())).isEmpty();
  }

  private static final class Refused extends RuntimeException {
    Refused(String message) {
      super(message);
    }
  }
}
