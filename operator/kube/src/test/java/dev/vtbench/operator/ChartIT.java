package dev.vtbench.operator;

import static dev.vtbench.operator.KubeApi.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.chart.ChartRender;
import dev.vtbench.operator.resources.DatabaseTier;
import dev.vtbench.operator.resources.Labels;
import dev.vtbench.operator.resources.StubTier;
import dev.vtbench.operator.resources.SutTier;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.authorization.v1.ResourceAttributesBuilder;
import io.fabric8.kubernetes.api.model.authorization.v1.SubjectAccessReview;
import io.fabric8.kubernetes.api.model.authorization.v1.SubjectAccessReviewBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.dsl.FieldValidateable;
import io.javaoperatorsdk.operator.Operator;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Helm chart's rendered output against the real API server: every object is accepted
 * (ServiceMonitors and PodMonitor against prometheus-operator's CRDs, strict field validation), the
 * monitors select what the operator creates for a run, the RBAC grants what a run needs and refuses
 * what it does not, and an operator holding only the chart's ServiceAccount drives a run to its end
 * and cleans up after it. What the rendered manifests say without a server (security contexts, RBAC
 * rules, monitors, the dashboard, values) is checked in the {@code chart} package's ITs.
 */
class ChartIT {

  static final String RELEASE_NS = ChartRender.NAMESPACE;
  static final String SA = "system:serviceaccount:" + RELEASE_NS + ":vtbench";
  static KubernetesClient k8s;

  @BeforeAll
  static void server() {
    k8s = KubeApi.client();
  }

  static List<HasMetadata> render(String... set) {
    List<String> args = new ArrayList<>();
    for (String s : set) {
      args.add("--set");
      args.add(s);
    }
    ChartRender.Result r = ChartRender.template(args);
    assertThat(r.exit()).as("helm template: %s", r.err()).isZero();
    return k8s.load(new ByteArrayInputStream(r.out().getBytes(StandardCharsets.UTF_8))).items();
  }

  static void namespace(String name) {
    if (k8s.namespaces().withName(name).get() == null) {
      k8s.namespaces()
          .resource(new NamespaceBuilder().withNewMetadata().withName(name).endMetadata().build())
          .create();
    }
  }

  static final String[] MONITORING = {
    "monitoring.enabled=true", "monitoring.labels.release=kube-prometheus-stack"
  };

  /**
   * Every object of every configuration passes the API server's schema validation, strictly (an
   * unknown or misplaced field is an error, not silently pruned): the ServiceMonitors and the
   * PodMonitor against prometheus-operator's CRDs.
   */
  @Test
  void everyConfigurationIsAcceptedByTheApiServer() throws Exception {
    namespace(RELEASE_NS);
    namespace("team-a");
    namespace("team-b");
    namespace("grafana");
    for (String[] set :
        List.of(
            new String[] {},
            new String[] {"watchNamespaces={team-a,team-b}"},
            MONITORING,
            new String[] {
              "monitoring.enabled=true",
              "watchNamespaces={team-a,team-b}",
              "monitoring.dashboards.namespace=grafana",
              "monitoring.podMonitor.cnpg.enabled=false"
            })) {
      List<HasMetadata> objects = render(set);
      assertThat(objects).isNotEmpty();
      for (HasMetadata o : objects) {
        if (o.getMetadata().getNamespace() == null && isNamespaced(o)) {
          o.getMetadata().setNamespace(RELEASE_NS);
        }
        HasMetadata accepted =
            k8s.resource(o)
                .dryRun()
                .fieldValidation(FieldValidateable.Validation.STRICT)
                .fieldManager("chart-test")
                .forceConflicts()
                .serverSideApply();
        assertThat(accepted.getMetadata().getName()).isEqualTo(o.getMetadata().getName());
      }
      List<String> kinds = objects.stream().map(HasMetadata::getKind).toList();
      if (List.of(set).contains("monitoring.enabled=true")) {
        assertThat(kinds).contains("ServiceMonitor");
        assertThat(objects)
            .anyMatch(
                o ->
                    o.getKind().equals("ConfigMap")
                        && "1".equals(o.getMetadata().getLabels().get("grafana_dashboard")));
      } else {
        assertThat(kinds).doesNotContain("ServiceMonitor", "PodMonitor");
      }
      if (List.of(set).contains("monitoring.podMonitor.cnpg.enabled=false")) {
        assertThat(kinds).doesNotContain("PodMonitor");
      }
    }
  }

  /**
   * The chart's monitors find what the operator creates for a run, by the API server's own label
   * selection: the SUT and stub Services (as SutTier and StubTier build them) through the
   * ServiceMonitors' selectors and port names, and CloudNativePG's instance pods through the
   * PodMonitor's selector applied to a pod labelled the way CloudNativePG labels it from the
   * Cluster's inheritedMetadata.
   */
  @Test
  @SuppressWarnings("unchecked")
  void theMonitorsSelectTheRunsServicesAndDatabasePods() throws Exception {
    String ns = KubeApi.namespace("monitored");
    BenchmarkRunResource run =
        OperatorIT.create(ns, "watched", OperatorIT.SMALL.formatted("auto", "0s"));
    Map<String, GenericKubernetesResource> monitors = new java.util.HashMap<>();
    // Cluster-wide, so the run monitors select any namespace (the default: the watched ones).
    for (HasMetadata o : render(MONITORING[0], MONITORING[1], "rbac.clusterWide=true")) {
      if (o instanceof GenericKubernetesResource g && g.getKind().endsWith("Monitor")) {
        monitors.put(g.getMetadata().getName(), g);
      }
    }
    assertThat(monitors).containsKeys("vtbench", "vtbench-sut", "vtbench-stub", "vtbench-cnpg");
    for (String tier : List.of("sut", "stub")) {
      Service service = tier.equals("sut") ? SutTier.service(run) : StubTier.service(run);
      String name = service.getMetadata().getName();
      k8s.resource(service).serverSideApply();
      Map<String, Object> spec =
          (Map<String, Object>)
              monitors.get("vtbench-" + tier).getAdditionalProperties().get("spec");
      Map<String, String> selector =
          (Map<String, String>) ((Map<String, Object>) spec.get("selector")).get("matchLabels");
      assertThat(spec.get("namespaceSelector")).isEqualTo(Map.of("any", true));
      // namespaceSelector any; other tests' runs live in other namespaces, so look in this one.
      var selected = k8s.services().inNamespace(ns).withLabels(selector).list().getItems();
      assertThat(selected)
          .as("%s ServiceMonitor selects %s", tier, selector)
          .extracting(svc -> svc.getMetadata().getNamespace() + "/" + svc.getMetadata().getName())
          .containsExactly(ns + "/" + name);
      Map<String, Object> endpoint = ((List<Map<String, Object>>) spec.get("endpoints")).getFirst();
      assertThat(selected.getFirst().getSpec().getPorts())
          .extracting(io.fabric8.kubernetes.api.model.ServicePort::getName)
          .contains((String) endpoint.get("port"));
      // The run label Prometheus relabels into "run" is on the Service.
      assertThat(selected.getFirst().getMetadata().getLabels())
          .containsEntry(Labels.RUN, "watched");
      assertThat(endpoint.toString())
          .contains(
              "__meta_kubernetes_service_label_" + Labels.RUN.replaceAll("[^a-zA-Z0-9]", "_"));
    }

    // CloudNativePG copies the Cluster's inheritedMetadata labels onto its pods and adds its own.
    GenericKubernetesResource cluster = DatabaseTier.cluster(run);
    Map<String, String> podLabels =
        new java.util.HashMap<>(
            (Map<String, String>)
                ((Map<String, Object>)
                        ((Map<String, Object>) cluster.getAdditionalProperties().get("spec"))
                            .get("inheritedMetadata"))
                    .get("labels"));
    podLabels.put("cnpg.io/podRole", "instance");
    podLabels.put("cnpg.io/cluster", cluster.getMetadata().getName());
    k8s.pods()
        .inNamespace(ns)
        .resource(
            new io.fabric8.kubernetes.api.model.PodBuilder()
                .withNewMetadata()
                .withName(cluster.getMetadata().getName() + "-1")
                .withLabels(podLabels)
                .endMetadata()
                .withNewSpec()
                .addNewContainer()
                .withName("postgres")
                .withImage("postgres:15")
                .addNewPort()
                .withName("metrics")
                .withContainerPort(9187)
                .endPort()
                .endContainer()
                .endSpec()
                .build())
        .create();
    Map<String, Object> pm =
        (Map<String, Object>) monitors.get("vtbench-cnpg").getAdditionalProperties().get("spec");
    Map<String, String> podSelector =
        (Map<String, String>) ((Map<String, Object>) pm.get("selector")).get("matchLabels");
    assertThat(k8s.pods().inNamespace(ns).withLabels(podSelector).list().getItems())
        .extracting(pod -> pod.getMetadata().getNamespace() + "/" + pod.getMetadata().getName())
        .containsExactly(ns + "/watched-db-1");
    Map<String, Object> pme =
        ((List<Map<String, Object>>) pm.get("podMetricsEndpoints")).getFirst();
    assertThat(pme.get("port")).isEqualTo("metrics");
    Map<String, Object> runRelabel =
        ((List<Map<String, Object>>) pme.get("relabelings"))
            .stream().filter(r -> "run".equals(r.get("targetLabel"))).findFirst().orElseThrow();
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile((String) runRelabel.get("regex"))
            .matcher(podLabels.get("cnpg.io/cluster"));
    assertThat(m.matches()).isTrue();
    assertThat(m.group(1)).isEqualTo("watched");
  }

  static boolean isNamespaced(HasMetadata o) {
    return !List.of("ClusterRole", "ClusterRoleBinding", "CustomResourceDefinition", "Namespace")
        .contains(o.getKind());
  }

  static boolean allowed(String verb, String group, String resource, String ns) {
    SubjectAccessReview review =
        new SubjectAccessReviewBuilder()
            .withNewSpec()
            .withUser(SA)
            .withGroups(
                "system:serviceaccounts",
                "system:serviceaccounts:" + RELEASE_NS,
                "system:authenticated")
            .withResourceAttributes(
                new ResourceAttributesBuilder()
                    .withVerb(verb)
                    .withGroup(group)
                    .withResource(resource.contains("/") ? resource.split("/")[0] : resource)
                    .withSubresource(resource.contains("/") ? resource.split("/")[1] : null)
                    .withNamespace(ns)
                    .build())
            .endSpec()
            .build();
    return k8s.authorization().v1().subjectAccessReview().create(review).getStatus().getAllowed();
  }

  @Test
  void theChartsServiceAccountRunsABenchmarkAndNothingMore() throws Exception {
    namespace(RELEASE_NS);
    String ns = KubeApi.namespace("rbac");
    // The default RBAC: a Role in each watched namespace, here the run's.
    for (HasMetadata o : render("watchNamespaces={" + ns + "}")) {
      if (o.getKind().equals("CustomResourceDefinition")) {
        continue;
      }
      if (o.getMetadata().getNamespace() == null && isNamespaced(o)) {
        o.getMetadata().setNamespace(RELEASE_NS);
      }
      k8s.resource(o).serverSideApply();
    }
    // What a run needs.
    assertThat(allowed("patch", "vtbench.dev", "benchmarkruns/status", ns)).isTrue();
    assertThat(allowed("create", "apps", "deployments", ns)).isTrue();
    assertThat(allowed("deletecollection", "", "configmaps", ns)).isTrue();
    assertThat(allowed("create", "k6.io", "testruns", ns)).isTrue();
    assertThat(allowed("create", "postgresql.cnpg.io", "clusters", ns)).isTrue();
    assertThat(allowed("watch", "", "pods", ns)).isTrue();
    assertThat(allowed("update", "coordination.k8s.io", "leases", RELEASE_NS)).isTrue();
    assertThat(allowed("patch", "coordination.k8s.io", "leases", RELEASE_NS)).isTrue();
    // What it must not have.
    assertThat(allowed("create", "", "secrets", ns)).as("the run's credentials").isTrue();
    for (String verb : List.of("get", "list", "watch", "update", "patch")) {
      assertThat(allowed(verb, "", "secrets", ns)).as(verb + " secrets").isFalse();
    }
    assertThat(allowed("get", "", "pods/log", ns)).as("pods/log").isFalse();
    assertThat(allowed("create", "", "pods/exec", ns)).as("pods/exec").isFalse();
    assertThat(allowed("create", "", "pods", ns)).as("creating pods").isFalse();
    assertThat(allowed("delete", "", "namespaces", null)).as("namespaces").isFalse();
    assertThat(allowed("update", "coordination.k8s.io", "leases", ns))
        .as("leases elsewhere")
        .isFalse();
    assertThat(allowed("update", "apiextensions.k8s.io", "customresourcedefinitions", null))
        .isFalse();

    // An operator with only that identity drives a run to its end and cleans up after it.
    Config asOperator =
        new ConfigBuilder(Config.fromKubeconfig(KubeApi.kubeconfig()))
            .withImpersonateUsername(SA)
            .withImpersonateGroups("system:serviceaccounts", "system:serviceaccounts:" + RELEASE_NS)
            .build();
    Operator operator =
        OperatorMain.start(
            new KubernetesClientBuilder().withConfig(asOperator).build(),
            // Leader election on, as the chart deploys it: renewing the Lease is a PATCH.
            Map.of(
                "WATCH_NAMESPACES",
                ns,
                "LEADER_ELECTION",
                "true",
                "POD_NAMESPACE",
                RELEASE_NS,
                "LEADER_ELECTION_EXIT_ON_LOSS",
                "false"));
    try {
      // A Secret of the name a run's credentials take, planted before the run: the operator
      // cannot read it, so the create is its check; the run fails naming it, nothing of it read,
      // changed or deleted.
      HasMetadata planted = OwnershipIT.foreignSecret(ns, "taken-db-app");
      OperatorIT.create(ns, "taken", OwnershipIT.SPEC);
      assertThat(OwnershipIT.nameConflict(ns, "taken"))
          .isEqualTo(
              "Secret "
                  + ns
                  + "/taken-db-app already exists and is not this run's (this run did not create"
                  + " it, and vtbench does not read Secrets to see whose it is): vtbench writes and"
                  + " deletes only what the run created. Rename the run, or delete the object if"
                  + " nothing needs it (kubectl delete secret taken-db-app -n "
                  + ns
                  + ")");
      assertThat(OperatorIT.gone(ns, "taken")).as("no Cluster, seed or policy left").isTrue();
      OwnershipIT.deleteRun(ns, "taken");
      OwnershipIT.assertUnchanged(planted);

      Controllers play = new Controllers(k8s, ns);
      BenchmarkRunResource run = OperatorIT.oneScenario(ns, "rbac");
      Duration wait = OperatorIT.WAIT;
      String load = OperatorIT.firstTestRun(play, run);
      play.finishTestRun(
          load,
          0,
          Files.readString(Path.of(ChartIT.class.getResource("/runner-summary.json").toURI())));
      OperatorIT.awaitStatus(
          ns, "rbac", "Succeeded", OperatorIT.condition("Succeeded", "True", null));
      await("released", wait, () -> OperatorIT.gone(ns, "rbac") ? true : null);
      assertThat(k8s.v1().events().inNamespace(ns).list().getItems())
          .anyMatch(e -> "RunSucceeded".equals(e.getReason()));
      // The operator kept leading: it renewed the Lease with the chart's Role (a forbidden renewal
      // makes JOSDK stop leading and exit).
      await(
          "Lease renewed",
          wait,
          () -> {
            var lease = k8s.leases().inNamespace(RELEASE_NS).withName("vtbench-operator").get();
            return lease != null
                    && lease.getSpec().getRenewTime() != null
                    && lease.getSpec().getRenewTime().isAfter(lease.getSpec().getAcquireTime())
                ? true
                : null;
          });
      k8s.resources(BenchmarkRunResource.class).inNamespace(ns).withName("rbac").delete();
      await("deleted", wait, () -> OperatorIT.get(ns, "rbac") == null ? true : null);
    } finally {
      operator.stop();
    }
  }
}
