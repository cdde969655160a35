package dev.vtbench.operator.reconciler;

import java.util.List;

/** The phase, derived from the conditions; it only moves forward. */
public final class Phase {

  public static final String PENDING = "Pending";
  public static final String PROVISIONING = "Provisioning";
  public static final String RUNNING = "Running";
  public static final String SUCCEEDED = "Succeeded";
  public static final String FAILED = "Failed";

  private static final List<String> ORDER =
      List.of(PENDING, PROVISIONING, RUNNING, SUCCEEDED, FAILED);

  private Phase() {}

  /** {@code next} unless it would move backwards from {@code current}. */
  public static String forward(String current, String next) {
    if (current == null || !ORDER.contains(current)) {
      return next;
    }
    if (current.equals(SUCCEEDED) || current.equals(FAILED)) {
      return current;
    }
    return ORDER.indexOf(next) >= ORDER.indexOf(current) ? next : current;
  }
}
