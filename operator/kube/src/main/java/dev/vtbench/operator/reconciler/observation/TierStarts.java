package dev.vtbench.operator.reconciler.observation;

import dev.vtbench.operator.resources.DatabaseTier;
import dev.vtbench.operator.resources.Labels;
import dev.vtbench.operator.resources.StubTier;
import dev.vtbench.operator.resources.SutTier;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Which start of each tier a measured hold began on: the SUT pod that serves its scenario, the
 * stub's pod and the database's primary, each as its name, uid and its containers' restart count.
 * Kept on the load object ({@link Labels#TIER_STARTS}) so that, when the hold ends, the operator
 * can tell a hold the tiers stayed up for from one a pod was replaced or restarted under
 * (docs/cluster-lifecycle.md, "Faults during a run"). A tier no pod was observed for (an external
 * database) is not named.
 *
 * @param pods tier ({@code sut}, {@code stub}, {@code database}) to its pod's start
 */
public record TierStarts(Map<String, Start> pods) {

  /** CloudNativePG's label on an instance pod: primary or replica. */
  static final String INSTANCE_ROLE = "cnpg.io/instanceRole";

  /** The same, as CloudNativePG before 1.18 spelled it, still set beside the new one. */
  static final String LEGACY_ROLE = "role";

  public TierStarts {
    pods = Map.copyOf(pods);
  }

  /** One pod's start: another uid or restart count is another process. */
  public record Start(String pod, String uid, int restarts) {

    static Optional<Start> of(Pod p) {
      if (p.getMetadata().getDeletionTimestamp() != null || p.getStatus() == null) {
        return Optional.empty();
      }
      List<ContainerStatus> cs = p.getStatus().getContainerStatuses();
      if (cs == null || cs.isEmpty()) {
        return Optional.empty();
      }
      int restarts =
          cs.stream().mapToInt(c -> Objects.requireNonNullElse(c.getRestartCount(), 0)).sum();
      return Optional.of(new Start(p.getMetadata().getName(), p.getMetadata().getUid(), restarts));
    }
  }

  /**
   * The tiers' starts as {@code view} sees them, the SUT's for the configuration {@code sutConfig}
   * (a scenario's JVM, {@link RunView#jvm}).
   */
  public static TierStarts observe(RunView view, String sutConfig) {
    Map<String, Start> pods = new LinkedHashMap<>();
    SutPods.of(view.pods(SutTier.COMPONENT), sutConfig).stream()
        .map(SutPods.Observed::pod)
        .map(Start::of)
        .flatMap(Optional::stream)
        .findFirst()
        .ifPresent(s -> pods.put(SutTier.COMPONENT, s));
    first(view.pods(StubTier.COMPONENT)).ifPresent(s -> pods.put(StubTier.COMPONENT, s));
    first(view.pods(DatabaseTier.COMPONENT).stream().filter(TierStarts::primary).toList())
        .ifPresent(s -> pods.put(DatabaseTier.COMPONENT, s));
    return new TierStarts(pods);
  }

  private static Optional<Start> first(List<Pod> pods) {
    return pods.stream().map(Start::of).flatMap(Optional::stream).findFirst();
  }

  /** Whether {@code p} is a CloudNativePG primary. */
  static boolean primary(Pod p) {
    Map<String, String> labels = p.getMetadata().getLabels();
    return labels != null
        && ("primary".equals(labels.get(INSTANCE_ROLE))
            || labels.get(INSTANCE_ROLE) == null && "primary".equals(labels.get(LEGACY_ROLE)));
  }

  /** E.g. {@code database=run-db-1/uid/0,stub=run-stub-x/uid/0,sut=run-sut-y/uid/1}. */
  public String encode() {
    return pods.entrySet().stream()
        .sorted(Map.Entry.comparingByKey())
        .map(
            e ->
                e.getKey()
                    + "="
                    + e.getValue().pod()
                    + "/"
                    + e.getValue().uid()
                    + "/"
                    + e.getValue().restarts())
        .reduce((a, b) -> a + "," + b)
        .orElse("");
  }

  /**
   * What {@code o} carries ({@link Labels#TIER_STARTS}); empty when it carries none or it is
   * garbled.
   */
  public static Optional<TierStarts> of(HasMetadata o) {
    Map<String, String> annotations = o.getMetadata().getAnnotations();
    String value = annotations == null ? null : annotations.get(Labels.TIER_STARTS);
    if (value == null) {
      return Optional.empty();
    }
    Map<String, Start> pods = new LinkedHashMap<>();
    for (String entry : value.split(",")) {
      if (entry.isBlank()) {
        continue;
      }
      String[] kv = entry.split("=", 2);
      String[] parts = kv.length == 2 ? kv[1].split("/") : new String[0];
      if (parts.length != 3 || !parts[2].matches("\\d{1,9}")) {
        return Optional.empty();
      }
      pods.put(kv[0], new Start(parts[0], parts[1], Integer.parseInt(parts[2])));
    }
    return Optional.of(new TierStarts(pods));
  }

  /**
   * How the tiers differ now ({@code now}) from these starts, one sentence per tier that is not the
   * same process any more; empty when every tier named here still runs as it did.
   */
  public Map<String, String> changes(TierStarts now) {
    Map<String, String> out = new LinkedHashMap<>();
    for (String tier : pods.keySet().stream().sorted().toList()) {
      Start was = pods.get(tier);
      Start is = now.pods().get(tier);
      if (is == null) {
        out.put(tier, "the " + tier + " pod " + was.pod() + " is gone and no other runs yet");
      } else if (!is.uid().equals(was.uid())) {
        out.put(tier, "the " + tier + " pod " + was.pod() + " was replaced by " + is.pod());
      } else if (is.restarts() != was.restarts()) {
        out.put(
            tier,
            "a container of the "
                + tier
                + " pod "
                + was.pod()
                + " restarted (restarts "
                + was.restarts()
                + " → "
                + is.restarts()
                + ")");
      }
    }
    return out;
  }
}
