package dev.vtbench.operator.resources;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.PodSecurityContext;
import io.fabric8.kubernetes.api.model.PodSecurityContextBuilder;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.SecurityContext;
import io.fabric8.kubernetes.api.model.SecurityContextBuilder;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.VolumeMountBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What every pod vtbench runs has in common: the restricted Pod Security profile (non-root, no
 * privilege escalation, no capabilities, RuntimeDefault seccomp, read-only root filesystem with a
 * writable {@code /tmp}), no service-account token and no service-link environment.
 */
public final class PodHardening {

  /** The uid every vtbench workload runs as (the images' user), never root. */
  public static final long UID = 65532;

  /** The writable emptyDir every container gets at {@code /tmp}: the root filesystem is not. */
  private static final String TMP = "tmp";

  private PodHardening() {}

  /**
   * A hardened container with {@code resources} ({@link Guaranteed}, or {@link Burstable} for a k6
   * runner that asks): {@code mounts} and then {@code /tmp}.
   */
  public static ContainerBuilder container(
      String name,
      String image,
      ResourceRequirements resources,
      Map<String, String> env,
      List<VolumeMount> mounts) {
    List<EnvVar> vars = new ArrayList<>();
    env.forEach((k, v) -> vars.add(new EnvVar(k, v, null)));
    List<VolumeMount> allMounts = new ArrayList<>(mounts);
    allMounts.add(mount(TMP, "/tmp", false));
    return new ContainerBuilder()
        .withName(name)
        .withImage(image)
        .withImagePullPolicy("IfNotPresent")
        .withEnv(vars)
        .withResources(resources)
        .withSecurityContext(containerSecurity())
        .withVolumeMounts(allMounts);
  }

  /**
   * A hardened pod of one container: {@code volumes} and then the {@code /tmp} emptyDir, on the
   * tier's nodes ({@code nodeSelector}, none when empty).
   */
  public static PodSpecBuilder pod(
      Container c, List<Volume> volumes, Map<String, String> nodeSelector) {
    List<Volume> all = new ArrayList<>(volumes);
    all.add(new VolumeBuilder().withName(TMP).withNewEmptyDir().endEmptyDir().build());
    return new PodSpecBuilder()
        .withSecurityContext(podSecurity())
        .withAutomountServiceAccountToken(false)
        .withEnableServiceLinks(false)
        .withContainers(c)
        .withVolumes(all)
        .withNodeSelector(nodeSelector.isEmpty() ? null : new TreeMap<>(nodeSelector));
  }

  public static VolumeMount mount(String volume, String path, boolean readOnly) {
    return new VolumeMountBuilder()
        .withName(volume)
        .withMountPath(path)
        .withReadOnly(readOnly)
        .build();
  }

  /** Restricted Pod Security, pod level. */
  static PodSecurityContext podSecurity() {
    return new PodSecurityContextBuilder()
        .withRunAsNonRoot(true)
        .withRunAsUser(UID)
        .withRunAsGroup(UID)
        .withFsGroup(UID)
        .withNewSeccompProfile()
        .withType("RuntimeDefault")
        .endSeccompProfile()
        .build();
  }

  /** Restricted Pod Security, container level. */
  static SecurityContext containerSecurity() {
    return new SecurityContextBuilder()
        .withAllowPrivilegeEscalation(false)
        .withReadOnlyRootFilesystem(true)
        .withRunAsNonRoot(true)
        .withNewCapabilities()
        .withDrop("ALL")
        .endCapabilities()
        .build();
  }

  /**
   * Restricted Pod Security for k6-operator's runner pod, pod level, as the plain map a TestRun
   * takes: unlike {@link #podSecurity()}, no fsGroup.
   */
  public static Map<String, Object> runnerPodSecurity() {
    return Map.of(
        "runAsNonRoot",
        true,
        "runAsUser",
        UID,
        "runAsGroup",
        UID,
        "seccompProfile",
        Map.of("type", "RuntimeDefault"));
  }

  /**
   * Restricted Pod Security for k6-operator's runner container: unlike {@link
   * #containerSecurity()}, the root filesystem stays writable.
   */
  public static Map<String, Object> runnerContainerSecurity() {
    return Map.of(
        "allowPrivilegeEscalation",
        false,
        "capabilities",
        Map.of("drop", List.of("ALL")),
        "runAsNonRoot",
        true);
  }
}
