package dev.vtbench.operator.results;

import dev.vtbench.engine.results.Figures;
import dev.vtbench.engine.results.ResultRow;
import dev.vtbench.engine.results.SummaryReport;
import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.resources.ResourceNames;
import dev.vtbench.operator.resources.ResultsTier;
import io.fabric8.kubernetes.api.model.ConfigMap;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code <run>-figures} ConfigMap: the figures and summary.md, rendered by the engine (the same
 * as local mode's), PNGs in binaryData, the summary as Markdown headed by the run's name. A figure
 * the rows cannot make (one thread mode only, say), or one that would not fit, is left out.
 */
public final class FiguresConfigMap {

  /** Room for the PNGs under the 1 MiB object limit. */
  static final int LIMIT = 900 * 1024;

  private FiguresConfigMap() {}

  public static ConfigMap of(BenchmarkRunResource run, List<ResultRow> rows) {
    Map<String, String> data = new LinkedHashMap<>();
    String summary = SummaryReport.of(run.getMetadata().getName(), rows).toMarkdown();
    data.put(SummaryReport.FILE_NAME, summary);
    ConfigMap cm = ResultsTier.configMap(run, ResourceNames.figures(run), data);
    Map<String, String> binary = new LinkedHashMap<>();
    int size = summary.length();
    size += png("hero.png", rows, true, binary, LIMIT - size);
    png("bottleneck.png", rows, false, binary, LIMIT - size);
    cm.setBinaryData(binary);
    return cm;
  }

  private static int png(
      String name, List<ResultRow> rows, boolean hero, Map<String, String> out, int room) {
    try {
      Path tmp = Files.createTempFile("vtbench-", ".png");
      try {
        if (hero) {
          Figures.hero(rows, tmp);
        } else {
          Figures.bottleneck(rows, tmp);
        }
        String b64 = Base64.getEncoder().encodeToString(Files.readAllBytes(tmp));
        if (b64.length() > room) {
          return 0;
        }
        out.put(name, b64);
        return b64.length();
      } finally {
        Files.deleteIfExists(tmp);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (RuntimeException e) {
      // Not every matrix makes every figure.
      return 0;
    }
  }
}
