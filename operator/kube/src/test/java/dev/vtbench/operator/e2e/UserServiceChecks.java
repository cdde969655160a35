package dev.vtbench.operator.e2e;

import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.operator.Checks;
import dev.vtbench.operator.resources.SutTier;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.Pod;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A run of the user's own service ({@code spec.sut.service.image}) on the real cluster: its SUT
 * pods ran the user's image, the database password reached it only as a configtree file (no
 * variable names or carries it), every row has no errors (the mix's 404s are expected statuses) and
 * the service's CPU, and virtual threads served at least what platform threads did where Tomcat's
 * threads bind.
 */
final class UserServiceChecks {

  /** Spring Boot's config import the operator points at the password's folder. */
  private static final String CONFIG_IMPORT = "SPRING_CONFIG_IMPORT";

  private final E2eContext e2e;
  private final String image;

  UserServiceChecks(E2eContext e2e, String image) {
    this.e2e = e2e;
    this.image = image;
  }

  void check(List<ResultRow> rows, SutPodsSeen sutPods) {
    Checks c = e2e.checks;
    for (ResultRow r : rows) {
      c.check(
          r.errorRate() != null && r.errorRate() == 0,
          r.scenarioId()
              + ": error_rate "
              + r.errorRate()
              + " is 0 (the 404s of /orders/{missing} are expected statuses)");
      c.check(
          r.appCpuPct() != null && r.appCpuPct() > 0,
          r.scenarioId() + ": app_cpu_pct " + r.appCpuPct() + " > 0 (the service's own CPU)");
    }
    pods(sutPods.pods());
    virtualAtLeastPlatform(rows);
  }

  private void pods(Collection<Pod> pods) {
    Checks c = e2e.checks;
    c.check(!pods.isEmpty(), pods.size() + " SUT pod(s) seen");
    for (Pod pod : pods) {
      String name = pod.getMetadata().getName();
      Container sut = container(pod);
      c.check(
          image.equals(sut.getImage()),
          name + ": its container runs the user's image " + image + " (" + sut.getImage() + ")");
      Optional<ContainerStatus> ran =
          pod.getStatus() == null
              ? Optional.empty()
              : pod.getStatus().getContainerStatuses().stream()
                  .filter(s -> sut.getName().equals(s.getName()))
                  .filter(s -> s.getImageID() != null && !s.getImageID().isEmpty())
                  .findFirst();
      // the kubelet reports the image it started, with containerd's registry prefix
      c.check(
          ran.map(s -> s.getImage().endsWith(image)).orElse(false),
          name
              + ": the kubelet started "
              + ran.map(ContainerStatus::getImage).orElse("no container (never seen running)"));
      List<EnvVar> env = sut.getEnv() == null ? List.of() : sut.getEnv();
      List<String> secretish =
          env.stream()
              .filter(
                  v ->
                      v.getName().toUpperCase(Locale.ROOT).contains("PASSWORD")
                          || (v.getValueFrom() != null
                              && v.getValueFrom().getSecretKeyRef() != null))
              .map(EnvVar::getName)
              .toList();
      c.check(
          secretish.isEmpty(),
          name
              + ": no environment variable names the password or reads a Secret"
              + (secretish.isEmpty() ? "" : ": " + secretish));
      String imports =
          env.stream()
              .filter(v -> CONFIG_IMPORT.equals(v.getName()))
              .map(EnvVar::getValue)
              .findFirst()
              .orElse("");
      String dir = imports.replaceFirst("^(optional:)?configtree:", "");
      boolean tree = !imports.equals(dir) && !dir.isEmpty();
      boolean fromSecret =
          tree
              && sut.getVolumeMounts().stream()
                  .filter(m -> dir.replaceFirst("/$", "").equals(m.getMountPath()))
                  .anyMatch(
                      m ->
                          pod.getSpec().getVolumes().stream()
                              .anyMatch(
                                  v -> v.getName().equals(m.getName()) && v.getSecret() != null));
      c.check(
          tree && fromSecret,
          name
              + ": "
              + CONFIG_IMPORT
              + "="
              + imports
              + " is a configtree on a mounted Secret (the password as a file)");
    }
  }

  private static Container container(Pod pod) {
    List<Container> containers = pod.getSpec().getContainers();
    return containers.stream()
        .filter(k -> SutTier.COMPONENT.equals(k.getName()))
        .findFirst()
        .orElse(containers.getFirst());
  }

  /**
   * Virtual ≥ platform at the spec's one level. Sound at examples/byo-orders-cluster.yaml's sizes:
   * 5 Tomcat threads with 80 % of the mix waiting 100 ms cap platform threads near 60 req/s, while
   * virtual threads are bounded by the stub's 0.4 CPU (~300 req/s of this mix) and the service's
   * one core early in its JIT warm-up (the slowest cluster row seen, a fresh SUT on a loaded
   * machine, made 112 req/s): only a machine starved far beyond that would invert the pair. The
   * ratio itself is no result here (shared cores; docs/e2e.md).
   */
  private void virtualAtLeastPlatform(List<ResultRow> rows) {
    OptionalDouble platform = throughput(rows, "platform");
    OptionalDouble virtual = throughput(rows, "virtual");
    if (platform.isEmpty() || virtual.isEmpty()) {
      e2e.checks.fail("a platform and a virtual row to compare (rows: " + rows.size() + ")");
      return;
    }
    e2e.checks.check(
        virtual.getAsDouble() >= platform.getAsDouble(),
        "virtual %.1f req/s >= platform %.1f req/s where Tomcat's threads bind (%.2fx)"
            .formatted(
                virtual.getAsDouble(),
                platform.getAsDouble(),
                virtual.getAsDouble() / platform.getAsDouble()));
  }

  private static OptionalDouble throughput(List<ResultRow> rows, String threadMode) {
    return rows.stream()
        .filter(r -> threadMode.equals(r.threadMode()))
        .mapToDouble(ResultRow::throughputRps)
        .average();
  }
}
