package dev.vtbench.engine.model.rules;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The rules of {@code spec.matrix.cpuPerRequest}, the CPU a request of vtbench's SUT computes
 * besides its own work (the SUT's {@code ?cpuUs=}): constants the CRD's CEL rules are built from
 * (and {@link dev.vtbench.engine.model.SpecValidation} applies from the CRD), and the one parser of
 * a value.
 */
public final class CpuWorkRules {

  private CpuWorkRules() {}

  /** Most values one run sweeps. */
  public static final int VALUES_MAX = 8;

  /** Longest value, e.g. {@code 20000us}. */
  public static final int VALUE_MAX = 8;

  /** The most CPU a request may ask for: the SUT's bound ({@code CpuWork.MAX_US}). */
  public static final long MAX_MICROS = 20_000;

  /** Whole microseconds or milliseconds; the same text is a Java pattern and a CEL regex. */
  public static final String VALUE = "^[0-9]{1,5}(us|ms)$";

  private static final Pattern VALUE_PATTERN = Pattern.compile(VALUE);

  public static final String RULE =
      "self.all(d, d.matches('"
          + VALUE
          + "')) && self.all(d, duration(d) <= duration('"
          + MAX_MICROS / 1000
          + "ms')) && self.all(d, self.exists_one(e, duration(e) == duration(d)))";

  public static final String MESSAGE =
      "must list at most "
          + VALUES_MAX
          + " different amounts of CPU a request computes, each whole us or ms from 0us to "
          + MAX_MICROS / 1000
          + "ms, e.g. ['0us', '500us', '2ms']";

  public static final String SERVICE_RULE =
      "!has(self.matrix) || !has(self.matrix.cpuPerRequest) || !has(self.sut)"
          + " || !has(self.sut.service)";

  public static final String SERVICE_MESSAGE =
      "is vtbench's SUT's knob (the CPU its requests compute); a service of your own"
          + " (spec.sut.service) computes what it computes: leave cpuPerRequest out";

  /** Microseconds of {@code value} ({@link #VALUE}); -1 when it does not match. */
  public static long micros(String value) {
    Matcher m = value == null ? null : VALUE_PATTERN.matcher(value);
    if (m == null || !m.matches()) {
      return -1;
    }
    long n = Long.parseLong(value.substring(0, value.length() - 2));
    return m.group(1).equals("ms") ? n * 1000 : n;
  }

  /** The values in microseconds, in the spec's order; one zero when the list is left out. */
  public static List<Long> steps(List<String> values) {
    return values == null || values.isEmpty()
        ? List.of(0L)
        : values.stream().map(CpuWorkRules::micros).toList();
  }
}
