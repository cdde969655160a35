package dev.vtbench.operator.reconciler.observation;

import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.resources.DatabaseTier;
import dev.vtbench.operator.resources.Labels;
import dev.vtbench.operator.resources.ResourceNames;
import dev.vtbench.operator.resources.ResultsTier;
import dev.vtbench.operator.results.ResultsStore;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.javaoperatorsdk.operator.api.config.informer.InformerEventSourceConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.processing.GroupVersionKind;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.javaoperatorsdk.operator.processing.event.source.EventSource;
import io.javaoperatorsdk.operator.processing.event.source.SecondaryToPrimaryMapper;
import io.javaoperatorsdk.operator.processing.event.source.informer.InformerEventSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The informers that wake the reconciler: a Cluster turning Ready, a Deployment becoming available,
 * a pod that cannot be scheduled or pull its image, a runner pod terminating. Each watches only
 * objects labelled as vtbench's and maps them to their run by its label. One more is a cache only:
 * the run's results ConfigMaps. Every cache keeps its objects without their managedFields ({@link
 * ManagedFieldsDropped}).
 */
public final class RunInformers {

  static final String DEPLOYMENTS = "deployments";
  static final String JOBS = "jobs";

  /** Every pod of every run (SUT, stub, k6 runners): readiness, scheduling, image pulls. */
  static final String PODS = "pods";

  /**
   * The run's results ConfigMaps, a cache only ({@link ResultsStore#read}): the operator writes
   * them, so their events wake nothing.
   */
  static final String RESULTS = "results";

  /**
   * CloudNativePG's pods of every run's database, by the labels vtbench asks it to put on them
   * ({@link Labels#inherited}): a primary replaced or restarted under a measured hold ({@link
   * TierStarts}).
   */
  static final String DATABASE_PODS = "database-pods";

  /** CloudNativePG's label on its pods: the Cluster's name, {@code <run>-db}. */
  static final String CNPG_CLUSTER = "cnpg.io/cluster";

  static final String CLUSTERS = "clusters";
  static final String TEST_RUNS = "testruns";
  static final GroupVersionKind CLUSTER_GVK =
      new GroupVersionKind("postgresql.cnpg.io", "v1", "Cluster");
  static final GroupVersionKind TEST_RUN_GVK = new GroupVersionKind("k6.io", "v1alpha1", "TestRun");

  private RunInformers() {}

  public static List<EventSource<?, BenchmarkRunResource>> of(
      EventSourceContext<BenchmarkRunResource> context, Capabilities capabilities) {
    List<EventSource<?, BenchmarkRunResource>> sources = new ArrayList<>();
    sources.add(typed(context, Deployment.class, DEPLOYMENTS, Labels.SELECTOR));
    sources.add(typed(context, Job.class, JOBS, Labels.SELECTOR));
    sources.add(typed(context, Pod.class, PODS, Labels.SELECTOR));
    sources.add(
        new InformerEventSource<>(
            InformerEventSourceConfiguration.from(ConfigMap.class, BenchmarkRunResource.class)
                .withName(RESULTS)
                .withLabelSelector(
                    Labels.SELECTOR + "," + Labels.COMPONENT + "=" + ResultsTier.COMPONENT)
                .withSecondaryToPrimaryMapper(byRunLabel())
                .withGenericFilter(cm -> false)
                .withItemStore(new ManagedFieldsDropped<>())
                .build(),
            context));
    if (capabilities.cnpg()) {
      sources.add(generic(context, CLUSTER_GVK, CLUSTERS));
      sources.add(
          new InformerEventSource<>(
              InformerEventSourceConfiguration.from(Pod.class, BenchmarkRunResource.class)
                  .withName(DATABASE_PODS)
                  .withLabelSelector(
                      Labels.PART_OF
                          + "=vtbench,"
                          + Labels.COMPONENT
                          + "="
                          + DatabaseTier.COMPONENT
                          + ","
                          + CNPG_CLUSTER)
                  .withSecondaryToPrimaryMapper(byClusterLabel())
                  .withItemStore(new ManagedFieldsDropped<>())
                  .build(),
              context));
    }
    if (capabilities.k6Operator()) {
      sources.add(generic(context, TEST_RUN_GVK, TEST_RUNS));
    }
    return sources;
  }

  private static <R extends HasMetadata> InformerEventSource<R, BenchmarkRunResource> typed(
      EventSourceContext<BenchmarkRunResource> context,
      Class<R> type,
      String name,
      String selector) {
    return new InformerEventSource<>(
        InformerEventSourceConfiguration.from(type, BenchmarkRunResource.class)
            .withName(name)
            .withLabelSelector(selector)
            .withSecondaryToPrimaryMapper(byRunLabel())
            .withItemStore(new ManagedFieldsDropped<>())
            .build(),
        context);
  }

  private static InformerEventSource<GenericKubernetesResource, BenchmarkRunResource> generic(
      EventSourceContext<BenchmarkRunResource> context, GroupVersionKind gvk, String name) {
    return new InformerEventSource<>(
        InformerEventSourceConfiguration.from(gvk, BenchmarkRunResource.class)
            .withName(name)
            .withLabelSelector(Labels.SELECTOR)
            .withSecondaryToPrimaryMapper(byRunLabel())
            .withItemStore(new ManagedFieldsDropped<>())
            .build(),
        context);
  }

  /** A database pod's run: its CloudNativePG Cluster's name without {@code -db}. */
  static SecondaryToPrimaryMapper<Pod> byClusterLabel() {
    return p -> {
      Map<String, String> labels = p.getMetadata().getLabels();
      return ResourceNames.runOfDatabase(labels == null ? null : labels.get(CNPG_CLUSTER))
          .map(run -> Set.of(new ResourceID(run, p.getMetadata().getNamespace())))
          .orElse(Set.of());
    };
  }

  /** Everything the operator creates carries the run's name as a label. */
  static <R extends HasMetadata> SecondaryToPrimaryMapper<R> byRunLabel() {
    return r -> {
      Map<String, String> labels = r.getMetadata().getLabels();
      String run = labels == null ? null : labels.get(Labels.RUN);
      return run == null ? Set.of() : Set.of(new ResourceID(run, r.getMetadata().getNamespace()));
    };
  }
}
