package dev.vtbench.local;

import dev.vtbench.engine.results.history.History;
import dev.vtbench.engine.results.history.HistoryFigure;
import dev.vtbench.engine.results.history.HistoryTable;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code vtbench history}: how each cell moved over several runs of one spec ({@link History}),
 * from their results folders or CSVs; a cluster's runs through their results ConfigMaps ({@code
 * hack/cluster-history.sh}).
 */
@Command(
    name = "history",
    mixinStandardHelpOptions = true,
    description = {
      "How each cell moved over several runs of one spec: per cell and run, each thread mode's"
          + " median throughput and p99 with their 95 %% intervals, virtual ÷ platform with its"
          + " interval and verdict, verdict changes marked. Prints the table and writes"
          + " history.md and history.png.",
      "A results folder brings its earlier runs with it: vtbench run moves them aside as"
          + " NAME.previous-TIME/ beside NAME/. Runs are ordered by their first row's time.",
      "  hack/vtbench history results/quickstart",
      "  hack/vtbench history --last 7 nightly/*/matrix.csv --out nightly"
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:written",
      "1:the files could not be read or written",
      "2:no run, or not a vtbench matrix.csv"
    })
final class HistoryCommand implements Callable<Integer> {

  @Parameters(
      paramLabel = "RUN",
      arity = "1..*",
      description =
          "Results folders (each with its NAME.previous-* siblings) or matrix.csv files, one per"
              + " run.")
  List<Path> inputs;

  @Option(
      names = "--last",
      paramLabel = "N",
      description = "Only the newest N runs (default: all).")
  Integer last;

  @Option(
      names = "--out",
      description =
          "Folder for history.md and history.png (default: the first folder given, else .).")
  Path out;

  @Option(names = "--title", description = "Heading (default: the first run's folder name).")
  String title;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws IOException {
    PrintWriter stdout = spec.commandLine().getOut();
    PrintWriter stderr = spec.commandLine().getErr();
    if (last != null && last < 1) {
      stderr.println("vtbench history: --last must be 1 or more, not " + last);
      return 2;
    }
    List<History.Run> runs;
    try {
      runs = RunFolders.runs(inputs, stderr::println);
    } catch (IllegalArgumentException e) {
      stderr.println("vtbench history: " + e.getMessage());
      return 2;
    }
    if (last != null && runs.size() > last) {
      runs = runs.subList(runs.size() - last, runs.size());
    }
    Path folder =
        out != null ? out : Files.isDirectory(inputs.getFirst()) ? inputs.getFirst() : Path.of(".");
    String heading =
        title != null ? title : runs.getFirst().label().replaceAll("\\.previous-.*$", "");
    HistoryTable table = HistoryTable.of(runs);
    stdout.print(table.toText());
    Files.createDirectories(folder);
    Path md = folder.resolve("history.md");
    Files.writeString(md, table.toMarkdown(heading));
    stdout.println("history: " + md);
    try {
      Path png = folder.resolve(HistoryFigure.FILE_NAME);
      HistoryFigure.draw(table, heading, png);
      stdout.println("figure:  " + png);
    } catch (IllegalArgumentException e) {
      stdout.println("figure:  none (" + e.getMessage() + ")");
    }
    return 0;
  }
}
