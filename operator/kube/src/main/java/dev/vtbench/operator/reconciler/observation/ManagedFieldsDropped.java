package dev.vtbench.operator.reconciler.observation;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.informers.cache.BasicItemStore;
import io.fabric8.kubernetes.client.informers.cache.Cache;
import io.fabric8.kubernetes.client.informers.cache.ItemStore;
import java.util.stream.Stream;

/**
 * An informer's store that keeps each object without its {@code metadata.managedFields}: the
 * server-side apply bookkeeping the operator never reads from a cache (its applies read the object
 * fresh), and often the largest part of a small object. The same trim controller-runtime's caches
 * make; with 200 runs' objects cached it is memory the operator otherwise holds for nothing
 * (docs/operator-bench.md).
 */
public final class ManagedFieldsDropped<V extends HasMetadata> implements ItemStore<V> {

  private final BasicItemStore<V> store = new BasicItemStore<>(Cache::metaNamespaceKeyFunc);

  @Override
  public String getKey(V obj) {
    return store.getKey(obj);
  }

  @Override
  public V put(String key, V obj) {
    if (obj.getMetadata() != null) {
      obj.getMetadata().setManagedFields(null);
    }
    return store.put(key, obj);
  }

  @Override
  public V remove(String key) {
    return store.remove(key);
  }

  @Override
  public Stream<String> keySet() {
    return store.keySet();
  }

  @Override
  public Stream<V> values() {
    return store.values();
  }

  @Override
  public int size() {
    return store.size();
  }

  @Override
  public V get(String key) {
    return store.get(key);
  }
}
