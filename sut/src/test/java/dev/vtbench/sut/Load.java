package dev.vtbench.sut;

import dev.vtbench.local.process.HttpJson;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;

/** Concurrent requests for the integration tests, one virtual thread each. */
final class Load implements AutoCloseable {

  private final ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor();
  private final List<Future<HttpJson.Response>> inFlight = new ArrayList<>();

  /** Fires {@code n} GETs at once; {@code url.apply(i)} gives the i-th URL. */
  Load fire(int n, IntFunction<String> url) {
    for (int i = 0; i < n; i++) {
      String u = url.apply(i);
      inFlight.add(pool.submit(() -> HttpJson.get(u)));
    }
    return this;
  }

  long pending() {
    return inFlight.stream().filter(f -> !f.isDone()).count();
  }

  List<HttpJson.Response> await() throws Exception {
    List<HttpJson.Response> out = new ArrayList<>();
    for (Future<HttpJson.Response> f : inFlight) {
      out.add(f.get());
    }
    return out;
  }

  @Override
  public void close() {
    pool.shutdownNow();
  }
}
