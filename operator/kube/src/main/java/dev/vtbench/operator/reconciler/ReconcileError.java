package dev.vtbench.operator.reconciler;

import io.fabric8.kubernetes.client.KubernetesClientException;
import io.javaoperatorsdk.operator.api.reconciler.RetryInfo;

/**
 * What an exception out of {@code reconcile()} does to the run: every one becomes a condition.
 * While java-operator-sdk retries (its default: 5 attempts over about half a minute), Progressing
 * says ReconcileError with the message and the run goes on; once the retries are spent, or when
 * retrying cannot help (the API server refused an object as invalid, 400 or 422: the same spec
 * builds the same object), the run fails with reason ReconcileError and its workloads are released.
 *
 * @param fail true: end the run now
 * @param message the cause, for the condition and the Event
 */
record ReconcileError(boolean fail, String message) {

  /** Longest message kept: conditions are read in kubectl describe, not log files. */
  static final int MESSAGE_MAX = 600;

  static ReconcileError of(Exception e, RetryInfo retry) {
    boolean invalid =
        e instanceof KubernetesClientException k && (k.getCode() == 400 || k.getCode() == 422);
    boolean spent = retry != null && retry.isLastAttempt();
    String cause = cause(e);
    if (invalid) {
      return new ReconcileError(true, "the API server refused an object of the run: " + cause);
    }
    int attempt = retry == null ? 0 : retry.getAttemptCount();
    return spent
        ? new ReconcileError(true, "the operator gave up after " + attempt + " retries: " + cause)
        : new ReconcileError(
            false,
            "the operator failed"
                + (attempt == 0 ? "" : " (retry " + attempt + ")")
                + " and retries: "
                + cause);
  }

  /**
   * The API server's own message for a refused request (fabric8's message repeats the whole
   * request), else the exception's.
   */
  static String cause(Exception e) {
    String m = null;
    if (e instanceof KubernetesClientException k
        && k.getStatus() != null
        && k.getStatus().getMessage() != null) {
      m = k.getStatus().getMessage() + " (HTTP " + k.getCode() + ")";
    }
    if (m == null) {
      m = e.getMessage() == null ? e.getClass().getName() : e.getMessage();
    }
    m = m.strip();
    return m.length() > MESSAGE_MAX ? m.substring(0, MESSAGE_MAX) + "…" : m;
  }
}
