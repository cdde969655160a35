package dev.vtbench.local;

import dev.vtbench.engine.gate.Gate;
import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.model.rules.SpecRules;
import dev.vtbench.engine.model.thresholds.ThresholdsSpec;
import dev.vtbench.engine.results.csv.ResultsCsv;
import dev.vtbench.engine.results.history.History;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.local.init.InitCommand;
import dev.vtbench.local.platform.LocalFiles;
import dev.vtbench.local.platform.LocalModule;
import dev.vtbench.local.platform.LocalPlatform;
import dev.vtbench.local.platform.LocalRun;
import dev.vtbench.local.platform.LocalSecrets;
import dev.vtbench.local.platform.WrkLoad;
import dev.vtbench.local.process.LocalPostgres;
import dev.vtbench.local.process.Os;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The {@code vtbench} command line for the local platform. */
@Command(
    name = "vtbench",
    mixinStandardHelpOptions = true,
    versionProvider = Installation.Version.class,
    description = "Measures what virtual threads change for a blocking Spring Boot service.",
    subcommands = {
      InitCommand.class,
      Main.Run.class,
      UpCommand.class,
      DownCommand.class,
      FiguresCommand.class,
      HistoryCommand.class,
      RerenderCommand.class
    })
public final class Main implements Runnable {

  @Override
  public void run() {
    CommandLine.usage(this, System.out);
  }

  public static void main(String[] args) {
    System.exit(execute(args));
  }

  static int execute(String... args) {
    return cli().execute(args);
  }

  /** The command line with its error handling; tests point its out and err elsewhere. */
  static CommandLine cli() {
    CommandLine cli = new CommandLine(new Main());
    cli.setExecutionExceptionHandler(
        (e, cmd, parsed) -> {
          cmd.getErr().println("vtbench: " + e.getMessage());
          return 1;
        });
    return cli;
  }

  /**
   * Where the jars and the cache are: shared by the commands that start processes. vtbench's own
   * jars default to where it is installed ({@link Installation}), whatever the working directory.
   */
  static final class Local {
    @Option(
        names = "--sut-jar",
        description = "SUT jar (default: " + Installation.SUT_JAR + " where vtbench is installed).")
    Path sutJar;

    @Option(
        names = "--reactive-sut-jar",
        description =
            "Reactive SUT jar, for the thread mode reactive (default: "
                + Installation.REACTIVE_SUT_JAR
                + " where vtbench is installed).")
    Path reactiveSutJar;

    @Option(
        names = "--stub-jar",
        description =
            "Stub jar (default: " + Installation.STUB_JAR + " where vtbench is installed).")
    Path stubJar;

    Path sutJar() {
      return (sutJar != null ? sutJar : Installation.find().sutJar()).toAbsolutePath();
    }

    Path reactiveSutJar() {
      return (reactiveSutJar != null ? reactiveSutJar : Installation.find().reactiveSutJar())
          .toAbsolutePath();
    }

    Path stubJar() {
      return (stubJar != null ? stubJar : Installation.find().stubJar()).toAbsolutePath();
    }

    @Option(
        names = "--cache-dir",
        description = "Cache for the database and logs (default ~/.cache/vtbench).")
    Path cacheDir = Os.DEFAULT_CACHE;
  }

  @Command(
      name = "run",
      mixinStandardHelpOptions = true,
      description = {
        "Run a BenchmarkRun YAML locally with real processes: PostgreSQL, the stub, the SUT and k6.",
        "Writes <results>/<name>/matrix.csv, summary.md, figures, the spec and machine.txt.",
        "An interrupted run resumes where it stopped, on the same machine for the same spec;",
        "other rows there (or all, with --fresh) are moved to <name>.previous-<time>/, never deleted.",
        "With spec.thresholds, checks them once every scenario is recorded (exit code 4 if missed)."
      },
      exitCodeListHeading = "%nExit codes:%n",
      exitCodeList = {
        "0:the run finished",
        "1:the run failed",
        "2:the spec is invalid (or its baseline file, or its database Secret's folder, is missing"
            + " or unreadable)",
        "3:a tool is missing (k6, PostgreSQL, JDK 25; wrk with --crosscheck)",
        "4:every scenario was recorded, but spec.thresholds were not met (see thresholds.txt)"
      })
  static final class Run implements Callable<Integer> {

    @CommandLine.Parameters(paramLabel = "SPEC", description = "BenchmarkRun YAML file.")
    Path spec;

    @Option(
        names = "--results",
        defaultValue = "results",
        description = "Results folder (${DEFAULT-VALUE}).")
    Path results;

    @Option(names = "--reseed", description = "Rebuild the database even if already seeded.")
    boolean reseed;

    @Option(
        names = "--fresh",
        description = "Start over: move this run's earlier results aside instead of resuming.")
    boolean fresh;

    @Option(
        names = "--k6",
        description = "k6 binary (default: k6 on PATH, else ~/.cache/vtbench/bin/k6).")
    Path k6;

    @Option(
        names = "--secrets",
        defaultValue = "secrets",
        paramLabel = "DIR",
        description =
            "Folder of Secrets: spec.database.external.secret NAME is DIR/NAME/ holding the files"
                + " url, username and password, as for kubectl create secret generic NAME"
                + " --from-file=DIR/NAME/ (${DEFAULT-VALUE}, relative to the working directory).")
    Path secrets;

    @Option(
        names = "--crosscheck",
        description =
            "After the first repetition of each of the matrix's two highest levels, load the warm"
                + " SUT the same way with wrk on k6's cores and report k6 ÷ wrk (summary.md).")
    boolean crosscheck;

    @Option(
        names = "--levels-as-written",
        description =
            "Run every concurrency level of the spec. By default each JVM's warm-up at the top"
                + " level measures what the load generator's cores can drive, and levels beyond it"
                + " (rows the generator, not the SUT, would limit) leave the plan, with a line"
                + " saying so.")
    boolean levelsAsWritten;

    @Option(
        names = "--wrk",
        paramLabel = "PATH",
        description = "wrk binary for --crosscheck (default: wrk on PATH).")
    Path wrk;

    @CommandLine.Mixin Local local = new Local();

    @Override
    public Integer call() throws Exception {
      dev.vtbench.engine.model.BenchmarkRun run;
      try {
        run = dev.vtbench.engine.model.SpecLoader.load(spec);
      } catch (dev.vtbench.engine.model.SpecLoader.InvalidSpecException e) {
        System.err.println("vtbench: " + e.getMessage());
        return 2;
      }
      // the spec's files are read from its own folder: the checks and reads below see them there
      dev.vtbench.engine.model.BenchmarkRun resolved = LocalFiles.resolved(run, spec);
      List<ResultRow> baseline;
      try {
        baseline = baseline(resolved.spec);
      } catch (IllegalArgumentException e) {
        System.err.println("vtbench: " + spec + ": " + e.getMessage());
        return 2;
      }
      // the user's database Secret: checked before anything starts, its values never read
      List<String> secretProblems = LocalSecrets.problems(run.spec, secrets);
      if (!secretProblems.isEmpty()) {
        secretProblems.forEach(p -> System.err.println("vtbench: " + p));
        return 2;
      }
      Path k6Binary = k6 != null ? k6 : findK6();
      List<String> missing = new java.util.ArrayList<>();
      if (k6Binary == null || !java.nio.file.Files.isExecutable(k6Binary)) {
        missing.add(
            "k6 not found: "
                + Installation.find().make("k6")
                + " (builds it into ~/.cache/vtbench/bin), or pass --k6");
      }
      try {
        LocalPostgres.binDir();
      } catch (IllegalStateException e) {
        missing.add(e.getMessage());
      }
      Path wrkBinary = wrk != null ? wrk : WrkLoad.onPath();
      if (crosscheck && (wrkBinary == null || !java.nio.file.Files.isExecutable(wrkBinary))) {
        missing.add(
            "wrk not found for --crosscheck: run 'bash hack/install-deps.sh' (Debian's wrk) or"
                + " pass --wrk");
      }
      if (Runtime.version().feature() < 25) {
        missing.add(
            "JDK 25 needed, this is " + Runtime.version() + ": set JAVA_HOME to Temurin 25");
      }
      // a user's own service runs instead of vtbench's SUT: its jar, not the SUT's, must be there
      List<Path> jars =
          new java.util.ArrayList<>(
              run.spec.sut.service == null
                  ? List.of(local.sutJar(), local.stubJar())
                  : List.of(local.stubJar()));
      if (run.spec.matrix.threadModes.contains(SpecRules.REACTIVE)) {
        jars.add(local.reactiveSutJar());
      }
      for (Path jar : jars) {
        if (!java.nio.file.Files.isRegularFile(jar)) {
          missing.add(jar + " not found: " + Installation.find().buildHint());
        }
      }
      // the service's jars, module and SQL; the module's content only once it can be read
      List<String> files = LocalFiles.problems(run.spec, spec);
      missing.addAll(files);
      try {
        if (files.isEmpty()) {
          LocalModule.of(resolved.spec);
        }
      } catch (IllegalArgumentException e) {
        missing.add(e.getMessage());
      }
      if (!missing.isEmpty()) {
        missing.forEach(m -> System.err.println("vtbench: " + m));
        return 3;
      }
      Path dir = results.resolve(run.metadata.name);
      var progress = dev.vtbench.engine.run.Progress.printingTo(System.out);
      LocalRun.Report report =
          LocalRun.run(
              run,
              spec,
              results,
              new LocalPlatform.Options(
                  local.cacheDir,
                  dir,
                  local.sutJar(),
                  local.reactiveSutJar(),
                  local.stubJar(),
                  k6Binary,
                  reseed,
                  secrets.toAbsolutePath(),
                  crosscheck ? wrkBinary.toAbsolutePath() : null),
              fresh,
              !levelsAsWritten,
              progress);
      System.out.println();
      System.out.println("CSV:     " + report.csv());
      System.out.println("summary: " + report.summary());
      report.figures().forEach(f -> System.out.println("figure:  " + f));
      var rows = ResultsCsv.read(report.csv());
      if (!rows.isEmpty()) {
        System.out.println("answer:  " + dev.vtbench.engine.results.summary.Headline.of(rows));
        dev.vtbench.engine.results.summary.NextStep.of(rows)
            .ifPresent(h -> System.out.println("next:    " + h));
        dev.vtbench.engine.results.summary.Headline.noVerdictHint(rows)
            .ifPresent(
                h ->
                    System.out.println(
                        "next:    "
                            + h
                            + " ("
                            + rerun(spec, System.getenv(Installation.HOME_ENV))
                            + ")"));
      }
      return gate(run.spec.thresholds, rows, baseline, dir, System.out);
    }

    /** How to run {@code spec} again as this run started: the vtbench command, else make. */
    static String rerun(Path spec, String installedHome) {
      return installedHome != null && !installedHome.isBlank()
          ? "vtbench run " + spec
          : "make run SPEC=" + spec;
    }

    /**
     * spec.thresholds.baseline.lastRuns: the median of the last {@code n} runs in results folder
     * {@code folder} ({@link RunFolders}), cell by cell ({@link History#baseline}).
     *
     * @throws IllegalArgumentException naming the field when the folder holds no run
     */
    static List<ResultRow> lastRunsBaseline(Path folder, int n) {
      if (!Files.isDirectory(folder)) {
        throw new IllegalArgumentException(
            "spec.thresholds.baseline.file: with lastRuns, file names a results folder (e.g."
                + " results/<run>, whose earlier runs are beside it as <run>.previous-*), and "
                + folder.toAbsolutePath()
                + " is not a folder");
      }
      try {
        List<History.Run> runs = RunFolders.runs(List.of(folder), note -> {});
        return History.baseline(runs, n);
      } catch (IllegalArgumentException | IOException e) {
        throw new IllegalArgumentException("spec.thresholds.baseline.file: " + e.getMessage(), e);
      }
    }

    /**
     * The baseline CSV's rows, read before anything runs so a wrong path costs nothing; empty
     * without a baseline.
     *
     * @throws IllegalArgumentException naming the field and the file
     */
    static List<ResultRow> baseline(BenchmarkRunSpec spec) {
      if (spec.thresholds == null || spec.thresholds.baseline == null) {
        return List.of();
      }
      Path file = Path.of(spec.thresholds.baseline.file);
      Integer lastRuns = spec.thresholds.baseline.lastRuns;
      if (lastRuns != null) {
        return lastRunsBaseline(file, lastRuns);
      }
      String csv;
      try {
        csv = Files.readString(file);
      } catch (IOException e) {
        throw new IllegalArgumentException(
            "spec.thresholds.baseline.file: cannot read "
                + file.toAbsolutePath()
                + " ("
                + e.getClass().getSimpleName()
                + "): give the matrix.csv of an earlier run, e.g. results/<run>/matrix.csv",
            e);
      }
      return Gate.parseBaseline("spec.thresholds.baseline.file " + file, csv);
    }

    /**
     * Checks the recorded rows against {@code thresholds}, prints every check and writes them to
     * {@code dir}/thresholds.txt; 0 when met (or none are set), 4 when not.
     */
    static int gate(
        ThresholdsSpec thresholds,
        List<ResultRow> rows,
        List<ResultRow> baseline,
        Path dir,
        PrintStream out)
        throws IOException {
      if (thresholds == null) {
        return 0;
      }
      Gate.Verdict verdict = Gate.evaluate(thresholds, rows, baseline);
      String report = verdict.report();
      Path file = dir.resolve("thresholds.txt");
      Files.writeString(file, report);
      out.println();
      out.print(report);
      out.println("checks:  " + file);
      return verdict.met() ? 0 : 4;
    }

    static Path findK6() {
      Path onPath = Os.onPath("k6");
      if (onPath != null) {
        return onPath;
      }
      Path cached = Os.DEFAULT_CACHE.resolve("bin").resolve("k6");
      return java.nio.file.Files.isExecutable(cached) ? cached : null;
    }
  }
}
