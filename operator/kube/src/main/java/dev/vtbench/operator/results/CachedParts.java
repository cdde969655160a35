package dev.vtbench.operator.results;

import io.fabric8.kubernetes.api.model.ConfigMap;

/**
 * Where results parts are looked up before the API server: the operator's informer cache of results
 * ConfigMaps ({@link ResultsStore#read(dev.vtbench.operator.api.BenchmarkRunResource,
 * CachedParts)}).
 */
@FunctionalInterface
public interface CachedParts {

  /** Nothing cached: every part is read from the API server. */
  CachedParts NONE = (namespace, name) -> null;

  /** The part {@code name} in {@code namespace} as the cache holds it, or null when it has none. */
  ConfigMap get(String namespace, String name);
}
