package dev.vtbench.operator.results;

import dev.vtbench.engine.results.csv.ResultsCsv;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.resources.NameConflict;
import dev.vtbench.operator.resources.Ownership;
import dev.vtbench.operator.resources.ResourceNames;
import dev.vtbench.operator.resources.ResultsTier;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.net.HttpURLConnection;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The run's CSV in ConfigMaps: the same header and rows as local mode's {@code matrix.csv},
 * appended one scenario at a time before the next starts. A ConfigMap holds at most 1 MiB, so past
 * {@link #PART_LIMIT} bytes the CSV continues in {@code <run>-results-2}, {@code -3}, …, each a
 * complete CSV with the header: concatenating their rows gives the whole CSV.
 *
 * <p>Appends are optimistic (the update carries the resourceVersion read), and a row whose scenario
 * id is already there is not written again, so a restarted operator neither loses nor duplicates.
 */
public final class ResultsStore {

  public static final String CSV_KEY = "matrix.csv";

  /** Bytes of CSV per ConfigMap: under the 1 MiB object limit with room for metadata. */
  public static final int PART_LIMIT = 900 * 1024;

  /** Runs whose parsed rows are kept: a few at once; a run not among them is read again. */
  static final int CACHED_RUNS = 8;

  private final KubernetesClient client;
  private final int partLimit;
  private final PartReads reads;

  /** Per run UID, the parts last seen and their parsed rows. */
  private final Map<String, Parsed> cache = LeastRecentlyUsed.map(CACHED_RUNS);

  /** Parts as last seen, and the rows parsed from each. */
  private record Parsed(List<ConfigMap> parts, List<List<ResultRow>> rows) {
    static final Parsed EMPTY = new Parsed(List.of(), List.of());
  }

  public ResultsStore(KubernetesClient client) {
    this(client, PART_LIMIT);
  }

  /** With a smaller part size, so tests can split without writing megabytes. */
  public ResultsStore(KubernetesClient client, int partLimit) {
    this.client = client;
    this.partLimit = partLimit;
    this.reads = new PartReads(client);
  }

  /** The parts that exist, in order. */
  public List<ConfigMap> parts(BenchmarkRunResource run) {
    List<ConfigMap> parts = new ArrayList<>();
    for (int part = 1; ; part++) {
      ConfigMap cm = get(run, part);
      if (cm == null) {
        return parts;
      }
      parts.add(cm);
    }
  }

  /** What a run has recorded: its CSV parts in order and their rows, read once. */
  public record Recorded(List<ConfigMap> parts, List<ResultRow> rows) {

    public List<String> names() {
      return ResultsStore.names(parts);
    }
  }

  /**
   * The parts and every recorded row, in order; a part that is not the run's own (an earlier run's
   * kept results, or a forged one) is never trusted: {@link NameConflict}.
   *
   * <p>Proportional to what changed, not to every row written: parts are parsed once per
   * resourceVersion and kept per run; a part followed by another is never written again (appends go
   * to the last), so only the last known part and the one after it are read. An operator restart
   * reads everything once.
   */
  public Recorded read(BenchmarkRunResource run) {
    return read(run, CachedParts.NONE);
  }

  /**
   * As {@link #read(BenchmarkRunResource)}, each part taken from {@code cached} when it holds it as
   * this operator last wrote it (or holds it and this operator wrote none of it): no request. A
   * part the cache lacks or holds older than this operator's own last write is read from the API
   * server, so a row just appended is never read as missing.
   */
  public Recorded read(BenchmarkRunResource run, CachedParts cached) {
    Parsed known = cache.getOrDefault(run.getMetadata().getUid(), Parsed.EMPTY);
    int closed = Math.max(0, known.parts().size() - 1);
    List<ConfigMap> parts = new ArrayList<>(known.parts().subList(0, closed));
    List<List<ResultRow>> rows = new ArrayList<>(known.rows().subList(0, closed));
    for (int part = closed + 1; ; part++) {
      ConfigMap cm = reads.read(run, part, cached);
      if (cm == null) {
        break;
      }
      if (!Ownership.owns(run, cm)) {
        throw new NameConflict(run, cm);
      }
      ConfigMap seen = part <= known.parts().size() ? known.parts().get(part - 1) : null;
      parts.add(cm);
      rows.add(sameVersion(cm, seen) ? known.rows().get(part - 1) : ResultsCsv.parse(csv(cm)));
    }
    return remember(run, new Parsed(parts, rows));
  }

  /** Drops what is kept of the run's rows: it ended or is gone. */
  public void forget(BenchmarkRunResource run) {
    cache.remove(run.getMetadata().getUid());
    reads.forget(run);
  }

  /** Every recorded row, in order. */
  public List<ResultRow> rows(BenchmarkRunResource run) {
    return read(run).rows();
  }

  /**
   * Appends {@code row} unless its scenario is recorded already.
   *
   * @return the names of the parts after the append
   */
  public List<String> append(BenchmarkRunResource run, ResultRow row) {
    return append(run, read(run), row);
  }

  /**
   * Appends {@code row} to what {@code recorded} read, unless its scenario is there already. The
   * update carries the resourceVersion read then: a concurrent writer makes it fail, not vanish.
   *
   * @return the names of the parts after the append
   */
  public List<String> append(BenchmarkRunResource run, Recorded recorded, ResultRow row) {
    List<ConfigMap> parts = recorded.parts();
    if (recorded.rows().stream().anyMatch(r -> row.scenarioId().equals(r.scenarioId()))) {
      return names(parts);
    }
    List<List<ResultRow>> rows = perPart(run, recorded);
    if (parts.isEmpty() || tooBig(ResultsCsv.append(csv(parts.getLast()), row))) {
      ConfigMap created = create(run, parts.size() + 1, ResultsCsv.append("", row));
      parts = new ArrayList<>(parts);
      parts.add(created);
      rows.add(List.of(row));
    } else {
      ConfigMap updated = new ConfigMapBuilder(parts.getLast()).build();
      updated.getData().put(CSV_KEY, ResultsCsv.append(csv(parts.getLast()), row));
      updated = client.configMaps().inNamespace(ns(run)).resource(updated).update();
      reads.wrote(updated);
      parts = new ArrayList<>(parts);
      parts.set(parts.size() - 1, updated);
      List<ResultRow> last = new ArrayList<>(rows.getLast());
      last.add(row);
      rows.set(rows.size() - 1, last);
    }
    remember(run, new Parsed(parts, rows));
    return names(parts);
  }

  private boolean tooBig(String csv) {
    return csv.getBytes(StandardCharsets.UTF_8).length > partLimit;
  }

  /** The rows of each part of {@code recorded}: from the cache, or parsed again. */
  private List<List<ResultRow>> perPart(BenchmarkRunResource run, Recorded recorded) {
    Parsed known = cache.get(run.getMetadata().getUid());
    if (known != null && known.parts().equals(recorded.parts())) {
      return new ArrayList<>(known.rows());
    }
    List<List<ResultRow>> rows = new ArrayList<>();
    recorded.parts().forEach(p -> rows.add(ResultsCsv.parse(csv(p))));
    return rows;
  }

  private Recorded remember(BenchmarkRunResource run, Parsed parsed) {
    cache.put(run.getMetadata().getUid(), parsed);
    List<ResultRow> all = new ArrayList<>();
    parsed.rows().forEach(all::addAll);
    return new Recorded(List.copyOf(parsed.parts()), List.copyOf(all));
  }

  private static boolean sameVersion(ConfigMap a, ConfigMap b) {
    return b != null
        && Objects.equals(a.getMetadata().getUid(), b.getMetadata().getUid())
        && Objects.equals(
            a.getMetadata().getResourceVersion(), b.getMetadata().getResourceVersion());
  }

  private ConfigMap create(BenchmarkRunResource run, int part, String csv) {
    ConfigMap cm =
        ResultsTier.configMap(run, ResourceNames.results(run, part), Map.of(CSV_KEY, csv));
    Map<String, String> annotations =
        new LinkedHashMap<>(
            Objects.requireNonNullElse(cm.getMetadata().getAnnotations(), Map.of()));
    annotations.put("vtbench.dev/part", Integer.toString(part));
    cm.getMetadata().setAnnotations(annotations);
    try {
      ConfigMap created = client.configMaps().inNamespace(ns(run)).resource(cm).create();
      reads.wrote(created);
      return created;
    } catch (KubernetesClientException e) {
      // A name taken by an object the cache does not hold (not labelled as vtbench's): whose?
      ConfigMap existing = e.getCode() == HttpURLConnection.HTTP_CONFLICT ? get(run, part) : null;
      if (existing != null && !Ownership.owns(run, existing)) {
        throw new NameConflict(run, existing);
      }
      throw e;
    }
  }

  private ConfigMap get(BenchmarkRunResource run, int part) {
    return reads.read(run, part, CachedParts.NONE);
  }

  private static String csv(ConfigMap cm) {
    return cm.getData() == null ? "" : cm.getData().getOrDefault(CSV_KEY, "");
  }

  private static List<String> names(List<ConfigMap> parts) {
    List<String> names = new ArrayList<>();
    parts.forEach(p -> names.add(p.getMetadata().getName()));
    return names;
  }

  private static String ns(BenchmarkRunResource run) {
    return run.getMetadata().getNamespace();
  }
}
