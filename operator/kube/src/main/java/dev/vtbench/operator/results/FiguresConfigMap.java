package dev.vtbench.operator.results;

import dev.vtbench.engine.results.figures.FigureSet;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.results.summary.SummaryReport;
import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.resources.ResourceNames;
import dev.vtbench.operator.resources.ResultsTier;
import io.fabric8.kubernetes.api.model.ConfigMap;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code <run>-figures} ConfigMap: the figures and summary.md, rendered by the engine (the same
 * as local mode's), PNGs in binaryData, the summary as Markdown headed by the run's name. The
 * figures are those the rows make ({@link FigureSet}, as locally); one that cannot be drawn, or
 * would not fit, is left out.
 */
public final class FiguresConfigMap {

  /** Room for the PNGs under the 1 MiB object limit. */
  static final int LIMIT = 900 * 1024;

  /**
   * Bytes of summary.md at most: a run of thousands of cells would otherwise crowd the figures out
   * (or past the limit); the whole table is in the CSV and {@code vtbench figures} renders it.
   */
  static final int SUMMARY_LIMIT = 256 * 1024;

  private FiguresConfigMap() {}

  public static ConfigMap of(BenchmarkRunResource run, List<ResultRow> rows) {
    Map<String, String> data = new LinkedHashMap<>();
    String summary = capped(SummaryReport.of(run.getMetadata().getName(), rows).toMarkdown());
    data.put(SummaryReport.FILE_NAME, summary);
    ConfigMap cm = ResultsTier.configMap(run, ResourceNames.figures(run), data);
    Map<String, String> binary = new LinkedHashMap<>();
    int size = summary.getBytes(StandardCharsets.UTF_8).length;
    for (FigureSet.Figure figure : FigureSet.of(rows)) {
      size += png(figure, rows, binary, LIMIT - size);
    }
    cm.setBinaryData(binary);
    return cm;
  }

  /** The summary cut at a line under {@link #SUMMARY_LIMIT}, with a last line that says so. */
  static String capped(String summary) {
    if (summary.getBytes(StandardCharsets.UTF_8).length <= SUMMARY_LIMIT) {
      return summary;
    }
    List<String> lines = summary.lines().toList();
    StringBuilder kept = new StringBuilder();
    int room = SUMMARY_LIMIT - 200; // the note
    int shown = 0;
    for (String line : lines) {
      int bytes = line.getBytes(StandardCharsets.UTF_8).length + 1;
      if (bytes > room) {
        break;
      }
      kept.append(line).append('\n');
      room -= bytes;
      shown++;
    }
    return kept.append("\n… ")
        .append(lines.size() - shown)
        .append(" more lines left out to fit the ConfigMap; the CSV has every row (vtbench figures")
        .append(" renders the whole summary from it).\n")
        .toString();
  }

  private static int png(
      FigureSet.Figure figure, List<ResultRow> rows, Map<String, String> out, int room) {
    try {
      Path tmp = Files.createTempFile("vtbench-", ".png");
      try {
        figure.drawing().draw(rows, tmp);
        String b64 = Base64.getEncoder().encodeToString(Files.readAllBytes(tmp));
        if (b64.length() > room) {
          return 0;
        }
        out.put(figure.fileName(), b64);
        return b64.length();
      } finally {
        Files.deleteIfExists(tmp);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (RuntimeException e) {
      // The rows make this figure in principle, but not drawably (all unsteady, say).
      return 0;
    }
  }
}
