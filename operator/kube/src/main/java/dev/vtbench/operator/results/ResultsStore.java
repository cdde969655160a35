package dev.vtbench.operator.results;

import dev.vtbench.engine.results.ResultRow;
import dev.vtbench.engine.results.ResultsCsv;
import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.resources.ResourceNames;
import dev.vtbench.operator.resources.ResultsTier;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

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

  private final KubernetesClient client;
  private final int partLimit;

  public ResultsStore(KubernetesClient client) {
    this(client, PART_LIMIT);
  }

  /** With a smaller part size, so tests can split without writing megabytes. */
  public ResultsStore(KubernetesClient client, int partLimit) {
    this.client = client;
    this.partLimit = partLimit;
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

  /** The parts and every recorded row, in order. */
  public Recorded read(BenchmarkRunResource run) {
    List<ConfigMap> parts = parts(run);
    List<ResultRow> rows = new ArrayList<>();
    for (ConfigMap cm : parts) {
      rows.addAll(ResultsCsv.parse(csv(cm)));
    }
    return new Recorded(List.copyOf(parts), List.copyOf(rows));
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
    if (parts.isEmpty()) {
      create(run, 1, ResultsCsv.append("", row));
      return List.of(ResourceNames.results(run, 1));
    }
    ConfigMap last = parts.getLast();
    String text = ResultsCsv.append(csv(last), row);
    if (text.getBytes(StandardCharsets.UTF_8).length > partLimit) {
      create(run, parts.size() + 1, ResultsCsv.append("", row));
      List<String> names = names(parts);
      names.add(ResourceNames.results(run, parts.size() + 1));
      return names;
    }
    ConfigMap updated = new ConfigMapBuilder(last).build();
    updated.getData().put(CSV_KEY, text);
    client.configMaps().inNamespace(ns(run)).resource(updated).update();
    return names(parts);
  }

  private void create(BenchmarkRunResource run, int part, String csv) {
    ConfigMap cm =
        ResultsTier.configMap(run, ResourceNames.results(run, part), Map.of(CSV_KEY, csv));
    cm.getMetadata().setAnnotations(Map.of("vtbench.dev/part", Integer.toString(part)));
    client.configMaps().inNamespace(ns(run)).resource(cm).create();
  }

  private ConfigMap get(BenchmarkRunResource run, int part) {
    return client
        .configMaps()
        .inNamespace(ns(run))
        .withName(ResourceNames.results(run, part))
        .get();
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
