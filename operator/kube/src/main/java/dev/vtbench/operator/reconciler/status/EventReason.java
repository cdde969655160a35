package dev.vtbench.operator.reconciler.status;

/** Every reason an Event from the operator carries: a fixed set, as the Flink operator does. */
public enum EventReason {
  InvalidSpec,
  DatabaseCreated,
  DatabaseReady,
  SutConfigured,
  WarmUpStarted,
  /** A JIT warm-up round ended: the message says whether the SUT is steady. */
  WarmUpFinished,
  LoadStarted,
  /**
   * A TestRun's runners were Ready and k6-operator had not started them: the operator annotated the
   * TestRun so that k6-operator looks again ({@link TestRunNudge}).
   */
  LoadNudged,
  /**
   * k6-operator had still not started a TestRun's Ready runners (created again up to three times
   * per load), or a Job's runner pod went away mid-stage (created again from the scenario in
   * flight, once): the operator deleted the load and created it again ({@code LoadStep}).
   */
  LoadRecreated,
  /**
   * The pod of the SUT, the stub or the database's primary was replaced or restarted under a
   * measured hold: the hold was dropped unrecorded, the scenario goes back to its warm-up.
   */
  HoldInterrupted,
  ScenarioRecorded,
  LoadFailed,
  RunSucceeded,
  RunFailed,
  ThresholdsMet,
  ThresholdsNotMet,
  Cleanup,
  /** An object the run would write exists and is not the run's: nothing of it was touched. */
  NameConflict,
  /**
   * A pod carries a load's labels but is not a pod of that load's Job: ignored, reported once,
   * nothing of it read.
   */
  UntrustedPod,
}
