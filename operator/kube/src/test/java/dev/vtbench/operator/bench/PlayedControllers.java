package dev.vtbench.operator.bench;

import dev.vtbench.operator.Controllers;
import dev.vtbench.operator.load.LoadScript;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The controllers a bare API server lacks, played for every namespace at once and driven by watches
 * rather than polls (so 200 runs do not poll the server the driver measures): as each CloudNativePG
 * Cluster appears it is marked Ready, each Deployment generation is made available, and each load
 * Job completes with one runner pod that exited 0 with the real k6 summary as its termination
 * message — the same writes as {@link Controllers}, which the ITs use.
 */
final class PlayedControllers implements AutoCloseable {

  private final KubernetesClient k8s;
  private final String summary;
  private final Map<String, Controllers> byNamespace = new ConcurrentHashMap<>();
  private final Set<String> done = ConcurrentHashMap.newKeySet();
  private final ExecutorService pool = Executors.newFixedThreadPool(8);
  private final List<SharedIndexInformer<?>> informers = new ArrayList<>();
  private final AtomicInteger actions = new AtomicInteger();
  private final AtomicReference<Throwable> failure = new AtomicReference<>();

  PlayedControllers(KubernetesClient k8s, String summary) {
    this.k8s = k8s;
    this.summary = summary;
  }

  PlayedControllers start() {
    informers.add(
        k8s.genericKubernetesResources("postgresql.cnpg.io/v1", "Cluster")
            .inAnyNamespace()
            .inform(
                handler(
                    (GenericKubernetesResource c) ->
                        c.getAdditionalProperties().get("status") == null ? key(c, "ready") : null,
                    (play, name) -> play.clusterReady(name))));
    informers.add(
        k8s.apps()
            .deployments()
            .inAnyNamespace()
            .inform(
                handler(
                    (Deployment d) -> {
                      Long seen =
                          d.getStatus() == null ? null : d.getStatus().getObservedGeneration();
                      return seen == null || seen < d.getMetadata().getGeneration()
                          ? key(d, "gen" + d.getMetadata().getGeneration())
                          : null;
                    },
                    (play, name) -> play.available(name))));
    informers.add(
        k8s.batch()
            .v1()
            .jobs()
            .inAnyNamespace()
            .inform(
                handler(
                    (Job j) -> {
                      if (j.getMetadata().getOwnerReferences().stream()
                          .noneMatch(o -> "BenchmarkRun".equals(o.getKind()))) {
                        return null;
                      }
                      int stages = LoadScript.stages(j).size();
                      if (stages > 1) {
                        failure.compareAndSet(
                            null,
                            new IllegalStateException(
                                "load Job "
                                    + j.getMetadata().getName()
                                    + " has "
                                    + stages
                                    + " stages; the bench plays one-stage loads only"));
                        return null;
                      }
                      return key(j, "finish");
                    },
                    (play, name) -> play.finishJob(name, 0, summary))));
    return this;
  }

  /** Actions played so far. */
  int actions() {
    return actions.get();
  }

  /** The first action that failed for good, or null. */
  Throwable failure() {
    return failure.get();
  }

  private interface Action {
    void play(Controllers play, String name);
  }

  private interface Due<T> {
    /** The action's key if {@code o} calls for it, else null. */
    String key(T o);
  }

  private static String key(HasMetadata o, String what) {
    return o.getKind()
        + "/"
        + o.getMetadata().getNamespace()
        + "/"
        + o.getMetadata().getName()
        + "/"
        + o.getMetadata().getUid()
        + "/"
        + what;
  }

  private <T extends HasMetadata> ResourceEventHandler<T> handler(Due<T> due, Action action) {
    return new ResourceEventHandler<>() {
      @Override
      public void onAdd(T o) {
        consider(o);
      }

      @Override
      public void onUpdate(T old, T o) {
        consider(o);
      }

      @Override
      public void onDelete(T o, boolean unknownFinalState) {}

      private void consider(T o) {
        String key = due.key(o);
        if (key == null || !done.add(key)) {
          return;
        }
        String ns = o.getMetadata().getNamespace();
        String name = o.getMetadata().getName();
        pool.execute(() -> playWithRetries(ns, name, action));
      }
    };
  }

  /** Conflicts (the operator wrote the object meanwhile) are retried; a deleted object is done. */
  private void playWithRetries(String ns, String name, Action action) {
    Controllers play = byNamespace.computeIfAbsent(ns, n -> new Controllers(k8s, n));
    for (int attempt = 1; ; attempt++) {
      try {
        action.play(play, name);
        actions.incrementAndGet();
        return;
      } catch (KubernetesClientException e) {
        if (e.getCode() == 404) {
          return;
        }
        if (attempt >= 10 || (e.getCode() != 409 && e.getCode() < 500 && e.getCode() != 0)) {
          failure.compareAndSet(null, e);
          return;
        }
      } catch (NullPointerException e) {
        // read between its creation and deletion: gone already
        return;
      } catch (RuntimeException e) {
        failure.compareAndSet(null, e);
        return;
      }
      try {
        Thread.sleep(50L * attempt);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  @Override
  public void close() throws InterruptedException {
    informers.forEach(SharedIndexInformer::close);
    pool.shutdownNow();
    pool.awaitTermination(10, TimeUnit.SECONDS);
  }
}
