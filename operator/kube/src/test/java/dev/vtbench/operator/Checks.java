package dev.vtbench.operator;

import java.util.ArrayList;
import java.util.List;

/**
 * Checks that print {@code ok} or {@code FAIL} as they are made and go on, so one failure does not
 * hide the others (an e2e costs minutes to repeat; a chart configuration has a hundred facts);
 * {@link #verify()} fails the test at the end when any check failed. The *E2E tests and the chart
 * tests print their checks this way, one line each, as the scripts they replaced did.
 */
public final class Checks {

  private final List<String> failed = new ArrayList<>();
  private int passed;

  /** Prints the check and counts it; returns {@code good}. */
  public boolean check(boolean good, String what) {
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

  public void ok(String what) {
    check(true, what);
  }

  public void fail(String what) {
    check(false, what);
  }

  /** A line of context under the checks; not a check. */
  public static void note(String what) {
    System.out.println("        " + what);
    System.out.flush();
  }

  public boolean anyFailed() {
    return !failed.isEmpty();
  }

  /** Prints the counts and throws when a check failed. */
  public void verify() {
    System.out.printf("%n  %d ok, %d FAIL%n", passed, failed.size());
    if (!failed.isEmpty()) {
      throw new AssertionError(
          failed.size() + " check(s) failed:\n  " + String.join("\n  ", failed));
    }
  }
}
