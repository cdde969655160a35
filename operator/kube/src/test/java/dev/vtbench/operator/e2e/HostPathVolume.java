package dev.vtbench.operator.e2e;

import dev.vtbench.operator.resources.ResourceNames;
import io.fabric8.kubernetes.api.model.PersistentVolume;
import io.fabric8.kubernetes.api.model.PersistentVolumeBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * The cluster has no storage provisioner: one hostPath PersistentVolume per run, bound in advance
 * to the claim CloudNativePG makes for the run's one instance ({@code <run>-db-1}). The script
 * removes the volumes of earlier e2e runs (label {@code vtbench.dev/e2e}).
 */
final class HostPathVolume {

  /** CloudNativePG's postgres user and group in its images. */
  private static final int POSTGRES = 26;

  private HostPathVolume() {}

  static void create(E2eContext e2e, String run, String storage) {
    String claim = ResourceNames.database(run) + "-1"; // CloudNativePG names its instance so
    Path dir = e2e.settings.volumes().resolve(claim).toAbsolutePath();
    try {
      Files.createDirectories(dir);
      Files.setAttribute(dir, "unix:uid", POSTGRES);
      Files.setAttribute(dir, "unix:gid", POSTGRES);
      Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    PersistentVolume pv =
        new PersistentVolumeBuilder()
            .withNewMetadata()
            .withName("e2e-" + e2e.namespace() + "-" + claim)
            .addToLabels("vtbench.dev/e2e", "true")
            .endMetadata()
            .withNewSpec()
            .addToCapacity("storage", new Quantity(storage))
            .withAccessModes("ReadWriteOnce")
            .withPersistentVolumeReclaimPolicy("Retain")
            .withStorageClassName("")
            .withNewClaimRef()
            .withNamespace(e2e.namespace())
            .withName(claim)
            .endClaimRef()
            .withNewHostPath()
            .withPath(dir.toString())
            .withType("Directory")
            .endHostPath()
            .endSpec()
            .build();
    e2e.k8s.persistentVolumes().resource(pv).serverSideApply();
  }
}
