package dev.vtbench.engine.results.csv;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.vtbench.engine.results.derived.Rederive;
import dev.vtbench.engine.results.row.Column;
import dev.vtbench.engine.results.row.Columns;
import dev.vtbench.engine.results.row.CsvValues;
import dev.vtbench.engine.results.row.ResultRow;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads and writes {@code matrix.csv}: a header line, then one {@link ResultRow} per line.
 *
 * <p><b>Format.</b> Columns are {@link ResultRow}'s components in order, named and rounded by their
 * {@link Column} annotations ({@link ResultRow#COLUMNS}). Fields are quoted per RFC 4180 only when
 * they contain a comma, a double quote or a line break (quotes doubled inside). Lines end in LF,
 * not RFC 4180's CRLF, because the reference rig's bash harness writes LF and diffs of the two
 * should be clean; the reader accepts both. Numbers use {@link Locale#ROOT} (a dot, no grouping),
 * rounded to the column's decimals with trailing zeros dropped. Timestamps are ISO 8601 instants in
 * UTC ({@code 2026-05-10T14:03:22Z}). Absent values are empty fields.
 *
 * <p><b>Reading</b> goes by header name, not position: columns may come in any order, unknown
 * columns are ignored, and any vtbench column the file lacks is left {@code null}. That is what
 * lets a reference-rig CSV with only the 23 reference columns be read and compared. All 23
 * reference columns must be in the header, and the scenario keys and {@code throughput_rps} must
 * have values. Empty, {@code NA}, {@code N/A}, {@code NaN} and {@code null} read as absent.
 *
 * <p><b>Judgments are derived on read.</b> {@link #read} and {@link #parse} give every row its
 * judgments ({@code bottleneck}, {@code generator_saturated}, …) as today's rules derive them from
 * its measured columns ({@link Rederive}); {@link #readAsStored} and {@link #parseAsStored} give
 * the file as written.
 *
 * <p><b>Appending</b> ({@link #append(Path, ResultRow)}) is the restart-safe path: earlier rows are
 * never rewritten, a row whose {@code scenario_id} is already in the file is not written twice, and
 * the torn tail of an interrupted append is cut off first. It assumes a single writer.
 */
public final class ResultsCsv {

  private ResultsCsv() {}

  /** The header line, without a line terminator. */
  public static String header() {
    return String.join(",", ResultRow.COLUMNS);
  }

  /** One row as a CSV line, without a line terminator. */
  public static String format(ResultRow row) {
    StringBuilder sb = new StringBuilder(256);
    for (Columns.Entry c : Columns.ALL) {
      if (c.index() > 0) {
        sb.append(',');
      }
      sb.append(CsvText.quote(c.format(row)));
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
  public static Path siblingTemp(Path target) {
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
   *     CSV: appending vtbench rows to it would corrupt it
   */
  public static boolean append(Path csv, ResultRow row) throws IOException {
    return CsvAppend.append(csv, row);
  }

  /**
   * {@link #append(Path, ResultRow)} for CSV text held elsewhere (a ConfigMap value): the same
   * rules, returning the new text, or the same text if the row is a duplicate.
   */
  public static String append(String csvText, ResultRow row) {
    return CsvAppend.append(csvText, row);
  }

  /** Reads a CSV file, its judgments derived by today's rules ({@link Rederive}). */
  public static List<ResultRow> read(Path csv) throws IOException {
    return Rederive.rows(readAsStored(csv));
  }

  /** Reads a CSV file as written, its judgments as they were derived when it was measured. */
  public static List<ResultRow> readAsStored(Path csv) throws IOException {
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
   * Parses CSV text as written, its judgments as they were derived when it was measured.
   *
   * @throws IllegalArgumentException as {@link #parse(String)}
   */
  public static List<ResultRow> parseAsStored(String csvText) {
    return parse(csvText, "CSV");
  }

  /**
   * Parses CSV text, its judgments derived by today's rules ({@link Rederive}).
   *
   * @throws IllegalArgumentException naming the line, for a missing reference column, a missing key
   *     value, a wrong field count or an unparsable value
   */
  public static List<ResultRow> parse(String csvText) {
    return Rederive.rows(parse(csvText, "CSV"));
  }

  private static List<ResultRow> parse(String text, String what) {
    CsvText.Tokens t = CsvText.tokenize(text);
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
    for (CsvText.Rec rec : t.records().subList(1, t.records().size())) {
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
      rows.add(row(rec, index, what));
    }
    return rows;
  }

  static List<String> normaliseHeader(List<String> fields) {
    return fields.stream().map(f -> f.strip().toLowerCase(Locale.ROOT)).toList();
  }

  private static ResultRow row(CsvText.Rec rec, Map<String, Integer> index, String what) {
    Object[] values = new Object[Columns.ALL.size()];
    for (Columns.Entry c : Columns.ALL) {
      Integer i = index.get(c.name());
      String v = i == null ? "" : rec.fields().get(i).strip();
      if (CsvValues.isAbsent(v)) {
        if (c.part() == Column.Part.KEY) {
          throw new IllegalArgumentException(
              what + " line " + rec.line() + ": " + c.name() + " has no value");
        }
        continue;
      }
      try {
        values[c.index()] = c.parse(v);
      } catch (RuntimeException e) {
        throw new IllegalArgumentException(
            what + " line " + rec.line() + ": bad " + c.name() + " '" + v + "'", e);
      }
    }
    return Columns.construct(values);
  }
}
