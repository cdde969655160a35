package dev.vtbench.operator.e2e;

import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.results.row.ResultRow;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Pod;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads a Succeeded run's {@link RunCost} from the cluster: the run's timestamps and Events, the
 * kubelet's Pulled Events of its pods, the SUT pods seen while it ran, and its rows.
 */
final class RunCostReader {

  private RunCostReader() {}

  static RunCost read(
      E2eContext e2e, String name, RunSpec spec, SutPodsSeen sutPods, List<ResultRow> rows) {
    GenericKubernetesResource run = e2e.run(name).get();
    Instant created = Instant.parse(run.getMetadata().getCreationTimestamp());
    Instant succeeded = Instant.parse(E2eContext.condition(run, "Succeeded", "lastTransitionTime"));
    String uid = run.getMetadata().getUid();
    List<Event> events = e2e.k8s.v1().events().inNamespace(e2e.namespace()).list().getItems();

    List<RunCost.Mark> marks = new ArrayList<>();
    List<RunCost.Pull> pulls = new ArrayList<>();
    int present = 0;
    for (Event e : events) {
      var about = e.getInvolvedObject();
      Instant at = at(e);
      if (uid.equals(about.getUid())) {
        marks.add(new RunCost.Mark(at, e.getReason()));
      } else if ("Pod".equals(about.getKind())
          && "Pulled".equals(e.getReason())
          && about.getName() != null
          && about.getName().startsWith(name + "-")
          // the e2e's runs follow one another: the window keeps another run's pods out
          // (two-core-reactive's pods start with "two-core-" too)
          && !at.isBefore(created)
          && !at.isAfter(succeeded)) {
        Optional<Duration> took = RunCost.pullTime(e.getMessage());
        if (took.isPresent()) {
          pulls.add(new RunCost.Pull(at, took.get()));
        } else {
          present += e.getCount() == null ? 1 : e.getCount();
        }
      }
    }

    List<RunCost.SutStart> sut = new ArrayList<>();
    for (Pod p : sutPods.pods()) {
      String ready =
          p.getStatus() == null
              ? null
              : p.getStatus().getConditions().stream()
                  .filter(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()))
                  .map(c -> c.getLastTransitionTime())
                  .findFirst()
                  .orElse(null);
      sut.add(
          new RunCost.SutStart(
              Instant.parse(p.getMetadata().getCreationTimestamp()),
              ready == null ? null : Instant.parse(ready)));
    }

    var defaults = new BenchmarkRunSpec().load;
    var hold = spec.load("hold", defaults.hold);
    var length =
        spec.load("ramp", defaults.ramp).plus(spec.load("warmup", defaults.warmup)).plus(hold);
    int scenarios = Integer.parseInt(E2eContext.status(run, "scenariosDone"));
    return new RunCost(
        created,
        succeeded,
        marks,
        pulls,
        present,
        sut,
        rows.stream().map(r -> new RunCost.Row(r.ts(), r.warmupS())).toList(),
        new RunCost.Load(scenarios, hold, length));
  }

  /** When an Event happened: firstTimestamp (core/v1), else eventTime, else its creation. */
  private static Instant at(Event e) {
    if (e.getFirstTimestamp() != null) {
      return Instant.parse(e.getFirstTimestamp());
    }
    if (e.getEventTime() != null && e.getEventTime().getTime() != null) {
      return Instant.parse(e.getEventTime().getTime());
    }
    return Instant.parse(e.getMetadata().getCreationTimestamp());
  }
}
