package dev.vtbench.operator.e2e;

import dev.vtbench.operator.load.LoadScript;
import dev.vtbench.operator.resources.Labels;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceList;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesResourceList;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.fabric8.kubernetes.client.dsl.MixedOperation;
import io.fabric8.kubernetes.client.dsl.Resource;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentSkipListSet;

/**
 * Every load object a run made, seen while it ran: a k6-operator TestRun lives only as long as its
 * load, so a watch on TestRuns and Jobs with the run's label records them as they come, and each
 * poll of the run lists them as well.
 */
final class LoadsSeen implements AutoCloseable {

  /**
   * A load object: its kind and name, the scenarios it runs (comma-separated: its stages) and the
   * kind of its owner.
   */
  record Load(String kind, String name, String scenario, String owner) {

    static Load of(HasMetadata o) {
      var refs = o.getMetadata().getOwnerReferences();
      return new Load(
          o.getKind(),
          o.getMetadata().getName(),
          // a load of several stages runs them all (LoadScript#stages)
          String.join(",", LoadScript.stages(o)),
          refs.isEmpty() ? "" : refs.getFirst().getKind());
    }

    @Override
    public String toString() {
      return kind + " " + name + " " + scenario + " " + owner;
    }
  }

  private final Set<Load> seen =
      new ConcurrentSkipListSet<>(
          java.util.Comparator.comparing(Load::kind)
              .thenComparing(Load::name)
              .thenComparing(Load::scenario)
              .thenComparing(Load::owner));
  private final List<Watch> watches = new ArrayList<>();
  private final KubernetesClient k8s;
  private final String namespace;
  private final String run;

  LoadsSeen(KubernetesClient k8s, String namespace, String run) {
    this.namespace = namespace;
    this.run = run;
    this.k8s = k8s;
    watches.add(watch(testRuns()));
    watches.add(watch(k8s.batch().v1().jobs()));
  }

  private <T extends HasMetadata> Watch watch(MixedOperation<T, ?, ?> kind) {
    return kind.inNamespace(namespace)
        .withLabel(Labels.RUN, run)
        .watch(
            new Watcher<T>() {
              @Override
              public void eventReceived(Action action, T o) {
                seen.add(Load.of(o));
              }

              @Override
              public void onClose(WatcherException cause) {
                // the list on every poll still records what the watch misses
              }
            });
  }

  private MixedOperation<
          GenericKubernetesResource,
          GenericKubernetesResourceList,
          Resource<GenericKubernetesResource>>
      testRuns() {
    return k8s.genericKubernetesResources("k6.io/v1alpha1", "TestRun");
  }

  /** Lists the run's load objects now. */
  void poll() {
    list(testRuns());
    list(k8s.batch().v1().jobs());
  }

  private <T extends HasMetadata, L extends KubernetesResourceList<T>> void list(
      MixedOperation<T, L, ?> kind) {
    kind.inNamespace(namespace).withLabel(Labels.RUN, run).list().getItems().stream()
        .map(Load::of)
        .forEach(seen::add);
  }

  /** The scenario labels of the loads of a kind, owned by {@code owner} (any owner when null). */
  Set<String> scenarios(String kind, String owner) {
    Set<String> out = new TreeSet<>();
    for (Load l : seen) {
      if (l.kind().equals(kind) && (owner == null || owner.equals(l.owner()))) {
        out.addAll(List.of(l.scenario().split(",")));
      }
    }
    return out;
  }

  List<Load> all() {
    return List.copyOf(seen);
  }

  @Override
  public void close() {
    watches.forEach(Watch::close);
  }
}
