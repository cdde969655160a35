package dev.vtbench.operator.resources;

import dev.vtbench.operator.api.BenchmarkRunResource;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;

/** The metadata every object of a run carries: its name, the run's namespace, labels and owner. */
public final class RunMeta {

  private RunMeta() {}

  /**
   * Metadata for {@code name} in the run's namespace, labelled with the run and {@code component};
   * {@code owned} objects are garbage-collected with the run; the others (results kept past it)
   * name the run by its UID in an annotation instead ({@link Ownership}).
   */
  public static ObjectMeta of(
      BenchmarkRunResource run, String name, String component, boolean owned) {
    ObjectMetaBuilder b =
        new ObjectMetaBuilder()
            .withName(name)
            .withNamespace(run.getMetadata().getNamespace())
            .withLabels(Labels.of(run, component));
    if (owned) {
      b.withOwnerReferences(owner(run));
    } else {
      b.addToAnnotations(Ownership.RUN_UID, run.getMetadata().getUid());
    }
    return b.build();
  }

  /** The run as controller owner: deleting the run deletes the object. */
  public static OwnerReference owner(BenchmarkRunResource run) {
    return new OwnerReferenceBuilder()
        .withApiVersion(run.getApiVersion())
        .withKind(run.getKind())
        .withName(run.getMetadata().getName())
        .withUid(run.getMetadata().getUid())
        .withController(true)
        .withBlockOwnerDeletion(true)
        .build();
  }
}
