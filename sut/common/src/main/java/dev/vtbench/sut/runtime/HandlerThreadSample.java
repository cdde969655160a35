package dev.vtbench.sut.runtime;

import org.springframework.stereotype.Component;

/**
 * A thread that served a workload request recently, as {@link Thread#toString()}: for a virtual
 * thread that names its carrier too ({@code
 * VirtualThread[#171,tomcat-handler-9]/runnable@ForkJoinPool-1-worker-4}), for a platform thread
 * its pool ({@code Thread[#45,http-nio-8080-exec-7,5,main]}), for the reactive SUT the event loop.
 * Seed 004 shows virtual threads at work this way; vtbench writes the sample taken closest to the
 * hold's end into the {@code handler_thread} column.
 *
 * <p>Each web stack's request filter calls {@link #offer()} on every workload request; only the
 * first request after {@link #arm()} pays for the {@code toString()}, so the cost per request is a
 * volatile read. {@link Peaks} re-arms it on every sample.
 */
@Component
public class HandlerThreadSample {

  private volatile boolean armed = true;
  private volatile String last;

  /** Called on the thread serving a workload request. */
  public void offer() {
    if (armed) {
      armed = false;
      last = Thread.currentThread().toString();
    }
  }

  /** The next workload request is sampled. */
  void arm() {
    armed = true;
  }

  /** Forgets the sample: a new measurement window begins. */
  void clear() {
    last = null;
    armed = true;
  }

  /** The latest sample since {@link #clear()}, or null if no workload request came. */
  String last() {
    return last;
  }
}
