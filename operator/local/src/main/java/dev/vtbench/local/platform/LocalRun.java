package dev.vtbench.local.platform;

import dev.vtbench.engine.model.BenchmarkRun;
import dev.vtbench.engine.model.SpecHash;
import dev.vtbench.engine.results.csv.ResultsCsv;
import dev.vtbench.engine.results.figures.FigureSet;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.results.summary.SummaryReport;
import dev.vtbench.engine.run.BenchmarkRunner;
import dev.vtbench.engine.run.Progress;
import dev.vtbench.engine.run.ResultSink;
import dev.vtbench.local.process.LocalPostgres;
import dev.vtbench.local.process.Machine;
import dev.vtbench.local.process.Os;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One BenchmarkRun on the local platform: results/&lt;run&gt;/ gets the spec, matrix.csv (a row
 * appended as each scenario ends, so an interrupted run resumes), summary.md, the figures and a
 * description of the machine.
 */
public final class LocalRun {

  private LocalRun() {}

  /** The files a run leaves behind. */
  public record Report(
      Path dir, Path csv, Path summary, List<Path> figures, BenchmarkRunner.Outcome outcome) {}

  /**
   * Runs {@code written}, the spec as {@code specFile} holds it: its hash, as written, is the
   * experiment's identity; its files are read from the spec file's folder ({@link LocalFiles}).
   */
  public static Report run(
      BenchmarkRun written,
      Path specFile,
      Path resultsRoot,
      LocalPlatform.Options base,
      boolean fresh,
      boolean sized,
      Progress progress) {
    BenchmarkRun run = LocalFiles.resolved(written, specFile);
    Path dir = resultsRoot.resolve(run.metadata.name);
    Path csv = dir.resolve("matrix.csv");
    // a user's k6 module is part of the experiment: rows measured with another one do not resume
    LocalModule module = LocalModule.of(run.spec);
    String experiment = SpecHash.of(written.spec) + (module == null ? "" : "+" + module.hash());
    ResumeRule.Decision resume = ResumeRule.apply(dir, Machine.fingerprint(), experiment, fresh);
    if (resume.movedTo() != null) {
      progress.message(
          "results: not resuming "
              + dir
              + ": "
              + resume.reason()
              + "; moved it to "
              + resume.movedTo()
              + " and starting over");
    }
    try {
      Files.createDirectories(dir);
      Files.copy(
          specFile, dir.resolve("spec.yaml"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    LocalPlatform.Options options = base.in(dir);
    BenchmarkRunner.Outcome outcome;
    LocalPlatform platform = new LocalPlatform(options, run.spec, progress);
    // Ctrl-C: stop every child before the JVM goes
    Thread cleanup = Thread.ofPlatform().unstarted(platform::close);
    Runtime.getRuntime().addShutdownHook(cleanup);
    try {
      progress.message("machine: " + platform.describe());
      if (module != null) {
        progress.message(
            "k6: each iteration is the default function of "
                + module.file()
                + " (spec.workload.script); its options and handleSummary are ignored: vtbench"
                + " sets the scenarios, thresholds and summary");
      }
      if (run.spec.load.prometheusRemoteWrite != null) {
        progress.message(
            "note: spec.load.prometheusRemoteWrite applies on Kubernetes only; k6 runs without"
                + " it here");
      }
      if (run.spec.load.parallelism > 1) {
        progress.message(
            "note: spec.load.parallelism "
                + run.spec.load.parallelism
                + " applies on Kubernetes only; here one k6 process drives each scenario's whole"
                + " load on the generator's cores (rows say load_runners 1)");
      }
      progress.message(
          sized
              ? "sizing: each JVM's warm-up at the top level measures the load generator's cores;"
                  + " levels it cannot drive under 85 % leave the plan (--levels-as-written keeps"
                  + " them)"
              : "sizing: off (--levels-as-written): every level runs, the generator's included");
      outcome = BenchmarkRunner.run(run, platform, new CsvSink(csv), progress, sized);
      writeMachine(dir.resolve("machine.txt"), platform, base.k6());
    } finally {
      platform.close();
      try {
        Runtime.getRuntime().removeShutdownHook(cleanup);
      } catch (IllegalStateException shuttingDown) {
        // already shutting down: the hook runs anyway
      }
    }
    List<ResultRow> rows = read(csv);
    List<String> facts = new ArrayList<>();
    facts.add(
        String.format(
            Locale.ROOT,
            "Wall-clock %s for %s of measured hold: wall ÷ hold = %.2f (JVM starts, warm-ups"
                + " until steady, ramps and settling are the rest).",
            Progress.formatDuration(outcome.wall()),
            Progress.formatDuration(outcome.held()),
            outcome.wallPerHold()));
    outcome.crossChecks().forEach(c -> facts.add(c.sentence()));
    SummaryReport report = SummaryReport.of(run.metadata.name, rows, facts.toArray(String[]::new));
    Path summary = dir.resolve(SummaryReport.FILE_NAME);
    List<Path> figures = new ArrayList<>();
    try {
      Files.writeString(summary, report.toMarkdown());
      figures.addAll(figures(rows, dir, progress::message));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    progress.message("");
    progress.message(report.table().toText());
    progress.message(report.table().method());
    progress.message(report.spread().sentence());
    for (var axis : report.axes()) {
      if (!axis.isEmpty()) {
        progress.message("");
        progress.message(axis.axis().title() + ":");
        progress.message(axis.toText());
        progress.message(axis.method());
      }
    }
    return new Report(dir, csv, summary, figures, outcome);
  }

  /**
   * The figures the rows make ({@link FigureSet}: hero.png, bottleneck.png, modes.png,
   * reactive.png); a figure that cannot be drawn is reported to {@code log}, not thrown.
   */
  public static List<Path> figures(
      List<ResultRow> rows, Path dir, java.util.function.Consumer<String> log) {
    List<Path> out = new ArrayList<>();
    for (FigureSet.Figure figure : FigureSet.of(rows)) {
      Path png = dir.resolve(figure.fileName());
      try {
        figure.drawing().draw(rows, png);
        out.add(png);
      } catch (IOException | RuntimeException e) {
        log.accept("figures: " + figure.fileName() + " not drawn (" + e.getMessage() + ")");
      }
    }
    return out;
  }

  private static List<ResultRow> read(Path csv) {
    try {
      return Files.exists(csv) ? ResultsCsv.read(csv) : List.of();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void writeMachine(Path file, LocalPlatform platform, Path k6) {
    StringBuilder b = new StringBuilder();
    b.append("cpu: ").append(Machine.cpuModel()).append('\n');
    b.append("cpus: ").append(platform.describe()).append('\n');
    b.append("memory: ").append(Machine.memTotal()).append('\n');
    b.append("kernel: ").append(Os.run(List.of("uname", "-sr"), 10).output()).append('\n');
    b.append("java: ")
        .append(Runtime.version())
        .append(" (")
        .append(System.getProperty("java.vendor"))
        .append(")\n");
    b.append("k6: ").append(Os.run(List.of(k6.toString(), "version"), 20).output()).append('\n');
    b.append("postgresql: ").append(LocalPostgres.binDir()).append('\n');
    try {
      Files.writeString(file, b.toString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** matrix.csv as the sink: rows appended one by one, read back on resume. */
  record CsvSink(Path csv) implements ResultSink {
    @Override
    public List<ResultRow> existing() {
      return read(csv);
    }

    @Override
    public void append(ResultRow row) {
      try {
        ResultsCsv.append(csv, row);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot append to " + csv, e);
      }
    }
  }
}
