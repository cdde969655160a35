package dev.vtbench.operator.results;

import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.resources.ResourceNames;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Where a results part is read from: the informer's cache when it holds the part as this operator
 * last wrote it, else the API server. A cache lags behind the operator's own writes by the time a
 * watch event takes; a row just appended must never read as missing, or its scenario would be
 * measured again.
 */
final class PartReads {

  /**
   * Parts whose last write by this operator is remembered: far more than runs that record at once.
   * A part forgotten is taken from the cache as it is.
   */
  static final int WRITTEN_PARTS = 4096;

  private final KubernetesClient client;

  /** Per part ({@code namespace/name}), the resourceVersion this operator last wrote. */
  private final Map<String, String> written = LeastRecentlyUsed.map(WRITTEN_PARTS);

  PartReads(KubernetesClient client) {
    this.client = client;
  }

  /**
   * Part {@code part} of the run's results, or null when it does not exist: from {@code cached}
   * unless the cache lacks it or holds another version than this operator's last write of it.
   */
  ConfigMap read(BenchmarkRunResource run, int part, CachedParts cached) {
    String ns = run.getMetadata().getNamespace();
    String name = ResourceNames.results(run, part);
    if (cached != CachedParts.NONE) {
      ConfigMap cm = cached.get(ns, name);
      String wrote = written.get(key(ns, name));
      if (wrote == null || cm != null && wrote.equals(cm.getMetadata().getResourceVersion())) {
        return cm;
      }
    }
    return client.configMaps().inNamespace(ns).withName(name).get();
  }

  /** {@code cm} as this operator just wrote it (created or updated). */
  void wrote(ConfigMap cm) {
    written.put(
        key(cm.getMetadata().getNamespace(), cm.getMetadata().getName()),
        cm.getMetadata().getResourceVersion());
  }

  /** Drops what is remembered of the run's writes: it ended or is gone. */
  void forget(BenchmarkRunResource run) {
    String first = key(run.getMetadata().getNamespace(), ResourceNames.results(run, 1));
    Pattern later = Pattern.compile(Pattern.quote(first) + "-\\d+");
    synchronized (written) {
      written.keySet().removeIf(k -> k.equals(first) || later.matcher(k).matches());
    }
  }

  private static String key(String namespace, String name) {
    return namespace + "/" + name;
  }
}
