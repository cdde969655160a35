package dev.vtbench.local.platform;

import dev.vtbench.engine.results.csv.ResultsCsv;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Properties;

/**
 * Whether a run may resume the rows already in its folder: only rows this machine recorded for this
 * exact spec, with today's columns. The folder's {@value #FILE} says which machine, which spec and
 * which CSV header wrote them; any other folder (another machine's, another spec's, an earlier
 * vtbench's columns, one from before this rule, or --fresh) is moved aside, never deleted, and the
 * run starts over.
 */
final class ResumeRule {

  static final String FILE = "resume.properties";

  /**
   * Names today's CSV header: a row appended under another header would corrupt the file, and
   * {@code ResultsCsv.append} refuses it mid-run, so such a folder is not resumed at all.
   */
  static final String COLUMNS = Integer.toHexString(ResultsCsv.header().hashCode());

  private ResumeRule() {}

  /** What the rule did, for the person watching. */
  record Decision(boolean resume, Path movedTo, String reason) {}

  /**
   * Applies the rule to {@code dir} before a run of the spec with {@code specHash} on the machine
   * {@code machine}, and leaves {@value #FILE} describing this run in {@code dir}.
   */
  static Decision apply(Path dir, String machine, String specHash, boolean fresh) {
    try {
      Decision d = decide(dir, machine, specHash, fresh);
      Files.createDirectories(dir);
      Properties p = new Properties();
      p.setProperty("machine", machine);
      p.setProperty("spec", specHash);
      p.setProperty("columns", COLUMNS);
      try (var out = Files.newBufferedWriter(dir.resolve(FILE))) {
        p.store(out, "vtbench: rows here resume only on this machine for this spec");
      }
      return d;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Decision decide(Path dir, String machine, String specHash, boolean fresh)
      throws IOException {
    if (!Files.exists(dir.resolve("matrix.csv"))) {
      return new Decision(false, null, null);
    }
    String why;
    Properties p = read(dir.resolve(FILE));
    if (fresh) {
      why = "--fresh";
    } else if (p == null) {
      why = "its rows carry no machine or spec identity (" + FILE + " is missing)";
    } else if (!machine.equals(p.getProperty("machine"))) {
      why = "its rows were recorded on another machine";
    } else if (!specHash.equals(p.getProperty("spec"))) {
      why = "its rows were recorded for another version of the spec or its k6 module";
    } else if (!COLUMNS.equals(p.getProperty("columns"))) {
      why = "its rows have another version of vtbench's columns";
    } else {
      return new Decision(true, null, null);
    }
    Path aside = aside(dir);
    Files.move(dir, aside);
    return new Decision(false, aside, why);
  }

  private static Path aside(Path dir) {
    String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
    Path aside = dir.resolveSibling(dir.getFileName() + ".previous-" + stamp);
    for (int i = 2; Files.exists(aside); i++) {
      aside = dir.resolveSibling(dir.getFileName() + ".previous-" + stamp + "-" + i);
    }
    return aside;
  }

  private static Properties read(Path file) throws IOException {
    if (!Files.exists(file)) {
      return null;
    }
    Properties p = new Properties();
    try (var in = Files.newBufferedReader(file)) {
      p.load(in);
    }
    return p;
  }
}
