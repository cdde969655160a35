package dev.vtbench.operator.reconciler.steps;

import dev.vtbench.operator.resources.Ownership;
import io.fabric8.kubernetes.api.model.DeletionPropagation;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.Resource;
import java.net.HttpURLConnection;
import java.util.Objects;

/**
 * Deletes an object only as it was read: with a precondition on the resourceVersion read, so an
 * object replaced or changed hands since is left alone (and looked at again by the next pass).
 * Another controller's status write (k6-operator marking a TestRun finished the moment the operator
 * records it) also moves the resourceVersion: the same object, still under the same controller, is
 * read again and deleted, a few times at most, since the next pass may not come back to it before
 * it waits on something else. Background propagation, so a Job's pods go with it.
 */
final class DeleteAsRead {

  private static final int ATTEMPTS = 3;

  private final KubernetesClient client;

  DeleteAsRead(KubernetesClient client) {
    this.client = client;
  }

  /**
   * Deletes {@code o} as it was read, or as read again while it is the same object.
   *
   * @return false if it is still there, changed by another controller at every attempt; true if it
   *     was deleted, or is gone or another object now (no longer the operator's to delete)
   */
  boolean delete(HasMetadata o) {
    HasMetadata current = o;
    for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
      int code = deleteAt(current);
      if (code != HttpURLConnection.HTTP_CONFLICT) {
        return true;
      }
      current = sameObjectAgain(o, client.resource(current).get());
      if (current == null) {
        return true;
      }
    }
    return false;
  }

  /**
   * Deletes {@code o}, of a kind the operator may not read (the credentials Secret), at the
   * resourceVersion it recorded: one attempt. An object changed since or gone is left to the
   * garbage collector, which takes the run's own with the run.
   */
  void deleteUnread(HasMetadata o) {
    deleteAt(o);
  }

  /**
   * One delete at {@code o}'s resourceVersion: 200 when deleted, 404 when gone, 409 when it changed
   * since; any other refusal is thrown.
   */
  private int deleteAt(HasMetadata o) {
    try {
      if (client.resource(o).withPropagationPolicy(DeletionPropagation.BACKGROUND)
          instanceof Resource<?> r) {
        r.lockResourceVersion(o.getMetadata().getResourceVersion()).delete();
        return HttpURLConnection.HTTP_OK;
      }
      throw new IllegalStateException("fabric8 cannot delete with a precondition here");
    } catch (KubernetesClientException e) {
      if (e.getCode() == HttpURLConnection.HTTP_NOT_FOUND
          || e.getCode() == HttpURLConnection.HTTP_CONFLICT) {
        return e.getCode();
      }
      throw e;
    }
  }

  /** {@code fresh} if it is still {@code o}: the same UID under the same controller. */
  private static HasMetadata sameObjectAgain(HasMetadata o, HasMetadata fresh) {
    return fresh != null
            && fresh.getMetadata().getUid().equals(o.getMetadata().getUid())
            && Objects.equals(Ownership.controllerUid(fresh), Ownership.controllerUid(o))
        ? fresh
        : null;
  }
}
