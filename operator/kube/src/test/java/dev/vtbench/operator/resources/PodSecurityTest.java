package dev.vtbench.operator.resources;

import static dev.vtbench.operator.resources.RestrictedPodSecurity.map;
import static dev.vtbench.operator.resources.RestrictedPodSecurity.violations;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.plan.SutConfig;
import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.load.TestLoads;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every pod template the operator renders, and every pod it asks k6-operator to create, meets the
 * restricted Pod Security profile and mounts no service-account token; CloudNativePG's pods get the
 * RuntimeDefault seccomp profile from the Cluster (CloudNativePG sets the rest itself, and its
 * instance manager needs its token to talk to the API server).
 */
class PodSecurityTest {

  static final KubernetesSerialization KUBE = new KubernetesSerialization();

  /** Each pod spec by where it comes from, for both representative runs. */
  static Map<String, Map<String, Object>> podSpecs(BenchmarkRunResource run) {
    SutConfig config =
        new SutConfig(
            "virtual", 120, "released", "normal", 200, java.time.Duration.ofSeconds(60), Map.of());
    String load = ResourceNames.load(run, 3, false);
    Map<String, Map<String, Object>> pods = new LinkedHashMap<>();
    pods.put("stub Deployment", template(StubTier.deployment(run)));
    pods.put("sut Deployment", template(SutTier.deployment(run, config)));
    pods.put("load Job", template(TestLoads.job(run, load, "c1-virtual-p120-r1")));
    pods.put(
        "staged load Job",
        template(
            TestLoads.job(
                run,
                TestLoads.request(
                    load, List.of("c1-virtual-p120-r1", "c2-virtual-p120-r1"), null, Map.of()))));
    Map<String, Object> testRun = json(TestLoads.testRun(run, load, "c1-virtual-p120-r1"));
    for (String role : List.of("runner", "initializer", "starter")) {
      pods.put("TestRun " + role, k6OperatorPod(map(map(testRun.get("spec")).get(role))));
    }
    return pods;
  }

  @Test
  void everyPodTheOperatorRendersIsRestrictedWithoutAToken() {
    for (BenchmarkRunResource run :
        List.of(DesiredObjectsTest.pinned(), DesiredObjectsTest.unpinned())) {
      Map<String, Map<String, Object>> pods = podSpecs(run);
      assertThat(pods).hasSize(7);
      pods.forEach(
          (where, pod) ->
              assertThat(violations(pod))
                  .as("%s of run %s", where, run.getMetadata().getName())
                  .isEmpty());
    }
  }

  /** A user's service, pinned (with its cpuset probe as an init container) and not. */
  @Test
  void aUsersServiceIsRestrictedWithoutATokenToo() {
    for (BenchmarkRunResource run :
        List.of(DesiredObjectsTest.pinned(), DesiredObjectsTest.unpinned())) {
      run.getSpec().sut.service = new dev.vtbench.engine.model.spec.ServiceSpec();
      run.getSpec().sut.service.image = "registry.example/orders:1.4";
      run.getSpec().sut.service.stubUrlEnv = "SHIPPING_QUOTE_URL";
      SutConfig config =
          new SutConfig(
              "virtual",
              10,
              "released",
              "normal",
              200,
              java.time.Duration.ofSeconds(60),
              Map.of(),
              dev.vtbench.engine.plan.ServiceEnv.of(run.getSpec().sut.service));
      Map<String, Object> pod = template(SutTier.deployment(run, config));
      assertThat(RestrictedPodSecurity.list(pod.get("initContainers")))
          .hasSize(run.getSpec().sut.pinned ? 1 : 0);
      assertThat(violations(pod))
          .as("the service of run %s", run.getMetadata().getName())
          .isEmpty();
    }
  }

  @Test
  void theDatabasePodsGetTheRuntimeDefaultSeccompProfile() {
    Map<String, Object> spec =
        map(json(DatabaseTier.cluster(DesiredObjectsTest.pinned())).get("spec"));
    assertThat(map(spec.get("seccompProfile"))).containsEntry("type", "RuntimeDefault");
    // CloudNativePG's default (26) unless set: never root.
    assertThat(spec).doesNotContainKeys("postgresUID", "postgresGID");
  }

  /** The check itself refuses what the profile refuses, one field at a time. */
  @Test
  void theCheckNamesEachViolation() {
    Map<String, Map<String, Object>> pods = podSpecs(DesiredObjectsTest.unpinned());
    Map<String, Object> pod = pods.get("sut Deployment");
    Map<String, Object> broken = KUBE.convertValue(pod, Map.class);
    broken.put("hostNetwork", true);
    broken.put("automountServiceAccountToken", true);
    broken.put("volumes", List.of(Map.of("name", "root", "hostPath", Map.of("path", "/"))));
    Map<String, Object> container =
        map(RestrictedPodSecurity.list(broken.get("containers")).get(0));
    container.put(
        "securityContext",
        Map.of(
            "privileged",
            true,
            "allowPrivilegeEscalation",
            true,
            "capabilities",
            Map.of("add", List.of("SYS_ADMIN")),
            "runAsUser",
            0,
            "runAsNonRoot",
            false,
            "seccompProfile",
            Map.of("type", "Unconfined")));
    assertThat(violations(broken))
        .containsExactlyInAnyOrder(
            "hostNetwork is true",
            "automountServiceAccountToken is not false",
            "volume root is a hostPath",
            "container sut: privileged",
            "container sut: allowPrivilegeEscalation is not false",
            "container sut: capabilities do not drop ALL",
            "container sut: adds capability SYS_ADMIN",
            "container sut: runAsNonRoot is not true",
            "container sut: runAsUser is 0",
            "container sut: seccompProfile is Unconfined, not RuntimeDefault or Localhost");
    // A TestRun pod without the settings: what k6-operator creates by default.
    assertThat(violations(k6OperatorPod(Map.of("image", "grafana/k6"))))
        .contains(
            "automountServiceAccountToken is not false",
            "container k6: allowPrivilegeEscalation is not false",
            "container k6: runAsNonRoot is not true");
  }

  /**
   * The pod k6-operator v0.0.19 builds from a TestRun's runner, initializer or starter: the pod
   * security context from {@code securityContext}, the container's from {@code
   * containerSecurityContext}, the token unless {@code automountServiceAccountToken} parses as
   * false, the script as a ConfigMap volume.
   */
  static Map<String, Object> k6OperatorPod(Map<String, Object> role) {
    Map<String, Object> container = new LinkedHashMap<>();
    container.put("name", "k6");
    container.put("securityContext", role.get("containerSecurityContext"));
    Map<String, Object> pod = new LinkedHashMap<>();
    pod.put("securityContext", role.get("securityContext"));
    pod.put(
        "automountServiceAccountToken",
        !"false".equalsIgnoreCase(String.valueOf(role.get("automountServiceAccountToken"))));
    pod.put("containers", List.of(container));
    pod.put("volumes", List.of(Map.of("name", "k6-test-volume", "configMap", Map.of())));
    return pod;
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> json(Object o) {
    return KUBE.convertValue(o, Map.class);
  }

  static Map<String, Object> template(Object workload) {
    return map(map(map(json(workload).get("spec")).get("template")).get("spec"));
  }
}
