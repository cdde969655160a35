package dev.vtbench.operator;

import io.javaoperatorsdk.operator.Operator;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The operator in-process for one test, watching one namespace, stopped after the test whatever it
 * did ({@code @RegisterExtension final InProcessOperator operator = new InProcessOperator();}). A
 * test that restarts it calls {@link #stop} and {@link #start} again.
 */
final class InProcessOperator implements AfterEachCallback {

  private Operator operator;

  /** Starts the operator watching {@code ns} only (stopping the one running, if any). */
  Operator start(String ns) {
    stop();
    operator = OperatorIT.startOperator(ns);
    return operator;
  }

  /**
   * A new namespace named after {@code prefix} ({@link KubeApi#namespace}), the operator watching
   * it.
   */
  String startInNewNamespace(String prefix) {
    String ns = KubeApi.namespace(prefix);
    start(ns);
    return ns;
  }

  /** Stops the running operator, if any. */
  void stop() {
    if (operator != null) {
      operator.stop();
      operator = null;
    }
  }

  @Override
  public void afterEach(ExtensionContext context) {
    stop();
  }
}
