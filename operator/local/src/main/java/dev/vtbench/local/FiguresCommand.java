package dev.vtbench.local;

import dev.vtbench.engine.results.csv.ResultsCsv;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.results.summary.SummaryReport;
import dev.vtbench.local.platform.LocalRun;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code vtbench figures}: the figures the rows make ({@code FigureSet}) and summary.md from CSVs
 * that exist already, above all a cluster run's results ConfigMaps, with the same engine code local
 * runs use.
 */
@Command(
    name = "figures",
    mixinStandardHelpOptions = true,
    description = {
      "Render the figures the rows make (hero.png, bottleneck.png, modes.png, reactive.png) and"
          + " summary.md from matrix.csv files, e.g. a cluster run's results ConfigMaps.",
      "CSV parts are read in the order given and their rows joined; '-' reads standard input,"
          + " where parts may follow one another, each with its header line:",
      "  kubectl get configmap RUN-results -o jsonpath='{.data.matrix\\.csv}' \\",
      "    | hack/vtbench figures - --out results/RUN"
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:rendered",
      "1:the files could not be read or written",
      "2:no rows, or not a vtbench matrix.csv"
    })
final class FiguresCommand implements Callable<Integer> {

  @Parameters(
      paramLabel = "CSV",
      arity = "1..*",
      description = "matrix.csv parts in order, or - for standard input.")
  List<String> inputs;

  @Option(
      names = "--out",
      defaultValue = ".",
      description = "Folder for the figures and summary.md (${DEFAULT-VALUE}).")
  Path out;

  @Option(
      names = "--title",
      description = "Heading of summary.md (default: the name of the --out folder).")
  String title;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws IOException {
    PrintWriter stdout = spec.commandLine().getOut();
    PrintWriter stderr = spec.commandLine().getErr();
    List<ResultRow> rows = new ArrayList<>();
    for (String input : inputs) {
      String what = input.equals("-") ? "standard input" : input;
      String text;
      try {
        text =
            input.equals("-")
                ? new String(System.in.readAllBytes(), StandardCharsets.UTF_8)
                : Files.readString(Path.of(input));
      } catch (NoSuchFileException e) {
        stderr.println("vtbench figures: " + input + ": no such file");
        return 1;
      }
      try {
        rows.addAll(parts(text, what));
      } catch (IllegalArgumentException e) {
        stderr.println(
            "vtbench figures: "
                + what
                + " is not a vtbench matrix.csv ("
                + e.getMessage()
                + "); it must start with the header line ts_iso,thread_mode,hikari_pool,...");
        return 2;
      }
    }
    if (rows.isEmpty()) {
      stderr.println(
          "vtbench figures: no result rows in "
              + String.join(", ", inputs)
              + ": has the run recorded a scenario yet? A results ConfigMap's CSV is read with"
              + " kubectl get configmap <run>-results -o jsonpath='{.data.matrix\\.csv}'");
      return 2;
    }
    Files.createDirectories(out);
    Path abs = out.toAbsolutePath().normalize();
    String heading =
        title != null
            ? title
            : abs.getFileName() == null ? "results" : abs.getFileName().toString();
    Path summary = out.resolve(SummaryReport.FILE_NAME);
    Files.writeString(summary, SummaryReport.of(heading, rows).toMarkdown());
    List<Path> figures = LocalRun.figures(rows, out, stderr::println);
    stdout.println(rows.size() + " rows");
    stdout.println("summary: " + summary);
    figures.forEach(f -> stdout.println("figure:  " + f));
    if (figures.isEmpty()) {
      stdout.println(
          "figures: none (hero.png needs several concurrency levels, bottleneck.png held-mode"
              + " pool sizes, reactive.png reactive rows)");
    }
    return 0;
  }

  /**
   * The rows of CSV text that may hold several parts one after another, each starting with its
   * header line (as {@code <run>-results}, {@code -results-2}, … do when printed in a row).
   */
  static List<ResultRow> parts(String text, String what) {
    List<ResultRow> rows = new ArrayList<>();
    StringBuilder part = new StringBuilder();
    int partNo = 0;
    for (String line : text.split("\n", -1)) {
      if (line.startsWith("ts_iso,") && !part.isEmpty()) {
        rows.addAll(parse(part.toString(), what, ++partNo));
        part.setLength(0);
      }
      if (!line.isEmpty() || !part.isEmpty()) {
        part.append(line).append('\n');
      }
    }
    if (!part.toString().isBlank()) {
      rows.addAll(parse(part.toString(), what, ++partNo));
    }
    return rows;
  }

  private static List<ResultRow> parse(String csv, String what, int partNo) {
    if (!csv.startsWith("ts_iso,")) {
      throw new IllegalArgumentException(
          (partNo > 1 ? "part " + partNo + " " : "")
              + "first line is '"
              + abbreviate(csv.lines().findFirst().orElse(""))
              + "'");
    }
    try {
      return ResultsCsv.parse(csv);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          (partNo > 1 ? "part " + partNo + ": " : "") + e.getMessage(), e);
    }
  }

  private static String abbreviate(String line) {
    return line.length() <= 60 ? line : line.substring(0, 60) + "...";
  }
}
