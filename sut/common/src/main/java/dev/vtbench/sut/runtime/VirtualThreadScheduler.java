package dev.vtbench.sut.runtime;

import java.lang.management.ManagementFactory;
import jdk.management.VirtualThreadSchedulerMXBean;

/**
 * The virtual-thread scheduler as the JVM runs it now: how many carrier threads it may use. It
 * defaults to the processors the JVM sees ({@code availableProcessors}, which a container's CPU
 * limit or cpuset lowers) and follows {@code -Djdk.virtualThreadScheduler.parallelism}, so a row
 * records what the run had, not what the options asked for.
 */
final class VirtualThreadScheduler {

  private VirtualThreadScheduler() {}

  /** The scheduler's target parallelism, or null where the JVM has no such bean (before JDK 24). */
  static Integer parallelism() {
    try {
      return ManagementFactory.getPlatformMXBean(VirtualThreadSchedulerMXBean.class)
          .getParallelism();
    } catch (RuntimeException | LinkageError e) {
      return null;
    }
  }
}
