package dev.vtbench.operator.resources;

import dev.vtbench.operator.api.BenchmarkRunResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.OwnerReference;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Whether an object is a run's own: the operator writes and deletes nothing else, whatever its name
 * or labels say. Names and labels are chosen by whoever creates an object; the UID of the run is
 * not known before the run exists.
 */
public final class Ownership {

  /**
   * On results ConfigMaps kept past their run, which carry no owner reference (garbage collection
   * would delete them with the run): the UID of the run that wrote them.
   */
  public static final String RUN_UID = "vtbench.dev/run-uid";

  private Ownership() {}

  /** A controller owner reference to the run's UID, or (kept results) its {@link #RUN_UID}. */
  public static boolean owns(BenchmarkRunResource run, HasMetadata o) {
    return owns(run.getMetadata().getUid(), o);
  }

  public static boolean owns(String uid, HasMetadata o) {
    return uid != null
        && (controller(o).map(r -> uid.equals(r.getUid())).orElse(false)
            || uid.equals(annotations(o).get(RUN_UID)));
  }

  /**
   * Controlled by {@code kind} {@code name} with {@code uid}: the -rw Service of our CNPG Cluster.
   */
  public static boolean controlledBy(HasMetadata o, String kind, String name, String uid) {
    return controller(o)
        .filter(r -> kind.equals(r.getKind()) && name.equals(r.getName()))
        .map(r -> uid != null && uid.equals(r.getUid()))
        .orElse(false);
  }

  /** The UID of {@code o}'s controller, or null. */
  public static String controllerUid(HasMetadata o) {
    return controller(o).map(OwnerReference::getUid).orElse(null);
  }

  static Optional<OwnerReference> controller(HasMetadata o) {
    List<OwnerReference> refs = o.getMetadata().getOwnerReferences();
    return refs == null
        ? Optional.empty()
        : refs.stream().filter(r -> Boolean.TRUE.equals(r.getController())).findFirst();
  }

  private static Map<String, String> annotations(HasMetadata o) {
    return Objects.requireNonNullElse(o.getMetadata().getAnnotations(), Map.of());
  }
}
