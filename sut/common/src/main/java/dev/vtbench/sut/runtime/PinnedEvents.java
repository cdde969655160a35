package dev.vtbench.sut.runtime;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import jdk.jfr.consumer.RecordingStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Counts {@code jdk.VirtualThreadPinned} events with JFR event streaming: a virtual thread that
 * blocked while pinned to its carrier for longer than the threshold. JFR delivers events about a
 * second after they happen, so read the count a moment after the load ends.
 */
public final class PinnedEvents implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(PinnedEvents.class);

  private final AtomicLong count = new AtomicLong();
  private final RecordingStream stream;
  private volatile String lastStackTop = "";

  public PinnedEvents(Duration threshold) {
    RecordingStream rs = null;
    try {
      rs = new RecordingStream();
      rs.enable("jdk.VirtualThreadPinned").withThreshold(threshold).withStackTrace();
      rs.onEvent(
          "jdk.VirtualThreadPinned",
          e -> {
            // the stack first, then the count: a reader that sees the count sees this event's stack
            var trace = e.getStackTrace();
            if (trace != null) {
              lastStackTop =
                  trace.getFrames().stream()
                      .map(f -> f.getMethod().getType().getName() + "." + f.getMethod().getName())
                      .filter(m -> !m.startsWith("java.") && !m.startsWith("jdk."))
                      .findFirst()
                      .orElse("");
            }
            count.incrementAndGet();
          });
      rs.startAsync();
    } catch (RuntimeException e) {
      log.warn("JFR unavailable, pinned events will read -1: {}", e.getMessage());
      if (rs != null) {
        rs.close();
      }
      rs = null;
    }
    this.stream = rs;
  }

  /** Events since the last reset, or -1 when JFR could not start. */
  public long count() {
    return stream == null ? -1 : count.get();
  }

  public boolean enabled() {
    return stream != null;
  }

  /** The first frame outside the JDK of the most recent pinned event, for diagnosis. */
  public String lastStackTop() {
    return lastStackTop;
  }

  public void reset() {
    count.set(0);
    lastStackTop = "";
  }

  @Override
  public void close() {
    if (stream != null) {
      stream.close();
    }
  }
}
