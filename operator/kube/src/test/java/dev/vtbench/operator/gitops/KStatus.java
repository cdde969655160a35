package dev.vtbench.operator.gitops;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * kstatus's status of a custom resource (sigs.k8s.io/cli-utils pkg/kstatus/status, and Flux's fork
 * github.com/fluxcd/cli-utils, which kustomize-controller's {@code wait} and {@code healthChecks}
 * use), reduced to the rules that apply to a kind it has no built-in rules for, in its order:
 *
 * <ol>
 *   <li>a deletionTimestamp: Terminating;
 *   <li>status.observedGeneration present and not metadata.generation: InProgress;
 *   <li>the first condition that is {@code Reconciling=True} (InProgress) or {@code Stalled=True}
 *       (Failed), with its message;
 *   <li>a {@code Ready} condition: True is Current, False or Unknown InProgress;
 *   <li>otherwise Current.
 * </ol>
 *
 * Written from the rules, not ported; a test oracle for what Flux will make of our statuses.
 */
public final class KStatus {

  public static final String IN_PROGRESS = "InProgress";
  public static final String FAILED = "Failed";
  public static final String CURRENT = "Current";
  public static final String TERMINATING = "Terminating";

  public record Result(String status, String message) {}

  private KStatus() {}

  @SuppressWarnings("unchecked")
  public static Result compute(Map<String, Object> obj) {
    Map<String, Object> metadata = (Map<String, Object>) obj.getOrDefault("metadata", Map.of());
    Map<String, Object> status = (Map<String, Object>) obj.get("status");
    if (metadata.get("deletionTimestamp") != null) {
      return new Result(TERMINATING, "Resource scheduled for deletion");
    }
    Object generation = metadata.get("generation");
    Object observed = status == null ? null : status.get("observedGeneration");
    if (generation != null && observed != null && !sameNumber(generation, observed)) {
      return new Result(
          IN_PROGRESS,
          obj.get("kind")
              + " generation is "
              + generation
              + ", but latest observed generation is "
              + observed);
    }
    List<Map<String, Object>> conditions =
        status == null
            ? List.of()
            : (List<Map<String, Object>>) status.getOrDefault("conditions", List.of());
    for (Map<String, Object> c : conditions) {
      if ("True".equals(c.get("status")) && "Reconciling".equals(c.get("type"))) {
        return new Result(IN_PROGRESS, (String) c.get("message"));
      }
      if ("True".equals(c.get("status")) && "Stalled".equals(c.get("type"))) {
        return new Result(FAILED, (String) c.get("message"));
      }
    }
    for (Map<String, Object> c : conditions) {
      if ("Ready".equals(c.get("type"))) {
        if ("True".equals(c.get("status"))) {
          return new Result(CURRENT, "Resource is Ready");
        }
        if ("False".equals(c.get("status")) || "Unknown".equals(c.get("status"))) {
          return new Result(IN_PROGRESS, (String) c.get("message"));
        }
      }
    }
    return new Result(CURRENT, "Resource is current");
  }

  private static boolean sameNumber(Object a, Object b) {
    if (a instanceof Number x && b instanceof Number y) {
      return x.longValue() == y.longValue();
    }
    return Objects.equals(a, b);
  }
}
