package dev.vtbench.operator.reconciler.status;

import dev.vtbench.operator.api.BenchmarkRunStatus;

/** The phase, derived from the conditions; it only moves forward. */
public enum Phase {
  Pending,
  Provisioning,
  Running,
  Succeeded,
  Failed;

  /** What the conditions say: the outcome if there is one, else how far the database got. */
  public static Phase of(BenchmarkRunStatus status) {
    var succeeded = Conditions.get(status, Conditions.SUCCEEDED);
    if (succeeded.isPresent() && !"Unknown".equals(succeeded.get().getStatus())) {
      return "True".equals(succeeded.get().getStatus()) ? Succeeded : Failed;
    }
    return Conditions.get(status, Conditions.DATABASE_READY)
        .map(c -> "True".equals(c.getStatus()) ? Running : Provisioning)
        .orElse(Pending);
  }

  /** {@code next} unless it would move backwards from {@code current} (a status field's text). */
  public static Phase forward(String current, Phase next) {
    Phase now;
    try {
      now = current == null ? null : valueOf(current);
    } catch (IllegalArgumentException unknown) {
      now = null;
    }
    if (now == null) {
      return next;
    }
    if (now == Succeeded || now == Failed) {
      return now;
    }
    return next.ordinal() >= now.ordinal() ? next : now;
  }
}
