package dev.vtbench.local;

import dev.vtbench.engine.results.history.History;
import dev.vtbench.engine.results.row.ResultRow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * A spec's runs as {@code vtbench run} leaves them on disk: the newest in {@code results/<name>/},
 * each earlier one moved aside as {@code <name>.previous-<time>/}. What {@code vtbench history} and
 * the gate's last-N baseline ({@code spec.thresholds.baseline.lastRuns}) read.
 */
final class RunFolders {

  private RunFolders() {}

  /**
   * The runs named, oldest first (by their first row's time): a CSV file is one run; a folder is
   * its matrix.csv and those of its {@code .previous-*} siblings. A CSV without rows is left out,
   * saying so to {@code note}.
   *
   * @throws IllegalArgumentException naming what is neither, holds no run, or is not a vtbench
   *     matrix.csv
   */
  static List<History.Run> runs(List<Path> inputs, Consumer<String> note) throws IOException {
    List<History.Run> runs = new ArrayList<>();
    for (Path csv : csvs(inputs)) {
      List<ResultRow> rows;
      try {
        rows = FiguresCommand.parts(Files.readString(csv), csv.toString());
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            csv + " is not a vtbench matrix.csv (" + e.getMessage() + ")", e);
      }
      if (rows.isEmpty()) {
        note.accept(csv + " holds no rows; left out");
        continue;
      }
      runs.add(new History.Run(label(csv), rows));
    }
    if (runs.isEmpty()) {
      throw new IllegalArgumentException("no run with rows in " + inputs);
    }
    runs.sort(Comparator.comparing(History.Run::started).thenComparing(History.Run::label));
    return runs;
  }

  /**
   * The CSV of each run named: a file as it is; a folder's matrix.csv, then those of its {@code
   * .previous-*} siblings.
   *
   * @throws IllegalArgumentException naming what is neither
   */
  private static List<Path> csvs(List<Path> inputs) throws IOException {
    Set<Path> out = new LinkedHashSet<>();
    for (Path in : inputs) {
      if (Files.isRegularFile(in)) {
        out.add(in.toAbsolutePath().normalize());
        continue;
      }
      if (!Files.isDirectory(in)) {
        throw new IllegalArgumentException(in + ": no such file or folder");
      }
      Path dir = in.toAbsolutePath().normalize();
      List<Path> found = new ArrayList<>();
      if (Files.isRegularFile(dir.resolve("matrix.csv"))) {
        found.add(dir.resolve("matrix.csv"));
      }
      Path parent = dir.getParent();
      if (parent != null) {
        String prefix = dir.getFileName() + ".previous-";
        try (Stream<Path> siblings = Files.list(parent)) {
          siblings
              .filter(p -> p.getFileName().toString().startsWith(prefix))
              .map(p -> p.resolve("matrix.csv"))
              .filter(Files::isRegularFile)
              .sorted()
              .forEach(found::add);
        }
      }
      if (found.isEmpty()) {
        throw new IllegalArgumentException(
            in + " holds no matrix.csv (nor do " + dir.getFileName() + ".previous-* beside it)");
      }
      out.addAll(found);
    }
    return List.copyOf(out);
  }

  /** A run's name: its folder's name, or the file's for a CSV outside a results folder. */
  private static String label(Path csv) {
    Path name = csv.getFileName();
    Path parent = csv.getParent();
    return name.toString().equals("matrix.csv") && parent != null && parent.getFileName() != null
        ? parent.getFileName().toString()
        : name.toString();
  }
}
