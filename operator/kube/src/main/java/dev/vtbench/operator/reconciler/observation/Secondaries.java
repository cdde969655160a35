package dev.vtbench.operator.reconciler.observation;

import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.results.CachedParts;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.javaoperatorsdk.operator.processing.event.source.informer.InformerEventSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** The run's secondary objects from the informers' caches: no API call. */
final class Secondaries {

  private final Context<BenchmarkRunResource> ctx;

  Secondaries(Context<BenchmarkRunResource> ctx) {
    this.ctx = ctx;
  }

  @SuppressWarnings("unchecked")
  <R> List<R> list(Class<R> type, String source) {
    var es =
        (InformerEventSource<? extends HasMetadata, BenchmarkRunResource>)
            ctx.eventSourceRetriever().getEventSourceFor(type, source);
    return new ArrayList<>((Set<R>) es.getSecondaryResources(ctx.getPrimaryResource()));
  }

  /** The results parts in the informer's cache ({@link RunInformers#RESULTS}). */
  @SuppressWarnings("unchecked")
  CachedParts results() {
    var es =
        (InformerEventSource<ConfigMap, BenchmarkRunResource>)
            ctx.eventSourceRetriever().getEventSourceFor(ConfigMap.class, RunInformers.RESULTS);
    return (namespace, name) -> es.get(new ResourceID(name, namespace)).orElse(null);
  }
}
