package dev.vtbench.local;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.model.thresholds.MinRatio;
import dev.vtbench.engine.model.thresholds.ThresholdsSpec;
import dev.vtbench.engine.results.csv.ResultsCsv;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.local.platform.LocalFiles;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** vtbench run as a gate: the baseline source checked up front, the verdict as an exit code. */
class GateCliTest {

  @TempDir Path tmp;

  static ResultRow row(String mode, double rps, double p99) {
    return ResultRow.builder()
        .ts(Instant.parse("2026-11-22T00:00:00Z"))
        .threadMode(mode)
        .hikariPool(50)
        .pathMode("normal")
        .connMode("released")
        .concurrency(200)
        .rep(1)
        .throughputRps(rps)
        .p99Ms(p99)
        .errorRate(0.0)
        .scenarioId("r1-" + mode + "-pool50-c200")
        .build();
  }

  /** Runs the CLI, returning the exit code and what it printed on stderr. */
  record Result(int code, String err) {}

  static Result run(String... args) {
    PrintStream old = System.err;
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    try {
      return new Result(Main.execute(args), err.toString(StandardCharsets.UTF_8));
    } finally {
      System.setErr(old);
    }
  }

  Path spec(String thresholds) throws Exception {
    Path f = tmp.resolve("gate.yaml");
    Files.writeString(
        f,
        """
        apiVersion: vtbench.dev/v1alpha1
        kind: BenchmarkRun
        metadata: {name: gate}
        spec:
          matrix: {threadModes: [platform, virtual], hikariPoolSizes: [50], concurrency: [200]}
          thresholds:
        %s
        """
            .formatted(thresholds.indent(4)));
    return f;
  }

  @Test
  void aConfigMapBaselineIsRefusedLocallyBeforeAnythingStarts() throws Exception {
    Result r = run("run", spec("baseline: {configMapRef: {name: last-release}}").toString());
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err())
        .contains(
            "spec.thresholds.baseline: set file to the path of the baseline matrix.csv;"
                + " configMapRef is only for runs in a cluster");
  }

  @Test
  void aMissingBaselineFileIsRefusedBeforeAnythingStarts() throws Exception {
    // read from the spec file's folder, not the working directory
    Path missing = tmp.resolve("nope.csv");
    Result r = run("run", spec("baseline: {file: nope.csv}").toString());
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err())
        .contains("spec.thresholds.baseline.file: cannot read " + missing)
        .contains("NoSuchFileException");
  }

  @Test
  void theBaselineFileIsReadAsAMatrixCsv() throws Exception {
    Path csv = tmp.resolve("base.csv");
    Files.writeString(csv, ResultsCsv.toCsv(List.of(row("platform", 480, 440))));
    BenchmarkRunSpec s =
        dev.vtbench.engine.model.SpecLoader.load(spec("baseline: {file: " + csv + "}")).spec;
    assertThat(Main.Run.baseline(s)).hasSize(1);
  }

  @Test
  void aRelativeBaselineFileIsReadFromTheSpecFilesFolder() throws Exception {
    Files.writeString(
        tmp.resolve("base.csv"), ResultsCsv.toCsv(List.of(row("platform", 480, 440))));
    Path spec = spec("baseline: {file: base.csv}");
    var run = dev.vtbench.engine.model.SpecLoader.load(spec);
    assertThat(Main.Run.baseline(LocalFiles.resolved(run, spec).spec)).hasSize(1);
  }

  @Test
  void missedThresholdsExitWithFourAndListEveryCheck() throws Exception {
    ThresholdsSpec t = new ThresholdsSpec();
    MinRatio ratio = new MinRatio();
    ratio.ratio = 2.0;
    t.minVirtualToPlatformRatio = List.of(ratio);
    t.maxErrorRate = "1%";
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    List<ResultRow> rows = List.of(row("platform", 480.8, 442.9), row("virtual", 766.0, 195.0));
    int code =
        Main.Run.gate(t, rows, List.of(), tmp, new PrintStream(out, true, StandardCharsets.UTF_8));
    assertThat(code).isEqualTo(4);
    String printed = out.toString(StandardCharsets.UTF_8);
    assertThat(printed)
        .contains("1 of 3 threshold checks failed\n")
        .contains(
            "  FAIL  virtual/platform throughput at pool 50, 200 VUs was 1.59 (766.0 req/s ÷ 480.8"
                + " req/s), below 2.00")
        .contains("  pass  error rate at platform, pool 50, 200 VUs was 0.00%, within 1.00%");
    assertThat(Files.readString(tmp.resolve("thresholds.txt")))
        .startsWith("1 of 3 threshold checks failed\n");

    ratio.ratio = 1.5;
    assertThat(Main.Run.gate(t, rows, List.of(), tmp, new PrintStream(new ByteArrayOutputStream())))
        .isZero();
    assertThat(Main.Run.gate(null, rows, List.of(), tmp, System.out)).isZero();
  }
}
