package dev.vtbench.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.authorization.v1.ResourceAttributesBuilder;
import io.fabric8.kubernetes.api.model.authorization.v1.SubjectAccessReviewBuilder;
import io.fabric8.kubernetes.api.model.rbac.ClusterRole;
import io.fabric8.kubernetes.api.model.rbac.PolicyRule;
import io.fabric8.kubernetes.api.model.rbac.Role;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Least privilege by default: the chart's default render grants nothing cluster-wide (a Role in the
 * release namespace, which is also all the operator watches); cluster-wide rights are an explicit
 * opt-in ({@code rbac.clusterWide}) with the same rules; and against the real API server the
 * chart's ServiceAccount may do every verb of its rules in a watched namespace and none in another.
 * (ChartIT drives a whole run with the namespaced rights.)
 */
class ChartRbacIT {

  /** Its own release, so its objects never meet ChartIT's "vtbench" release. */
  static final String RELEASE = "least";

  static final String FULLNAME = RELEASE + "-vtbench";
  static final String SA = "system:serviceaccount:" + ChartIT.RELEASE_NS + ":" + FULLNAME;

  static KubernetesClient k8s;

  @BeforeAll
  static void server() {
    k8s = KubeApi.client();
  }

  /** helm template of the release; the exit code and stderr with the objects. */
  record Rendered(int exit, String err, List<HasMetadata> objects) {

    <T extends HasMetadata> List<T> of(Class<T> type) {
      return objects.stream().filter(type::isInstance).map(type::cast).toList();
    }

    String watchNamespaces() {
      return of(Deployment.class)
          .getFirst()
          .getSpec()
          .getTemplate()
          .getSpec()
          .getContainers()
          .getFirst()
          .getEnv()
          .stream()
          .filter(e -> e.getName().equals("WATCH_NAMESPACES"))
          .map(EnvVar::getValue)
          .findFirst()
          .orElseThrow();
    }

    List<Role> runRoles() {
      return of(Role.class).stream()
          .filter(r -> !r.getMetadata().getName().endsWith("-leader-election"))
          .toList();
    }
  }

  static Rendered render(String... set) throws Exception {
    List<String> cmd =
        new ArrayList<>(
            List.of(
                dev.vtbench.operator.chart.ChartRender.helm().toString(),
                "template",
                RELEASE,
                "../../charts/vtbench",
                "-n",
                ChartIT.RELEASE_NS));
    for (String s : set) {
      cmd.add("--set");
      cmd.add(s);
    }
    Process p = new ProcessBuilder(cmd).start();
    byte[] out = p.getInputStream().readAllBytes();
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    List<HasMetadata> objects =
        p.exitValue() == 0 ? k8s.load(new ByteArrayInputStream(out)).items() : List.of();
    return new Rendered(p.exitValue(), err, objects);
  }

  @Test
  void theDefaultRenderGrantsNothingClusterWide() throws Exception {
    Rendered r = render();
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.objects()).extracting(HasMetadata::getKind).doesNotContain("ClusterRoleBinding");
    // No ClusterRole at all, so none that grants namespaced resources in every namespace.
    assertThat(r.of(ClusterRole.class)).isEmpty();
    assertThat(r.runRoles())
        .extracting(role -> role.getMetadata().getNamespace())
        .containsExactly(ChartIT.RELEASE_NS);
    assertThat(r.watchNamespaces()).isEqualTo(ChartIT.RELEASE_NS);
  }

  @Test
  void clusterWideRightsAreAnExplicitOptInWithTheSameRules() throws Exception {
    Rendered namespaced = render();
    Rendered clusterWide = render("rbac.clusterWide=true");
    assertThat(clusterWide.exit()).as(clusterWide.err()).isZero();
    assertThat(clusterWide.of(ClusterRole.class)).hasSize(1);
    assertThat(clusterWide.of(ClusterRole.class).getFirst().getRules())
        .isEqualTo(namespaced.runRoles().getFirst().getRules());
    assertThat(clusterWide.runRoles()).isEmpty();
    assertThat(clusterWide.watchNamespaces()).isEmpty();

    Rendered both = render("rbac.clusterWide=true", "watchNamespaces={team-a}");
    assertThat(both.exit()).isNotZero();
    assertThat(both.err()).contains("rbac.clusterWide=true reconciles every namespace");
  }

  @Test
  void theServiceAccountMayActInAWatchedNamespaceAndNowhereElse() throws Exception {
    releaseNamespace();
    String watched = KubeApi.namespace("watched");
    String other = KubeApi.namespace("unwatched");
    Rendered r = render("watchNamespaces={" + watched + "}");
    assertThat(r.exit()).as(r.err()).isZero();
    for (HasMetadata o : r.objects()) {
      if (o.getKind().equals("CustomResourceDefinition")) {
        continue;
      }
      if (o.getMetadata().getNamespace() == null && ChartIT.isNamespaced(o)) {
        o.getMetadata().setNamespace(ChartIT.RELEASE_NS);
      }
      k8s.resource(o).serverSideApply();
    }
    List<PolicyRule> rules = r.runRoles().getFirst().getRules();
    // RBAC is enforced from the authorizer's cache: wait until the new Role counts.
    KubeApi.await(
        "the Role in " + watched,
        Duration.ofSeconds(30),
        () -> allowed("create", "", "configmaps", watched) ? true : null);
    int checked = 0;
    for (PolicyRule rule : rules) {
      for (String group : rule.getApiGroups()) {
        for (String resource : rule.getResources()) {
          for (String verb : rule.getVerbs()) {
            assertThat(allowed(verb, group, resource, watched))
                .as("%s %s/%s in the watched namespace", verb, group, resource)
                .isTrue();
            assertThat(allowed(verb, group, resource, other))
                .as("%s %s/%s in another namespace", verb, group, resource)
                .isFalse();
            assertThat(allowed(verb, group, resource, null))
                .as("%s %s/%s in every namespace", verb, group, resource)
                .isFalse();
            checked++;
          }
        }
      }
    }
    assertThat(checked).isGreaterThan(40);

    // The same through a client holding only that identity: a real write, a real refusal.
    try (KubernetesClient asOperator =
        new KubernetesClientBuilder()
            .withConfig(
                new ConfigBuilder(
                        io.fabric8.kubernetes.client.Config.fromKubeconfig(KubeApi.kubeconfig()))
                    .withImpersonateUsername(SA)
                    .withImpersonateGroups(
                        "system:serviceaccounts", "system:serviceaccounts:" + ChartIT.RELEASE_NS)
                    .build())
            .build()) {
      var cm = new ConfigMapBuilder().withNewMetadata().withName("probe").endMetadata().build();
      assertThat(asOperator.configMaps().inNamespace(watched).resource(cm).create()).isNotNull();
      assertThatThrownBy(() -> asOperator.configMaps().inNamespace(other).resource(cm).create())
          .isInstanceOfSatisfying(
              KubernetesClientException.class, e -> assertThat(e.getCode()).isEqualTo(403));
      assertThatThrownBy(() -> asOperator.configMaps().inAnyNamespace().list())
          .isInstanceOfSatisfying(
              KubernetesClientException.class, e -> assertThat(e.getCode()).isEqualTo(403));
    }
  }

  /** The release namespace, made here: ChartIT may not have run in this JVM. */
  static void releaseNamespace() {
    if (k8s.namespaces().withName(ChartIT.RELEASE_NS).get() == null) {
      k8s.namespaces()
          .resource(
              new NamespaceBuilder()
                  .withNewMetadata()
                  .withName(ChartIT.RELEASE_NS)
                  .endMetadata()
                  .build())
          .create();
    }
  }

  static boolean allowed(String verb, String group, String resource, String ns) {
    String[] parts = resource.split("/", 2);
    var review =
        new SubjectAccessReviewBuilder()
            .withNewSpec()
            .withUser(SA)
            .withGroups(
                "system:serviceaccounts",
                "system:serviceaccounts:" + ChartIT.RELEASE_NS,
                "system:authenticated")
            .withResourceAttributes(
                new ResourceAttributesBuilder()
                    .withVerb(verb)
                    .withGroup(group)
                    .withResource(parts[0])
                    .withSubresource(parts.length > 1 ? parts[1] : null)
                    .withNamespace(ns)
                    .build())
            .endSpec()
            .build();
    return k8s.authorization().v1().subjectAccessReview().create(review).getStatus().getAllowed();
  }
}
