package dev.vtbench.proc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A JVM's compiler threads in a fake /proc, as HotSpot starts and stops them. */
class CompilerThreadsCpuTest {

  @TempDir Path proc;

  /** Thread {@code tid} of process 7 named {@code comm}, with its utime and stime in ticks. */
  private void thread(long tid, String comm, long utime, long stime) throws Exception {
    Path t = proc.resolve("7/task/" + tid);
    Files.createDirectories(t);
    Files.writeString(t.resolve("comm"), comm + "\n");
    Files.writeString(
        t.resolve("stat"),
        tid
            + " ("
            + comm
            + ") S 1 7 7 0 -1 4194368 120 0 0 0 "
            + utime
            + " "
            + stime
            + " 0 0 20 0 31 0 4242 0 0\n");
  }

  private void gone(long tid) throws Exception {
    try (Stream<Path> s = Files.walk(proc.resolve("7/task/" + tid))) {
      for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }

  private CompilerThreadsCpu reader() {
    return CompilerThreadsCpu.of(proc, "7");
  }

  @Test
  void compilerThreadsThatComeAndGoCountPerThreadIdAndOthersNot() throws Exception {
    thread(7, "java", 5_000, 300);
    thread(11, "C2 CompilerThre", 300, 50);
    thread(12, "C1 CompilerThre", 100, 20);
    thread(13, "C2 CompilerThre", 80, 0);
    thread(20, "GC Thread#0", 900, 10);
    CompilerThreadsCpu jit = reader();

    // 11 grows by 30 + 5; 12 by 10; 13 ends; 14 starts with 40 + 10, all of it new; the others'
    // growth is not the JIT's: (35 + 10 + 50) ticks = 0.95 s
    thread(7, "java", 9_000, 500);
    thread(11, "C2 CompilerThre", 330, 55);
    thread(12, "C1 CompilerThre", 110, 20);
    gone(13);
    thread(14, "C2 CompilerThre", 40, 10);
    thread(20, "GC Thread#0", 1_500, 20);
    assertThat(jit.secondsSinceLast()).isCloseTo(0.95, within(1e-9));

    // 14 grows by 10 and is not counted whole again; 13 stays forgotten
    thread(14, "C2 CompilerThre", 50, 10);
    assertThat(jit.secondsSinceLast()).isCloseTo(0.10, within(1e-9));

    // nothing compiled: a measured 0, not unknown
    assertThat(jit.secondsSinceLast()).isZero();
  }

  @Test
  void anIdReusedByANewCompilerThreadCountsItWhole() throws Exception {
    thread(11, "C2 CompilerThre", 300, 50);
    CompilerThreadsCpu jit = reader();

    // 11 ended and a new thread took its id: 20 ticks since it started, fewer than 11 had
    thread(11, "C2 CompilerThre", 15, 5);
    assertThat(jit.secondsSinceLast()).isCloseTo(0.20, within(1e-9));
  }

  @Test
  void aStatUnreadableWhileTheThreadIsListedAddsNothingAndIsNotNewAfter() throws Exception {
    thread(11, "C2 CompilerThre", 300, 50);
    thread(12, "C1 CompilerThre", 100, 0);
    CompilerThreadsCpu jit = reader();

    Files.writeString(proc.resolve("7/task/11/stat"), "");
    Files.delete(proc.resolve("7/task/12/stat"));
    thread(15, "C1 CompilerThre", 0, 0);
    Files.writeString(proc.resolve("7/task/15/stat"), "15 (C1 CompilerThre) S 1");
    assertThat(jit.secondsSinceLast()).isZero();

    // readable again: 11 counts from its last reading (30 ticks), 12 too (10 ticks); 15 was never
    // read, so all its 5 ticks are new
    thread(11, "C2 CompilerThre", 330, 50);
    thread(12, "C1 CompilerThre", 110, 0);
    thread(15, "C1 CompilerThre", 5, 0);
    assertThat(jit.secondsSinceLast()).isCloseTo(0.45, within(1e-9));
  }

  @Test
  void aProcessWithoutThreadsToListIsUnknownAndCountsAgainOnceListed() throws Exception {
    CompilerThreadsCpu jit = reader();
    assertThat(jit.secondsSinceLast()).isNull();

    thread(11, "C2 CompilerThre", 300, 50);
    // the reading before failed: this one is where counting starts again
    assertThat(jit.secondsSinceLast()).isNull();
    thread(11, "C2 CompilerThre", 310, 50);
    assertThat(jit.secondsSinceLast()).isCloseTo(0.10, within(1e-9));
  }

  @Test
  void aProcessWithoutCompilerThreadsIsUnknownNotZero() throws Exception {
    // a shell script that started the service's JVM as its child
    thread(7, "bash", 10, 2);
    CompilerThreadsCpu jit = reader();
    thread(7, "bash", 20, 2);
    assertThat(jit.secondsSinceLast()).isNull();
  }

  @Test
  void thisJvmsCompilerThreadsAreReadWhereThereIsProc() {
    CompilerThreadsCpu jit = CompilerThreadsCpu.self();
    long x = 0;
    for (int i = 0; i < 2_000_000; i++) {
      x += Long.numberOfTrailingZeros(x + i);
    }
    assertThat(x).isNotNegative();
    Double seconds = jit.secondsSinceLast();
    if (Files.isDirectory(Path.of("/proc/self/task"))) {
      assertThat(seconds).as("a HotSpot JVM keeps a C1 and a C2 thread").isNotNull();
      assertThat(seconds).isGreaterThanOrEqualTo(0.0);
    } else {
      assertThat(seconds).isNull();
    }
  }
}
