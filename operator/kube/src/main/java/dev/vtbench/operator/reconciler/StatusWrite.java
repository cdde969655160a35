package dev.vtbench.operator.reconciler;

import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.reconciler.status.RunStatus;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.PrimaryUpdateAndCacheUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** A pass's one status write: through the status subresource, into the informer's cache. */
final class StatusWrite {

  private static final Logger LOG = LoggerFactory.getLogger(StatusWrite.class);

  /** HTTP 422: the API server found the object invalid. */
  private static final int UNPROCESSABLE = 422;

  private StatusWrite() {}

  /**
   * Replaces the status through the status subresource when it changed, retrying on conflicts with
   * the fresh object, and puts the result into the informer's cache, so the next pass sees it even
   * before the watch event arrives (warmedUp, above all, must never be read stale).
   *
   * <p>A run whose stored spec breaks the current schema (stored under an older, looser CRD) may
   * not get a status at all: kube-apiserver 1.32 validates the whole object, spec included, against
   * the current schema and CEL rules on every status write, without the ratcheting of unchanged
   * fields it applies to the main resource, and answers 422. java-operator-sdk takes a 422 for a
   * stale cache and waits for a newer version that never comes, so the 422 leaves the retry loop
   * here at once ({@link StatusRefused}). Such a run has failed with InvalidSpec (the operator's
   * own check mirrors the CRD's): its Warning Event, already recorded, says why, and the pass ends
   * without the condition instead of hanging and failing again on every retry. Any other refused
   * write is an error of the pass.
   */
  static void write(BenchmarkRunResource run, Context<BenchmarkRunResource> ctx, RunStatus status) {
    var settled = status.settle();
    if (!status.changed()) {
      return;
    }
    run.setStatus(settled);
    try {
      PrimaryUpdateAndCacheUtils.updateAndCacheResource(
          run,
          ctx,
          fresh -> {
            fresh.setStatus(settled);
            return fresh;
          },
          fresh -> {
            try {
              return ctx.getClient().resource(fresh).updateStatus();
            } catch (KubernetesClientException e) {
              if (e.getCode() == UNPROCESSABLE) {
                throw new StatusRefused(e);
              }
              throw e;
            }
          });
    } catch (StatusRefused refused) {
      if (!status.ended()) {
        throw refused.getCause();
      }
      LOG.warn(
          "{}/{}: the API server refuses the run's status (its stored spec breaks the current"
              + " schema); the Event records the failure instead: {}",
          run.getMetadata().getNamespace(),
          run.getMetadata().getName(),
          refused.getCause().getMessage());
    }
  }

  /** A status write the API server refused as invalid (422), not a conflict to retry. */
  private static final class StatusRefused extends RuntimeException {
    StatusRefused(KubernetesClientException cause) {
      super(cause.getMessage(), cause, false, false);
    }

    @Override
    public synchronized KubernetesClientException getCause() {
      return (KubernetesClientException) super.getCause();
    }
  }
}
