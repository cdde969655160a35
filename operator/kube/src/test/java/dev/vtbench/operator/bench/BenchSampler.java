package dev.vtbench.operator.bench;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;

/** Scrapes the operator's heap and the machine's load every 2 s while the runs go. */
final class BenchSampler implements AutoCloseable {
  private final OperatorProcess operator;
  private final BenchMachine machine;
  private final AtomicBoolean stop = new AtomicBoolean();
  private Thread thread;
  volatile long peakHeap;
  volatile long lastHeap;

  /** The old generation's size after the last major GC (Micrometer's live data), its peak. */
  volatile long peakLive;

  BenchSampler(OperatorProcess operator, BenchMachine machine) {
    this.operator = operator;
    this.machine = machine;
  }

  BenchSampler start() {
    thread =
        Thread.ofPlatform()
            .daemon()
            .name("bench-sampler")
            .start(
                () -> {
                  while (!stop.get()) {
                    sample();
                    try {
                      Thread.sleep(2000);
                    } catch (InterruptedException e) {
                      return;
                    }
                  }
                });
    return this;
  }

  void sample() {
    machine.sampleLoad();
    try {
      String scrape = operator.scrape();
      long heap = (long) MetricsScrape.sum(scrape, "jvm_memory_used_bytes", "area=\"heap\"");
      peakLive =
          Math.max(peakLive, (long) MetricsScrape.sum(scrape, "jvm_gc_live_data_size_bytes", ""));
      lastHeap = heap;
      peakHeap = Math.max(peakHeap, heap);
    } catch (IOException e) {
      // the operator busy or gone: the next sample tells
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public void close() throws InterruptedException {
    stop.set(true);
    if (thread != null) {
      thread.interrupt();
      thread.join(5000);
    }
  }
}
