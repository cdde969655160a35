package dev.vtbench.engine.model;

import java.util.List;
import java.util.regex.Pattern;

/** {@link SpecValidator}'s checks of {@code spec.matrix.jvmOptions} ({@link MatrixRules}). */
final class JvmOptionChecks {

  private static final Pattern JVM_OPTIONS = Pattern.compile(MatrixRules.JVM_OPTIONS);
  private static final Pattern FORBIDDEN_JVM_OPTION =
      Pattern.compile(MatrixRules.FORBIDDEN_JVM_OPTION);

  private JvmOptionChecks() {}

  /** spec.matrix.jvmOptions: 1 to a few different values, each empty or safe JVM options. */
  static void check(FieldChecks check, List<String> options) {
    String field = "spec.matrix.jvmOptions";
    if (options == null || options.isEmpty() || options.size() > MatrixRules.JVM_OPTIONS_MAX) {
      check.add(
          field
              + ": "
              + (options == null ? 0 : options.size())
              + " values; "
              + MatrixRules.JVM_OPTIONS_MESSAGE);
      return;
    }
    for (int i = 0; i < options.size(); i++) {
      String o = options.get(i);
      if (o == null
          || o.length() > MatrixRules.JVM_OPTION_MAX
          || !JVM_OPTIONS.matcher(o).matches()) {
        check.add(
            field
                + "["
                + i
                + "]: "
                + (o == null ? "null" : "'" + abbreviated(o) + "'")
                + (o != null && o.length() > MatrixRules.JVM_OPTION_MAX
                    ? " is longer than " + MatrixRules.JVM_OPTION_MAX + " characters; "
                    : " is not allowed; ")
                + MatrixRules.JVM_OPTIONS_MESSAGE);
      } else if (FORBIDDEN_JVM_OPTION.matcher(o).find()) {
        check.add(field + "[" + i + "]: '" + o + "' " + MatrixRules.FORBIDDEN_JVM_OPTION_MESSAGE);
      } else if (options.indexOf(o) < i) {
        check.add(
            field
                + "["
                + i
                + "]: '"
                + o
                + "' is listed twice (also ["
                + options.indexOf(o)
                + "]); "
                + MatrixRules.JVM_OPTIONS_MESSAGE);
      }
    }
  }

  private static String abbreviated(String s) {
    return s.length() <= 80 ? s : s.substring(0, 77) + "...";
  }
}
