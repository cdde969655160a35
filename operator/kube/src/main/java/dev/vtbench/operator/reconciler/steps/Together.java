package dev.vtbench.operator.reconciler.steps;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Independent API requests of one pass, issued at once, each on a virtual thread, and waited for
 * together: a pass that reads nine names or deletes a dozen objects waits about as long as its
 * slowest request, not their sum (docs/operator-bench.md). Every request runs to its end, even when
 * another fails; the first failure in the order given is then thrown as it was (a {@link
 * dev.vtbench.operator.resources.NameConflict} stays one), the others suppressed in it. The wait
 * has a deadline ({@link #DEADLINE}): requests still out then are cancelled and the pass fails, to
 * be retried.
 */
final class Together {

  /** Longer than the client's own timeout and retries for a request that gets answers at all. */
  static final Duration DEADLINE = Duration.ofSeconds(60);

  private static final ExecutorService REQUESTS =
      Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("vtbench-request-", 0).factory());

  private Together() {}

  /** Runs every one of {@code requests} and returns when all have ended. */
  static void run(List<Runnable> requests) {
    get(
        requests.stream()
            .<Supplier<Void>>map(
                r ->
                    () -> {
                      r.run();
                      return null;
                    })
            .toList());
  }

  /** Each of {@code requests}' results, in their order, once all have ended. */
  static <T> List<T> get(List<Supplier<T>> requests) {
    if (requests.size() <= 1) {
      return requests.stream().map(Supplier::get).toList(); // nothing to overlap
    }
    List<Callable<T>> tasks = requests.stream().<Callable<T>>map(s -> s::get).toList();
    List<Future<T>> futures;
    try {
      futures = REQUESTS.invokeAll(tasks, DEADLINE.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for API requests", e);
    }
    List<T> results = new ArrayList<>(futures.size());
    RuntimeException first = null;
    boolean timedOut = false;
    for (Future<T> f : futures) {
      try {
        results.add(f.get());
      } catch (CancellationException e) {
        timedOut = true;
      } catch (ExecutionException e) {
        first = keep(first, unchecked(e.getCause()));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while waiting for API requests", e);
      }
    }
    if (timedOut) {
      first =
          keep(
              first,
              new IllegalStateException(
                  requests.size()
                      + " API requests issued together were not all answered within "
                      + DEADLINE.toSeconds()
                      + " s; the pass is retried"));
    }
    if (first != null) {
      throw first;
    }
    return results;
  }

  private static RuntimeException keep(RuntimeException first, RuntimeException next) {
    if (first == null) {
      return next;
    }
    first.addSuppressed(next);
    return first;
  }

  private static RuntimeException unchecked(Throwable cause) {
    if (cause instanceof RuntimeException r) {
      return r;
    }
    if (cause instanceof Error e) {
      throw e;
    }
    return new IllegalStateException(cause);
  }
}
