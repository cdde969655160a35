package dev.vtbench.engine.results.csv;

import java.util.ArrayList;
import java.util.List;

/**
 * CSV text as records of fields, per RFC 4180: fields are quoted only when they contain a comma, a
 * double quote or a line break (quotes doubled inside); LF and CRLF both end a record; a leading
 * byte-order mark is skipped. Knows nothing of matrix.csv's columns.
 */
final class CsvText {

  private CsvText() {}

  /** One record and the line it starts on, for error messages. */
  record Rec(List<String> fields, int line) {}

  /**
   * The records of a text and where its last complete one ends.
   *
   * @param completeEnd char offset just past the last line break that ends a record
   * @param tornTail the last record has no line break after it
   */
  record Tokens(List<Rec> records, int completeEnd, boolean tornTail, boolean unterminatedQuote) {}

  static Tokens tokenize(String text) {
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

  static String quote(String v) {
    if (v.indexOf(',') < 0 && v.indexOf('"') < 0 && v.indexOf('\n') < 0 && v.indexOf('\r') < 0) {
      return v;
    }
    return '"' + v.replace("\"", "\"\"") + '"';
  }
}
