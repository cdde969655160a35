package dev.vtbench.engine.results.csv;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.vtbench.engine.results.row.ResultRow;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * The restart-safe append behind {@link ResultsCsv#append}: earlier rows are never rewritten, a
 * scenario already in the file is not written twice, and the torn tail of an interrupted append is
 * cut off first. It assumes a single writer.
 */
final class CsvAppend {

  private CsvAppend() {}

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
  static boolean append(Path csv, ResultRow row) throws IOException {
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
   * {@link ResultsCsv#append(Path, ResultRow)} for CSV text held elsewhere (a ConfigMap value): the
   * same rules, returning the new text, or the same text if the row is a duplicate.
   */
  static String append(String csvText, ResultRow row) {
    String text = csvText == null ? "" : csvText;
    Plan plan = plan(text, row, "CSV text");
    if (plan.duplicate()) {
      return text;
    }
    return text.substring(0, plan.keepChars()) + plan.addition();
  }

  private record Plan(int keepChars, String addition, boolean duplicate) {}

  private static Plan plan(String text, ResultRow row, String what) {
    String line = ResultsCsv.format(row) + "\n";
    if (text.isEmpty()) {
      return new Plan(0, ResultsCsv.header() + "\n" + line, false);
    }
    CsvText.Tokens t = CsvText.tokenize(text);
    if (t.records().isEmpty()) {
      throw new IllegalStateException(what + " has content but no header");
    }
    List<String> header = ResultsCsv.normaliseHeader(t.records().getFirst().fields());
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
    List<CsvText.Rec> complete = t.records();
    if (keep == 0) {
      // Only a header, cut before its line break: keep it and finish the line.
      return new Plan(text.length(), "\n" + line, false);
    }
    if (t.tornTail()) {
      complete = complete.subList(0, complete.size() - 1);
    }
    if (row.scenarioId() != null) {
      int idx = ResultRow.COLUMNS.indexOf("scenario_id");
      for (CsvText.Rec r : complete.subList(1, complete.size())) {
        if (idx < r.fields().size() && row.scenarioId().equals(r.fields().get(idx))) {
          return new Plan(keep, "", true);
        }
      }
    }
    return new Plan(keep, line, false);
  }
}
