package dev.vtbench.operator.e2e;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * One column of a results CSV by its header name, whether or not {@link
 * dev.vtbench.engine.results.ResultRow} has it yet: the reader's way of reading a column the row
 * model in this build may not know. RFC 4180 fields (quoted when they hold a comma, a quote or a
 * line break, quotes doubled), LF or CRLF lines.
 */
final class CsvColumn {

  private CsvColumn() {}

  /**
   * The column's value in each row, by {@code scenario_id} (a later row of the same id wins: the
   * results checks count ids apart); empty when the header has no such column.
   */
  static Optional<Map<String, String>> byScenario(String csv, String column) {
    List<List<String>> records = records(csv);
    if (records.isEmpty()) {
      return Optional.empty();
    }
    List<String> header =
        records.getFirst().stream().map(h -> h.strip().toLowerCase(Locale.ROOT)).toList();
    int id = header.indexOf("scenario_id");
    int col = header.indexOf(column.toLowerCase(Locale.ROOT));
    if (id < 0 || col < 0) {
      return Optional.empty();
    }
    Map<String, String> out = new LinkedHashMap<>();
    for (List<String> r : records.subList(1, records.size())) {
      if (r.size() > Math.max(id, col)) {
        out.put(r.get(id), r.get(col));
      }
    }
    return Optional.of(out);
  }

  /** The records of CSV text, each a list of fields; blank lines are skipped. */
  static List<List<String>> records(String csv) {
    List<List<String>> out = new ArrayList<>();
    List<String> fields = new ArrayList<>();
    StringBuilder field = new StringBuilder();
    boolean quoted = false;
    boolean any = false;
    for (int i = 0; i < csv.length(); i++) {
      char ch = csv.charAt(i);
      if (quoted) {
        if (ch == '"' && i + 1 < csv.length() && csv.charAt(i + 1) == '"') {
          field.append('"');
          i++;
        } else if (ch == '"') {
          quoted = false;
        } else {
          field.append(ch);
        }
      } else if (ch == '"') {
        quoted = true;
        any = true;
      } else if (ch == ',') {
        fields.add(field.toString());
        field.setLength(0);
        any = true;
      } else if (ch == '\n' || ch == '\r') {
        if (ch == '\r' && i + 1 < csv.length() && csv.charAt(i + 1) == '\n') {
          i++;
        }
        end(out, fields, field, any);
        fields = new ArrayList<>();
        any = false;
      } else {
        field.append(ch);
        any = true;
      }
    }
    end(out, fields, field, any);
    return out;
  }

  private static void end(
      List<List<String>> out, List<String> fields, StringBuilder field, boolean any) {
    if (any) {
      fields.add(field.toString());
      out.add(List.copyOf(fields));
    }
    field.setLength(0);
  }
}
