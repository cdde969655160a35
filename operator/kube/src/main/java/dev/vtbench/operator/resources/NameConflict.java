package dev.vtbench.operator.resources;

import dev.vtbench.operator.api.BenchmarkRunResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.OwnerReference;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * An object the run would write already exists and is not the run's (see {@link Ownership}): the
 * run fails instead of taking it over. The message names the object and what to do.
 */
public final class NameConflict extends RuntimeException {

  public NameConflict(BenchmarkRunResource run, HasMetadata existing) {
    super(message(run, existing));
  }

  private NameConflict(String message) {
    super(message);
  }

  /**
   * A name the run tried to create and found taken, of a kind the operator may create but never
   * read (a Secret): it cannot say whose the object is, only that the run did not create it.
   */
  public static NameConflict unread(BenchmarkRunResource run, String kind, String name) {
    String ns = run.getMetadata().getNamespace();
    return new NameConflict(
        taken(
            kind + " " + ns + "/" + name,
            "this run did not create it, and vtbench does not read "
                + kind
                + "s to see whose it is",
            delete(kind, name, ns)));
  }

  private static String message(BenchmarkRunResource run, HasMetadata existing) {
    String kind = existing.getKind();
    String ns = existing.getMetadata().getNamespace();
    String name = existing.getMetadata().getName();
    String runName = run.getMetadata().getName();
    String what = kind + " " + ns + "/" + name;
    Map<String, String> labels =
        Objects.requireNonNullElse(existing.getMetadata().getLabels(), Map.of());
    Map<String, String> annotations =
        Objects.requireNonNullElse(existing.getMetadata().getAnnotations(), Map.of());
    String earlierUid =
        Ownership.controller(existing)
            .filter(r -> "BenchmarkRun".equals(r.getKind()))
            .map(OwnerReference::getUid)
            .orElse(annotations.get(Ownership.RUN_UID));
    String delete = delete(kind, name, ns);
    if (earlierUid != null && ResultsTier.COMPONENT.equals(labels.get(Labels.COMPONENT))) {
      return what
          + " holds the results of an earlier BenchmarkRun "
          + runName
          + " (uid "
          + earlierUid
          + "), kept when it was deleted; a new run does not adopt them. Save them if they"
          + " matter, then delete them (kubectl delete configmap -n "
          + ns
          + " -l "
          + Labels.RUN
          + "="
          + runName
          + ","
          + Labels.COMPONENT
          + "="
          + ResultsTier.COMPONENT
          + "), or rename the run";
    }
    String whose =
        earlierUid != null
            ? "it belongs to another BenchmarkRun (uid " + earlierUid + ")"
            : Ownership.controller(existing)
                .map(r -> "it is controlled by " + r.getKind() + " " + r.getName())
                .orElse("it was not created by vtbench for this run");
    return taken(what, whose, delete);
  }

  private static String taken(String what, String whose, String delete) {
    return what
        + " already exists and is not this run's ("
        + whose
        + "): vtbench writes and deletes only what the run created. Rename the run, or delete"
        + " the object if nothing needs it ("
        + delete
        + ")";
  }

  private static String delete(String kind, String name, String ns) {
    return "kubectl delete " + kind.toLowerCase(Locale.ROOT) + " " + name + " -n " + ns;
  }
}
