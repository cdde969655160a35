package dev.vtbench.operator.reconciler;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.javaoperatorsdk.operator.api.reconciler.RetryInfo;
import org.junit.jupiter.api.Test;

/** Which exceptions end a run, and with which words. */
class ReconcileErrorTest {

  static RetryInfo attempt(int count, boolean last) {
    return new RetryInfo() {
      @Override
      public int getAttemptCount() {
        return count;
      }

      @Override
      public boolean isLastAttempt() {
        return last;
      }
    };
  }

  static KubernetesClientException refused(int code, String message) {
    return new KubernetesClientException(
        new StatusBuilder().withCode(code).withMessage(message).build());
  }

  @Test
  void aTransientErrorIsReportedWhileRetriesRemain() {
    ReconcileError first = ReconcileError.of(refused(503, "etcdserver: leader changed"), null);
    assertThat(first.fail()).isFalse();
    assertThat(first.message())
        .isEqualTo("the operator failed and retries: etcdserver: leader changed (HTTP 503)");
    ReconcileError third = ReconcileError.of(new IllegalStateException("boom"), attempt(2, false));
    assertThat(third.fail()).isFalse();
    assertThat(third.message()).isEqualTo("the operator failed (retry 2) and retries: boom");
  }

  @Test
  void theLastAttemptFailsTheRun() {
    ReconcileError spent =
        ReconcileError.of(refused(403, "denied by policy no-sut"), attempt(5, true));
    assertThat(spent.fail()).isTrue();
    assertThat(spent.message())
        .isEqualTo("the operator gave up after 5 retries: denied by policy no-sut (HTTP 403)");
  }

  @Test
  void anObjectRefusedAsInvalidFailsAtOnce() {
    for (int code : new int[] {400, 422}) {
      ReconcileError e = ReconcileError.of(refused(code, "spec.x: Invalid value"), null);
      assertThat(e.fail()).as("HTTP %d", code).isTrue();
      assertThat(e.message()).startsWith("the API server refused an object of the run: ");
    }
  }

  @Test
  void longMessagesAreCutAndMissingOnesNamed() {
    assertThat(ReconcileError.cause(new IllegalStateException("x".repeat(2000))))
        .hasSize(ReconcileError.MESSAGE_MAX + 1);
    assertThat(ReconcileError.cause(new NullPointerException()))
        .isEqualTo("java.lang.NullPointerException");
  }
}
