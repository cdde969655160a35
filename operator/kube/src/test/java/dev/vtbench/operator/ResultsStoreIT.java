package dev.vtbench.operator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.results.csv.ResultsCsv;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.results.CachedParts;
import dev.vtbench.operator.results.ResultsStore;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Reading a run's results costs what changed since the last pass, not every row written: against
 * the real API server, a part is parsed once per resourceVersion, and parts followed by another
 * (never written again) are not read again. Resuming stays exact: the rows are those of the parts.
 */
class ResultsStoreIT {

  static final KubernetesClient k8s = KubeApi.client();

  @Test
  void eachPartIsParsedOncePerVersion() {
    String ns = KubeApi.namespace("results-read");
    BenchmarkRunResource run = OperatorIT.create(ns, "many", "");
    ResultsStore writer = new ResultsStore(k8s, 2 * 1024);
    ResultRow template = OperatorIT.summaryRow();
    for (int i = 0; i < 30; i++) {
      writer.append(run, template.toBuilder().scenarioId("s" + i).build());
    }
    List<ConfigMap> parts = writer.parts(run);
    assertThat(parts).hasSizeGreaterThan(2);

    // A restarted operator: everything read once, exactly what the parts hold.
    ResultsStore reader = new ResultsStore(k8s, 2 * 1024);
    List<ResultRow> first = reader.rows(run);
    assertThat(first).isEqualTo(allRows(parts));

    // Nothing changed: no row parsed again.
    List<ResultRow> second = reader.rows(run);
    assertThat(second).hasSize(30);
    for (int i = 0; i < 30; i++) {
      assertThat(second.get(i)).isSameAs(first.get(i));
    }

    // The last part changed (by anyone): only its rows are parsed again.
    ConfigMap last = parts.getLast();
    k8s.configMaps()
        .inNamespace(ns)
        .withName(last.getMetadata().getName())
        .edit(
            c -> {
              c.getMetadata().getLabels().put("touched", "yes");
              return c;
            });
    int inLast = ResultsCsv.parse(last.getData().get(ResultsStore.CSV_KEY)).size();
    List<ResultRow> third = reader.rows(run);
    assertThat(third).isEqualTo(first);
    for (int i = 0; i < 30; i++) {
      if (i < 30 - inLast) {
        assertThat(third.get(i)).as("row %d, in a closed part", i).isSameAs(first.get(i));
      } else {
        assertThat(third.get(i)).as("row %d, in the changed part", i).isNotSameAs(first.get(i));
      }
    }

    // Its own append is known without reading the parts again; the rows stay those stored.
    reader.append(run, reader.read(run), template.toBuilder().scenarioId("s30").build());
    List<ResultRow> fourth = reader.rows(run);
    assertThat(fourth).hasSize(31);
    assertThat(fourth.getFirst()).isSameAs(first.getFirst());
    assertThat(fourth).isEqualTo(allRows(writer.parts(run)));
  }

  /**
   * The operator reads parts from its informer cache, which lags behind its own writes by the time
   * a watch event takes: a row just appended is never read as missing (the part is read from the
   * API server while the cache holds none of it or an older version), and a part the cache holds as
   * last written is taken from the cache.
   */
  @Test
  void aCacheBehindTheOperatorsOwnWriteIsNotTrusted() {
    String ns = KubeApi.namespace("results-cache");
    BenchmarkRunResource run = OperatorIT.create(ns, "cached", "");
    ResultsStore store = new ResultsStore(k8s);
    ResultRow template = OperatorIT.summaryRow();
    java.util.Map<String, ConfigMap> cache = new java.util.HashMap<>();
    CachedParts cached = (namespace, name) -> cache.get(name);

    // created, not yet in the cache
    store.append(run, store.read(run, cached), template.toBuilder().scenarioId("s0").build());
    assertThat(store.read(run, cached).rows())
        .extracting(ResultRow::scenarioId)
        .containsExactly("s0");

    // the cache catches up; then a second row, the cache left one version behind
    ConfigMap first = k8s.configMaps().inNamespace(ns).withName("cached-results").get();
    cache.put("cached-results", first);
    store.append(run, store.read(run, cached), template.toBuilder().scenarioId("s1").build());
    assertThat(store.read(run, cached).rows())
        .extracting(ResultRow::scenarioId)
        .containsExactly("s0", "s1");

    // A part the cache holds at the version last written is the cache's: its content is what the
    // read returns, with no request (here a doctored copy proves which was used).
    ConfigMap current = k8s.configMaps().inNamespace(ns).withName("cached-results").get();
    ConfigMap doctored = new io.fabric8.kubernetes.api.model.ConfigMapBuilder(current).build();
    doctored
        .getData()
        .put(
            ResultsStore.CSV_KEY,
            ResultsCsv.toCsv(List.of(template.toBuilder().scenarioId("from-cache").build())));
    cache.put("cached-results", doctored);
    assertThat(new ResultsStore(k8s).read(run, cached).rows())
        .extracting(ResultRow::scenarioId)
        .containsExactly("from-cache");
    // (the store that wrote it parsed that version once already: its rows are kept)
    assertThat(store.read(run, cached).rows())
        .extracting(ResultRow::scenarioId)
        .containsExactly("s0", "s1");

    // Ended: what was remembered of its writes goes too; the cache is then taken as it is.
    store.forget(run);
    cache.put("cached-results", first);
    assertThat(store.read(run, cached).rows())
        .extracting(ResultRow::scenarioId)
        .containsExactly("s0");
  }

  private static List<ResultRow> allRows(List<ConfigMap> parts) {
    List<ResultRow> rows = new ArrayList<>();
    parts.forEach(p -> rows.addAll(ResultsCsv.parse(p.getData().get(ResultsStore.CSV_KEY))));
    return rows;
  }
}
