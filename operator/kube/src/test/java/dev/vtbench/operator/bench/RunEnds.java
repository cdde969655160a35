package dev.vtbench.operator.bench;

import dev.vtbench.operator.api.BenchmarkRunResource;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How long each run took from its creation to its end (Succeeded or Failed), as the driver sees it
 * when it looks (every 500 ms): the latency a user waits for, queue included, beside the reconcile
 * timer's time inside one pass.
 */
final class RunEnds {
  private final Map<String, Long> created = new HashMap<>();
  private final Map<String, Long> tookNanos = new HashMap<>();

  void created(String namespace, String name) {
    created.put(namespace + "/" + name, System.nanoTime());
  }

  /** Notes the runs of {@code runs} that have ended since the last look. */
  void look(List<BenchmarkRunResource> runs) {
    long now = System.nanoTime();
    for (BenchmarkRunResource run : runs) {
      String id = run.getMetadata().getNamespace() + "/" + run.getMetadata().getName();
      String phase = run.getStatus() == null ? null : run.getStatus().phase;
      Long at = created.get(id);
      if (at != null
          && ("Succeeded".equals(phase) || "Failed".equals(phase))
          && !tookNanos.containsKey(id)) {
        tookNanos.put(id, now - at);
      }
    }
  }

  /** p50, p99 and the longest, in seconds, over the runs that ended. */
  String describe() {
    double[] s = tookNanos.values().stream().mapToDouble(n -> n / 1e9).sorted().toArray();
    if (s.length == 0) {
      return "no run ended";
    }
    return String.format(
        Locale.ROOT,
        "p50 %.1f s, p99 %.1f s, longest %.1f s (%d runs)",
        s[index(s.length, 0.50)],
        s[index(s.length, 0.99)],
        s[s.length - 1],
        s.length);
  }

  /** The nearest-rank index of quantile {@code q} in {@code n} sorted values. */
  static int index(int n, double q) {
    return Math.max(0, (int) Math.ceil(q * n) - 1);
  }
}
