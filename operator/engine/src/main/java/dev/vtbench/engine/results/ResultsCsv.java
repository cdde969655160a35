package dev.vtbench.engine.results;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.IOException;
import java.io.Reader;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * Reads and writes {@code matrix.csv}: a header line, then one {@link ResultRow} per line.
 *
 * <p><b>Format.</b> Columns are {@link ResultRow#COLUMNS}. Fields are quoted per RFC 4180 only when
 * they contain a comma, a double quote or a line break (quotes doubled inside). Lines end in LF,
 * not RFC 4180's CRLF, because the reference rig's bash harness writes LF and diffs of the two
 * should be clean; the reader accepts both. Numbers use {@link Locale#ROOT} (a dot, no grouping),
 * rounded to a fixed number of decimals per column with trailing zeros dropped. Timestamps are ISO
 * 8601 instants in UTC ({@code 2026-05-10T14:03:22Z}). Absent values are empty fields.
 *
 * <p><b>Reading</b> goes by header name, not position: columns may come in any order, unknown
 * columns are ignored, and any vtbench column the file lacks is left {@code null}. That is what
 * lets a reference-rig CSV with only the 23 reference columns be read and compared. All 23
 * reference columns must be in the header, and the scenario keys and {@code throughput_rps} must
 * have values. Empty, {@code NA}, {@code N/A}, {@code NaN} and {@code null} read as absent.
 *
 * <p><b>Appending</b> ({@link #append(Path, ResultRow)}) is the restart-safe path: earlier rows are
 * never rewritten, a row whose {@code scenario_id} is already in the file is not written twice, and
 * the torn tail of an interrupted append is cut off first. It assumes a single writer.
 */
public final class ResultsCsv {

  private static final DateTimeFormatter TS = DateTimeFormatter.ISO_INSTANT;
  private static final Set<String> ABSENT = Set.of("", "na", "n/a", "nan", "null");

  private record Column(
      String name, Function<ResultRow, String> write, BiConsumer<ResultRow.Builder, String> read) {}

  // One table drives the header, the writer and the reader, so the three cannot drift apart.
  private static final List<Column> SPEC =
      List.of(
          col("ts_iso", r -> TS.format(r.ts()), (b, v) -> b.ts(parseTs(v))),
          col("thread_mode", ResultRow::threadMode, ResultRow.Builder::threadMode),
          col("hikari_pool", r -> Integer.toString(r.hikariPool()), (b, v) -> b.hikariPool(i(v))),
          col("path_mode", ResultRow::pathMode, ResultRow.Builder::pathMode),
          col("conn_mode", ResultRow::connMode, ResultRow.Builder::connMode),
          col("concurrency", r -> Integer.toString(r.concurrency()), (b, v) -> b.concurrency(i(v))),
          col("rep", r -> Integer.toString(r.rep()), (b, v) -> b.rep(i(v))),
          col("throughput_rps", r -> num(r.throughputRps(), 2), (b, v) -> b.throughputRps(d(v))),
          col("p50_ms", r -> num(r.p50Ms(), 3), (b, v) -> b.p50Ms(d(v))),
          col("p95_ms", r -> num(r.p95Ms(), 3), (b, v) -> b.p95Ms(d(v))),
          col("p99_ms", r -> num(r.p99Ms(), 3), (b, v) -> b.p99Ms(d(v))),
          col("p999_ms", r -> num(r.p999Ms(), 3), (b, v) -> b.p999Ms(d(v))),
          col("max_ms", r -> num(r.maxMs(), 3), (b, v) -> b.maxMs(d(v))),
          col("error_rate", r -> num(r.errorRate(), 6), (b, v) -> b.errorRate(d(v))),
          col("http_reqs", r -> str(r.httpReqs()), (b, v) -> b.httpReqs(l(v))),
          col("app_cpu_pct", r -> num(r.appCpuPct(), 1), (b, v) -> b.appCpuPct(d(v))),
          col("pg_cpu_pct", r -> num(r.pgCpuPct(), 1), (b, v) -> b.pgCpuPct(d(v))),
          col("load_cpu_pct", r -> num(r.loadCpuPct(), 1), (b, v) -> b.loadCpuPct(d(v))),
          col(
              "hikari_active_max",
              r -> str(r.hikariActiveMax()),
              (b, v) -> b.hikariActiveMax(i(v))),
          col(
              "hikari_pending_max",
              r -> str(r.hikariPendingMax()),
              (b, v) -> b.hikariPendingMax(i(v))),
          col("jvm_threads_max", r -> str(r.jvmThreadsMax()), (b, v) -> b.jvmThreadsMax(i(v))),
          col("rss_mb_max", r -> num(r.rssMbMax(), 1), (b, v) -> b.rssMbMax(d(v))),
          col("pinned_events", r -> str(r.pinnedEvents()), (b, v) -> b.pinnedEvents(l(v))),
          col("scenario_id", ResultRow::scenarioId, ResultRow.Builder::scenarioId),
          col("workload", ResultRow::workload, ResultRow.Builder::workload),
          col("executor", ResultRow::executor, ResultRow.Builder::executor),
          col("tomcat_threads", r -> str(r.tomcatThreads()), (b, v) -> b.tomcatThreads(i(v))),
          col("stub_delay_ms", r -> num(r.stubDelayMs(), 3), (b, v) -> b.stubDelayMs(d(v))),
          col("sut_cpuset", ResultRow::sutCpuset, ResultRow.Builder::sutCpuset),
          col(
              "littles_law_bound_rps",
              r -> num(r.littlesLawBoundRps(), 1),
              (b, v) -> b.littlesLawBoundRps(d(v))),
          col(
              "littles_law_ratio",
              r -> num(r.littlesLawRatio(), 4),
              (b, v) -> b.littlesLawRatio(d(v))),
          col(
              "generator_saturated",
              r -> str(r.generatorSaturated()),
              (b, v) -> b.generatorSaturated(bool(v))),
          col(
              "bottleneck",
              r -> r.bottleneck() == null ? "" : r.bottleneck().csvName(),
              (b, v) -> b.bottleneck(Bottleneck.fromCsv(v))));

  // the scenario keys and throughput: the leading reference columns, through throughput_rps
  private static final Set<String> REQUIRED_VALUES =
      Set.copyOf(
          ResultRow.REFERENCE_COLUMNS.subList(
              0, ResultRow.REFERENCE_COLUMNS.indexOf("throughput_rps") + 1));

  static {
    List<String> names = SPEC.stream().map(Column::name).toList();
    if (!names.equals(ResultRow.COLUMNS)) {
      throw new ExceptionInInitializerError("CSV spec out of step with ResultRow.COLUMNS");
    }
  }

  private ResultsCsv() {}

  private static Column col(
      String name, Function<ResultRow, String> write, BiConsumer<ResultRow.Builder, String> read) {
    return new Column(name, write, read);
  }

  /** The header line, without a line terminator. */
  public static String header() {
    return String.join(",", ResultRow.COLUMNS);
  }

  /** One row as a CSV line, without a line terminator. */
  public static String format(ResultRow row) {
    StringBuilder sb = new StringBuilder(256);
    for (int c = 0; c < SPEC.size(); c++) {
      if (c > 0) {
        sb.append(',');
      }
      String v = SPEC.get(c).write().apply(row);
      sb.append(quote(v == null ? "" : v));
    }
    return sb.toString();
  }

  /** Header and rows as CSV text, each line ending in LF. */
  public static String toCsv(Collection<ResultRow> rows) {
    StringBuilder sb = new StringBuilder(header()).append('\n');
    for (ResultRow r : rows) {
      sb.append(format(r)).append('\n');
    }
    return sb.toString();
  }

  /** Writes header and rows to {@code out}. */
  public static void write(Appendable out, Collection<ResultRow> rows) throws IOException {
    out.append(toCsv(rows));
  }

  /**
   * Writes a whole file, replacing any existing one. The content goes to a sibling temporary file
   * first and is moved into place, so a crash leaves either the old file or the new one.
   */
  public static void write(Path csv, Collection<ResultRow> rows) throws IOException {
    Path abs = csv.toAbsolutePath();
    Path dir = abs.getParent();
    Files.createDirectories(dir);
    Path tmp = siblingTemp(abs);
    try {
      Files.writeString(tmp, toCsv(rows), UTF_8, StandardOpenOption.CREATE_NEW);
      try {
        Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
      }
    } finally {
      Files.deleteIfExists(tmp);
    }
  }

  /**
   * A fresh name beside {@code target} for write-then-move. Not {@link Files#createTempFile}: that
   * makes the file owner-only (0600), and results are meant to be read by others (umask applies).
   */
  static Path siblingTemp(Path target) {
    return target.resolveSibling(
        "."
            + target.getFileName()
            + "."
            + ProcessHandle.current().pid()
            + "."
            + System.nanoTime()
            + ".tmp");
  }

  /**
   * Appends one row to a file, creating it with a header if it is missing or empty.
   *
   * <p>Bytes already in the file are never rewritten, with one exception: an unterminated last line
   * is the torn remains of an interrupted append, and is cut off before writing. The scenario it
   * belonged to was not recorded as complete, so it runs again and its row comes back whole.
   *
   * @return {@code false}, writing nothing, if a row with the same non-null {@code scenario_id} is
   *     already in the file (a scenario re-run after a restart must not be counted twice)
   * @throws IllegalStateException if the file's header is not vtbench's, e.g. a 23-column reference
   *     CSV: appending 33-column rows to it would corrupt it
   */
  public static boolean append(Path csv, ResultRow row) throws IOException {
    if (csv.getParent() != null) {
      Files.createDirectories(csv.getParent());
    }
    try (FileChannel ch =
        FileChannel.open(
            csv, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
      long size = ch.size();
      if (size > Integer.MAX_VALUE - 16) {
        throw new IOException(csv + " is too large to append to safely");
      }
      ByteBuffer buf = ByteBuffer.allocate((int) size);
      while (buf.hasRemaining()) {
        if (ch.read(buf, buf.position()) < 0) {
          break;
        }
      }
      String text = new String(buf.array(), UTF_8);
      Plan plan = plan(text, row, csv.toString());
      if (plan.duplicate()) {
        return false;
      }
      long keepBytes = text.substring(0, plan.keepChars()).getBytes(UTF_8).length;
      if (keepBytes < size) {
        ch.truncate(keepBytes);
      }
      byte[] add = plan.addition().getBytes(UTF_8);
      ByteBuffer out = ByteBuffer.wrap(add);
      long pos = keepBytes;
      while (out.hasRemaining()) {
        pos += ch.write(out, pos);
      }
      // The row must be durable before the caller records the scenario as complete.
      ch.force(true);
      return true;
    }
  }

  /**
   * {@link #append(Path, ResultRow)} for CSV text held elsewhere (a ConfigMap value): the same
   * rules, returning the new text, or the same text if the row is a duplicate.
   */
  public static String append(String csvText, ResultRow row) {
    String text = csvText == null ? "" : csvText;
    Plan plan = plan(text, row, "CSV text");
    if (plan.duplicate()) {
      return text;
    }
    return text.substring(0, plan.keepChars()) + plan.addition();
  }

  private record Plan(int keepChars, String addition, boolean duplicate) {}

  private static Plan plan(String text, ResultRow row, String what) {
    String line = format(row) + "\n";
    if (text.isEmpty()) {
      return new Plan(0, header() + "\n" + line, false);
    }
    Tokens t = tokenize(text);
    if (t.records().isEmpty()) {
      throw new IllegalStateException(what + " has content but no header");
    }
    List<String> header = normaliseHeader(t.records().getFirst().fields());
    if (!header.equals(ResultRow.COLUMNS)) {
      String hint =
          header.equals(ResultRow.REFERENCE_COLUMNS)
              ? " (it has only the reference rig's 23 columns)"
              : "";
      throw new IllegalStateException(
          what
              + " does not have vtbench's header"
              + hint
              + "; appending would corrupt it. Write vtbench rows to a new file.");
    }
    int keep = t.completeEnd();
    List<Rec> complete = t.records();
    if (keep == 0) {
      // Only a header, cut before its line break: keep it and finish the line.
      return new Plan(text.length(), "\n" + line, false);
    }
    if (t.tornTail()) {
      complete = complete.subList(0, complete.size() - 1);
    }
    if (row.scenarioId() != null) {
      int idx = ResultRow.COLUMNS.indexOf("scenario_id");
      for (Rec r : complete.subList(1, complete.size())) {
        if (idx < r.fields().size() && row.scenarioId().equals(r.fields().get(idx))) {
          return new Plan(keep, "", true);
        }
      }
    }
    return new Plan(keep, line, false);
  }

  /** Reads a CSV file. */
  public static List<ResultRow> read(Path csv) throws IOException {
    return parse(Files.readString(csv, UTF_8), csv.toString());
  }

  /** Reads CSV text from a reader, to its end. */
  public static List<ResultRow> read(Reader in) throws IOException {
    StringBuilder sb = new StringBuilder();
    char[] buf = new char[8192];
    for (int n; (n = in.read(buf)) >= 0; ) {
      sb.append(buf, 0, n);
    }
    return parse(sb.toString());
  }

  /**
   * Parses CSV text.
   *
   * @throws IllegalArgumentException naming the line, for a missing reference column, a missing key
   *     value, a wrong field count or an unparsable value
   */
  public static List<ResultRow> parse(String csvText) {
    return parse(csvText, "CSV");
  }

  private static List<ResultRow> parse(String text, String what) {
    Tokens t = tokenize(text);
    if (t.records().isEmpty()) {
      return List.of();
    }
    if (t.unterminatedQuote()) {
      throw new IllegalArgumentException(what + ": unterminated quoted field at the end");
    }
    List<String> header = normaliseHeader(t.records().getFirst().fields());
    Map<String, Integer> index = new HashMap<>();
    for (int i = 0; i < header.size(); i++) {
      if (index.put(header.get(i), i) != null) {
        throw new IllegalArgumentException(what + ": duplicate column '" + header.get(i) + "'");
      }
    }
    List<String> missing =
        ResultRow.REFERENCE_COLUMNS.stream().filter(c -> !index.containsKey(c)).toList();
    if (!missing.isEmpty()) {
      throw new IllegalArgumentException(what + ": header lacks reference columns " + missing);
    }
    List<ResultRow> rows = new ArrayList<>(t.records().size() - 1);
    for (Rec rec : t.records().subList(1, t.records().size())) {
      if (rec.fields().size() != header.size()) {
        throw new IllegalArgumentException(
            what
                + " line "
                + rec.line()
                + ": "
                + rec.fields().size()
                + " fields, header has "
                + header.size());
      }
      ResultRow.Builder b = ResultRow.builder().pathMode(null).connMode(null);
      for (Column c : SPEC) {
        Integer i = index.get(c.name());
        String v = i == null ? "" : rec.fields().get(i).strip();
        if (ABSENT.contains(v.toLowerCase(Locale.ROOT))) {
          if (REQUIRED_VALUES.contains(c.name())) {
            throw new IllegalArgumentException(
                what + " line " + rec.line() + ": " + c.name() + " has no value");
          }
          continue;
        }
        try {
          c.read().accept(b, v);
        } catch (RuntimeException e) {
          throw new IllegalArgumentException(
              what + " line " + rec.line() + ": bad " + c.name() + " '" + v + "'", e);
        }
      }
      rows.add(b.build());
    }
    return rows;
  }

  private static List<String> normaliseHeader(List<String> fields) {
    return fields.stream().map(f -> f.strip().toLowerCase(Locale.ROOT)).toList();
  }

  // --- tokenizer -------------------------------------------------------------------------------

  private record Rec(List<String> fields, int line) {}

  /**
   * @param completeEnd char offset just past the last line break that ends a record
   * @param tornTail the last record has no line break after it
   */
  private record Tokens(
      List<Rec> records, int completeEnd, boolean tornTail, boolean unterminatedQuote) {}

  private static Tokens tokenize(String text) {
    int start = !text.isEmpty() && text.charAt(0) == '\uFEFF' ? 1 : 0;
    List<Rec> records = new ArrayList<>();
    List<String> fields = new ArrayList<>();
    StringBuilder field = new StringBuilder();
    boolean inQuotes = false;
    boolean fieldStarted = false;
    int line = 1;
    int recordLine = 1;
    int completeEnd = 0;
    int n = text.length();
    for (int i = start; i < n; i++) {
      char ch = text.charAt(i);
      if (inQuotes) {
        if (ch == '"') {
          if (i + 1 < n && text.charAt(i + 1) == '"') {
            field.append('"');
            i++;
          } else {
            inQuotes = false;
          }
        } else {
          if (ch == '\n') {
            line++;
          }
          field.append(ch);
        }
        continue;
      }
      switch (ch) {
        case '"' -> {
          inQuotes = true;
          fieldStarted = true;
        }
        case ',' -> {
          fields.add(field.toString());
          field.setLength(0);
          fieldStarted = true;
        }
        case '\r', '\n' -> {
          if (ch == '\r' && i + 1 < n && text.charAt(i + 1) == '\n') {
            i++;
          }
          boolean blank = fields.isEmpty() && field.isEmpty() && !fieldStarted;
          if (!blank) {
            fields.add(field.toString());
            records.add(new Rec(List.copyOf(fields), recordLine));
          }
          fields.clear();
          field.setLength(0);
          fieldStarted = false;
          completeEnd = i + 1;
          line++;
          recordLine = line;
        }
        default -> {
          field.append(ch);
          fieldStarted = true;
        }
      }
    }
    boolean torn = inQuotes || !fields.isEmpty() || !field.isEmpty() || fieldStarted;
    if (torn) {
      fields.add(field.toString());
      records.add(new Rec(List.copyOf(fields), recordLine));
    }
    return new Tokens(records, completeEnd, torn, inQuotes);
  }

  private static String quote(String v) {
    if (v.indexOf(',') < 0 && v.indexOf('"') < 0 && v.indexOf('\n') < 0 && v.indexOf('\r') < 0) {
      return v;
    }
    return '"' + v.replace("\"", "\"\"") + '"';
  }

  // --- values ----------------------------------------------------------------------------------

  private static String num(Double v, int decimals) {
    if (v == null || v.isNaN() || v.isInfinite()) {
      return "";
    }
    BigDecimal bd = BigDecimal.valueOf(v).setScale(decimals, RoundingMode.HALF_EVEN);
    String s = bd.stripTrailingZeros().toPlainString();
    return s.equals("-0") ? "0" : s;
  }

  private static String str(Object v) {
    return v == null ? "" : v.toString();
  }

  private static double d(String v) {
    return Double.parseDouble(v);
  }

  private static long l(String v) {
    try {
      return Long.parseLong(v);
    } catch (NumberFormatException e) {
      // Some harnesses print counts through a float formatter ("50.0").
      double x = Double.parseDouble(v);
      if (x != Math.rint(x) || Double.isInfinite(x)) {
        throw new NumberFormatException("not a whole number: " + v);
      }
      return (long) x;
    }
  }

  private static int i(String v) {
    return Math.toIntExact(l(v));
  }

  private static Boolean bool(String v) {
    return switch (v.toLowerCase(Locale.ROOT)) {
      case "true", "1", "yes" -> true;
      case "false", "0", "no" -> false;
      default -> throw new IllegalArgumentException("not a boolean: " + v);
    };
  }

  private static Instant parseTs(String v) {
    try {
      return OffsetDateTime.parse(v).toInstant();
    } catch (DateTimeParseException e) {
      try {
        return Instant.parse(v);
      } catch (DateTimeParseException e2) {
        // No offset at all: UTC is the only assumption that does not depend on this machine.
        return LocalDateTime.parse(v).toInstant(ZoneOffset.UTC);
      }
    }
  }
}
