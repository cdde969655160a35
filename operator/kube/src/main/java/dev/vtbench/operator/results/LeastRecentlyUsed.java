package dev.vtbench.operator.results;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** A synchronized map that drops its least recently used entry past a size: a bounded memo. */
final class LeastRecentlyUsed {

  private LeastRecentlyUsed() {}

  /** At most {@code max} entries; reads count as use. Iterate it only while holding its lock. */
  static <K, V> Map<K, V> map(int max) {
    return Collections.synchronizedMap(
        new LinkedHashMap<>(16, 0.75f, true) {
          @Override
          protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
            return size() > max;
          }
        });
  }
}
