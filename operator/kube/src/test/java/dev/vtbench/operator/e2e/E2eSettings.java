package dev.vtbench.operator.e2e;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * What hack/offline/e2e.sh hands the *E2E tests, as environment variables: where the cluster is,
 * which spec to run with which images, and where to put what a person reads afterwards.
 *
 * @param kubeconfig the cluster's admin kubeconfig ({@code VTBENCH_E2E_KUBECONFIG})
 * @param kubeletDir the kubelet's state directory, for {@code cpu_manager_state}: the node is this
 *     machine ({@code VTBENCH_E2E_KUBELET_DIR})
 * @param volumes where the runs' hostPath volumes for CloudNativePG go ({@code
 *     VTBENCH_E2E_VOLUMES})
 * @param artifacts diagnostics: CSVs, loads seen, logs ({@code VTBENCH_E2E_ARTIFACTS})
 * @param timings a file the tests append "phase seconds" lines and each run's "cost ..." lines to,
 *     printed by the script
 * @param runner spec.load.runner of the first run, or null for testrun
 * @param repo the repository's root ({@code VTBENCH_E2E_REPO}; failsafe runs in operator/kube)
 * @param byoSpec the bring-your-own phase's spec ({@code VTBENCH_E2E_BYO_SPEC}, default
 *     examples/byo-orders-cluster.yaml), whose {@code sql.files} are relative to its folder
 */
record E2eSettings(
    Path kubeconfig,
    Path kubeletDir,
    Path volumes,
    Path artifacts,
    Path timings,
    String namespace,
    String operatorNamespace,
    Path spec,
    String dbImage,
    String k6Image,
    String runner,
    Duration runTimeout,
    Path repo,
    Path byoSpec) {

  static E2eSettings fromEnvironment() {
    Path kubeconfig = Path.of(required("VTBENCH_E2E_KUBECONFIG"));
    Path artifacts = Path.of(env("VTBENCH_E2E_ARTIFACTS", "target/e2e"));
    Path repo = Path.of(env("VTBENCH_E2E_REPO", "../.."));
    return new E2eSettings(
        kubeconfig,
        Path.of(required("VTBENCH_E2E_KUBELET_DIR")),
        Path.of(required("VTBENCH_E2E_VOLUMES")),
        artifacts,
        Path.of(env("VTBENCH_E2E_TIMINGS", artifacts.resolve("timings.txt").toString())),
        env("VTBENCH_E2E_NAMESPACE", "vtbench-e2e"),
        env("VTBENCH_E2E_OPERATOR_NAMESPACE", "vtbench-system"),
        Path.of(env("VTBENCH_E2E_SPEC", "../../examples/two-core.yaml")),
        env("VTBENCH_E2E_DB_IMAGE", "vtbench/postgresql:15"),
        required("VTBENCH_E2E_K6_IMAGE"),
        System.getenv("VTBENCH_E2E_RUNNER"),
        Duration.ofSeconds(Long.parseLong(env("VTBENCH_E2E_RUN_TIMEOUT", "900"))),
        repo,
        Path.of(
            env(
                "VTBENCH_E2E_BYO_SPEC",
                repo.resolve("examples/byo-orders-cluster.yaml").toString())));
  }

  private static String env(String name, String otherwise) {
    String v = System.getenv(name);
    return v == null || v.isBlank() ? otherwise : v;
  }

  private static String required(String name) {
    String v = System.getenv(name);
    if (v == null || v.isBlank()) {
      throw new IllegalStateException(
          name + " is not set: the *E2E tests run through `make e2e` (hack/offline/e2e.sh)");
    }
    return v;
  }

  /** Appends a phase's wall-clock to the script's table. */
  void timing(String phase, Duration took) {
    append(phase + " " + took.toSeconds() + "\n");
  }

  /**
   * Appends a run's cost lines ({@link RunCost#lines}), each as {@code cost <line>}: the script
   * lists them apart from the phases, under "cost of each run".
   */
  void costs(java.util.List<String> lines) {
    append(lines.stream().map(l -> "cost " + l + "\n").reduce("", String::concat));
  }

  private void append(String text) {
    try {
      Files.createDirectories(timings.toAbsolutePath().getParent());
      Files.writeString(
          timings,
          text,
          java.nio.file.StandardOpenOption.CREATE,
          java.nio.file.StandardOpenOption.APPEND);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
