package dev.vtbench.sut.runtime;

import dev.vtbench.sut.SutSettings;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.ThreadMXBean;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * Peaks since the last reset, for the CSV columns hikari_active_max … pinned_events. Exact where
 * the JVM or the pool's gauge keeps the peak (connections checked out, live platform threads, RSS
 * high-water mark); sampled every SAMPLE_INTERVAL_MS on one platform thread where only a current
 * value exists (requests waiting for a connection, heap in use), which also re-arms the {@link
 * HandlerThreadSample}.
 */
@Component
public class Peaks implements DisposableBean {

  private final PoolGauge pool;
  private final PinnedEvents pinned;
  private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
  private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
  private final HandlerThreadSample handlerThread;
  private final AtomicInteger pendingMax = new AtomicInteger();
  private final AtomicLong rssKbMax = new AtomicLong();
  private final AtomicLong heapBytesMax = new AtomicLong();
  private final ScheduledExecutorService sampler;
  private volatile Instant since = Instant.now();

  public Peaks(PoolGauge pool, SutSettings settings, HandlerThreadSample handlerThread) {
    this.pool = pool;
    this.handlerThread = handlerThread;
    this.pinned = new PinnedEvents(settings.pinnedThreshold());
    this.sampler =
        Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().daemon().name("vtbench-peaks").factory());
    long every = settings.sampleInterval().toMillis();
    sampler.scheduleAtFixedRate(this::sample, 0, every, TimeUnit.MILLISECONDS);
  }

  private void sample() {
    pendingMax.accumulateAndGet(pool.pending(), Math::max);
    long rss = Math.max(ProcStatus.kb("VmRSS:"), ProcStatus.kb("VmHWM:"));
    rssKbMax.accumulateAndGet(rss, Math::max);
    heapBytesMax.accumulateAndGet(memory.getHeapMemoryUsage().getUsed(), Math::max);
    handlerThread.arm();
  }

  /** Starts a new measurement window. */
  public synchronized void reset() {
    pool.resetPeak();
    pendingMax.set(pool.pending());
    threads.resetPeakThreadCount();
    ProcStatus.clearHighWaterMark();
    rssKbMax.set(ProcStatus.kb("VmRSS:"));
    heapBytesMax.set(memory.getHeapMemoryUsage().getUsed());
    handlerThread.clear();
    pinned.reset();
    since = Instant.now();
  }

  public Map<String, Object> snapshot() {
    sample();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("since", since.toString());
    m.put("hikariActiveMax", pool.activeMax());
    m.put("hikariPendingMax", pendingMax.get());
    m.put("jvmThreadsMax", threads.getPeakThreadCount());
    m.put("rssMbMax", Math.round(rssKbMax.get() / 1024.0));
    m.put("heapMbMax", Math.round(heapBytesMax.get() / 1024.0 / 1024.0 * 10) / 10.0);
    m.put("handlerThread", handlerThread.last());
    m.put("pinnedEvents", pinned.count());
    m.put("pinnedLastFrame", pinned.lastStackTop());
    return m;
  }

  public Map<String, Object> current() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("hikariActive", pool.active());
    m.put("hikariPending", pool.pending());
    m.put("hikariTotal", pool.total());
    m.put("jvmThreads", threads.getThreadCount());
    m.put("rssMb", Math.round(ProcStatus.kb("VmRSS:") / 1024.0));
    m.put("heapMb", Math.round(memory.getHeapMemoryUsage().getUsed() / 1024.0 / 1024.0));
    return m;
  }

  public boolean pinnedEventsEnabled() {
    return pinned.enabled();
  }

  @Override
  public void destroy() {
    sampler.shutdownNow();
    pinned.close();
  }
}
