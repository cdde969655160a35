package dev.vtbench.operator.e2e;

import dev.vtbench.engine.model.rules.Quantities;
import dev.vtbench.operator.load.LoadScript;
import dev.vtbench.operator.load.RunnerPod;
import dev.vtbench.operator.resources.Labels;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ConcurrentSkipListSet;

/**
 * Every load object a run made, seen while it ran: a k6-operator TestRun lives only as long as its
 * load, so TestRuns and Jobs with the run's label are watched as they come and listed at each poll
 * of the run ({@link Sightings}), and so are their runner pods, whose QoS class and CPU request and
 * limit (as the API server admitted them) {@link #runnerResources} reports.
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
  private final Map<String, String> runnerPods = new ConcurrentSkipListMap<>();
  private final List<Sightings<?>> kinds;

  LoadsSeen(KubernetesClient k8s, String namespace, String run) {
    this.kinds =
        List.of(
            new Sightings<>(
                k8s.genericKubernetesResources("k6.io/v1alpha1", "TestRun")
                    .inNamespace(namespace)
                    .withLabel(Labels.RUN, run),
                o -> seen.add(Load.of(o))),
            new Sightings<>(
                k8s.batch().v1().jobs().inNamespace(namespace).withLabel(Labels.RUN, run),
                o -> seen.add(Load.of(o))),
            new Sightings<>(
                k8s.pods()
                    .inNamespace(namespace)
                    .withLabels(Map.of(Labels.RUN, run, Labels.COMPONENT, RunnerPod.COMPONENT)),
                p -> {
                  if (RunnerPod.isRunner(p)) {
                    runnerPods.put(p.getMetadata().getName(), resources(p));
                  }
                }));
  }

  /**
   * A runner pod's QoS class and its k6 container's CPU: {@code Guaranteed cpu 250m/250m}, or
   * {@code Burstable cpu 250m/none} (request/limit).
   */
  static String resources(Pod p) {
    String qos = p.getStatus() == null ? null : p.getStatus().getQosClass();
    ResourceRequirements r = p.getSpec().getContainers().getFirst().getResources();
    return qos
        + " cpu "
        + cpu(r == null ? null : r.getRequests())
        + "/"
        + cpu(r == null ? null : r.getLimits());
  }

  private static String cpu(Map<String, Quantity> q) {
    return q == null || q.get("cpu") == null
        ? "none"
        : Quantities.millis(q.get("cpu").toString()) + "m";
  }

  /** Every runner pod seen, by name, as {@link #resources} describes it. */
  Map<String, String> runnerResources() {
    return Map.copyOf(runnerPods);
  }

  /** Lists the run's load objects now. */
  void poll() {
    kinds.forEach(Sightings::poll);
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
    kinds.forEach(Sightings::close);
  }
}
