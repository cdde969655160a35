package dev.vtbench.operator.resources;

import dev.vtbench.engine.model.rules.Quantities;
import dev.vtbench.operator.api.BenchmarkRunResource;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.ProbeBuilder;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import java.util.List;
import java.util.Map;

/**
 * What the two Java tiers, the stub and the SUT, share: one HTTP port, probes on {@code /livez} and
 * {@code /readyz}, a Deployment of one replica and a Service in front of it.
 */
final class AppTier {

  static final int HTTP_PORT = 8080;

  private AppTier() {}

  /** The in-cluster URL of the Service {@code name}. */
  static String url(String name) {
    return "http://" + name + ":" + HTTP_PORT;
  }

  static Service service(BenchmarkRunResource run, String name, String component) {
    return new ServiceBuilder()
        .withMetadata(RunMeta.of(run, name, component, true))
        .withNewSpec()
        .withSelector(Labels.selector(run, component))
        .addNewPort()
        .withName("http")
        .withPort(HTTP_PORT)
        .withNewTargetPort("http")
        .endPort()
        .endSpec()
        .build();
  }

  /**
   * One replica, replaced by Recreate, not a rolling update: two SUTs would need twice the pinned
   * cores, and would share the database.
   */
  static Deployment deployment(
      BenchmarkRunResource run,
      String name,
      String component,
      Map<String, String> podAnnotations,
      PodSpec pod) {
    return new DeploymentBuilder()
        .withMetadata(RunMeta.of(run, name, component, true))
        .withNewSpec()
        .withReplicas(1)
        .withNewStrategy()
        .withType("Recreate")
        .endStrategy()
        .withNewSelector()
        .withMatchLabels(Labels.selector(run, component))
        .endSelector()
        .withNewTemplate()
        .withNewMetadata()
        .withLabels(Labels.of(run, component))
        .withAnnotations(podAnnotations.isEmpty() ? null : podAnnotations)
        .endMetadata()
        .withSpec(pod)
        .endTemplate()
        .endSpec()
        .build();
  }

  /** A hardened, Guaranteed container serving HTTP, with the JVM sized to its limits. */
  static ContainerBuilder container(
      String name,
      String image,
      String cpu,
      String memory,
      Map<String, String> env,
      List<VolumeMount> mounts) {
    return container(name, image, cpu, memory, env, mounts, HTTP_PORT, "/livez", "/readyz");
  }

  /**
   * {@link #container} on {@code port} (named http, which the Service targets), alive while {@code
   * livePath} and ready while {@code readyPath} answer 200.
   */
  static ContainerBuilder container(
      String name,
      String image,
      String cpu,
      String memory,
      Map<String, String> env,
      List<VolumeMount> mounts,
      int port,
      String livePath,
      String readyPath) {
    return PodHardening.container(name, image, Guaranteed.resources(cpu, memory), env, mounts)
        .addNewPort()
        .withName("http")
        .withContainerPort(port)
        .endPort()
        .withStartupProbe(probe(livePath, 2, 90))
        .withLivenessProbe(probe(livePath, 10, 3))
        .withReadinessProbe(probe(readyPath, 5, 2));
  }

  private static Probe probe(String path, int periodSeconds, int failureThreshold) {
    return new ProbeBuilder()
        .withNewHttpGet()
        .withPath(path)
        .withNewPort("http")
        .endHttpGet()
        .withPeriodSeconds(periodSeconds)
        .withFailureThreshold(failureThreshold)
        .withTimeoutSeconds(2)
        .build();
  }

  /**
   * The JVM sizes its heap from the container's memory limit and its thread pools from the CPUs it
   * sees; a tier with a fractional CPU still gets at least one processor.
   */
  static String jvmOptions(String cpu) {
    return "-XX:MaxRAMPercentage=75 -XX:ActiveProcessorCount=" + Quantities.cpus(cpu);
  }
}
