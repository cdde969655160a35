package dev.vtbench.operator.e2e;

import java.util.ArrayList;
import java.util.List;

/**
 * The end-to-end checks of one test class: each prints {@code ok} or {@code FAIL} as it is made and
 * the run goes on, so one failure does not hide the others (an e2e costs minutes to repeat); {@link
 * #verify()} fails the test at the end when any check failed.
 */
final class Checks {

  private final List<String> failed = new ArrayList<>();
  private int passed;

  /** Prints the check and counts it; returns {@code good}. */
  boolean check(boolean good, String what) {
    if (good) {
      passed++;
      System.out.println("  ok    " + what);
    } else {
      failed.add(what);
      System.out.println("  FAIL  " + what);
    }
    System.out.flush();
    return good;
  }

  void ok(String what) {
    check(true, what);
  }

  void fail(String what) {
    check(false, what);
  }

  /** A line of context under the checks; not a check. */
  static void note(String what) {
    System.out.println("        " + what);
    System.out.flush();
  }

  boolean anyFailed() {
    return !failed.isEmpty();
  }

  /** Prints the counts and throws when a check failed. */
  void verify() {
    System.out.printf("%n  %d ok, %d FAIL%n", passed, failed.size());
    if (!failed.isEmpty()) {
      throw new AssertionError(
          failed.size() + " check(s) failed:\n  " + String.join("\n  ", failed));
    }
  }
}
