package dev.vtbench.engine.model;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Every validation rule's constants, in one place: the CRD's schema and CEL annotations on {@link
 * BenchmarkRunSpec} (and on the operator's resource class) are built from them, and {@link
 * SpecValidator} applies the same ones, so the API server and a local run accept the same specs.
 * The operator's {@code SpecParityIT} runs one table of specs through both.
 *
 * <p>Patterns used inside CEL rules are written without backslashes ({@code [.]}, not {@code \.})
 * so they read the same as Java regular expressions and CEL string literals.
 */
public final class SpecRules {

  private SpecRules() {}

  // --- the run's name ---------------------------------------------------------------------------

  /**
   * The longest run name: the longest name derived from it, {@code <run>-load-9999-warmup}, must
   * stay a valid 63-character label value.
   */
  public static final int RUN_NAME_MAX = 40;

  /**
   * A DNS-1035 label: the run name becomes Service names ({@code <run>-sut}), which must start with
   * a letter and hold no dots.
   */
  public static final String RUN_NAME = "^[a-z]([-a-z0-9]*[a-z0-9])?$";

  public static final String RUN_NAME_LENGTH_RULE = "size(self.metadata.name) <= " + RUN_NAME_MAX;
  public static final String RUN_NAME_LENGTH_MESSAGE =
      "metadata.name must be at most "
          + RUN_NAME_MAX
          + " characters: the names derived from it (<name>-load-12-warmup) must fit Kubernetes'"
          + " 63-character limit";
  public static final String RUN_NAME_RULE = "self.metadata.name.matches('" + RUN_NAME + "')";
  public static final String RUN_NAME_MESSAGE =
      "metadata.name must start with a lower-case letter and hold only lower-case letters, digits"
          + " and '-' (no dots, not ending in '-'): it names the run's Services";

  // --- quantities -------------------------------------------------------------------------------

  /** A duration the k6 / Kubernetes way: 100ms, 8s, 1m30s. */
  public static final String DURATION = "^([0-9]+(ms|s|m|h))+$";

  public static final int DURATION_MAX = 32;

  /** A Kubernetes CPU quantity of at least 1m: 2, 1.5 or 500m (not 0, 0m or 0.0001). */
  public static final String CPU =
      "^([0-9]*[1-9][0-9]*m|[0-9]*[1-9][0-9]*([.][0-9]+)?|[0-9]+[.][0-9]{0,2}[1-9][0-9]*)$";

  /** Whole CPUs, as the static CPU manager needs for exclusive cores: 2 or 2000m. */
  public static final String WHOLE_CPU = "^[1-9][0-9]*(000m)?$";

  public static final int QUANTITY_MAX = 16;

  /** A Kubernetes memory quantity: 512Mi, 2Gi, 1G. */
  public static final String MEMORY = "^[0-9]+(Ki|Mi|Gi|Ti|k|M|G|T)?$";

  /** A percentage: 10%, 0.5%. */
  public static final String PERCENT = "^[0-9]+(\\.[0-9]+)?%$";

  // cpu may arrive as an integer (cpu: 4) or a string; pinned and cpu may be left out (defaults).
  public static final String WHOLE_CPU_RULE =
      "!has(self.cpu) || (has(self.pinned) && !self.pinned)"
          + " || string(self.cpu).matches('"
          + WHOLE_CPU
          + "')";
  public static final String WHOLE_CPU_MESSAGE =
      "cpu must be a whole number of CPUs (e.g. 2 or 2000m) while pinned is true: the static"
          + " CPU manager gives exclusive cores only to whole CPUs";

  // The schema's pattern checks only strings; this also covers cpu written as an integer (cpu: 0).
  public static final String CPU_RULE = "!has(self.cpu) || string(self.cpu).matches('" + CPU + "')";
  public static final String CPU_MESSAGE =
      "cpu must be a CPU quantity of at least 1m, e.g. 1, 1.5 or 500m";

  // --- closed value sets, as CEL list literals (annotations need compile-time constants) -------

  public static final String CONNECTION_MODES = "['released', 'held']";
  public static final String CONNECTION_MODES_MESSAGE = "must be released or held";
  public static final String PATH_MODES = "['normal', 'synchronized']";
  public static final String PATH_MODES_MESSAGE = "must be normal or synchronized";
  public static final String EXECUTORS = "['ramping-vus', 'constant-arrival-rate']";
  public static final String EXECUTORS_MESSAGE = "must be ramping-vus or constant-arrival-rate";
  public static final String THREAD_MODES = "['platform', 'virtual']";
  public static final String THREAD_MODES_MESSAGE = "must be platform or virtual";
  public static final String RUNNERS = "['auto', 'testrun', 'job']";
  public static final String RUNNERS_MESSAGE = "must be auto, testrun or job";

  /** The values of a CEL list literal of strings, e.g. {@code ['a', 'b']}. */
  public static List<String> values(String celList) {
    String inner = celList.strip();
    if (!inner.startsWith("[") || !inner.endsWith("]")) {
      throw new IllegalArgumentException("not a CEL list literal: " + celList);
    }
    return Pattern.compile(",")
        .splitAsStream(inner.substring(1, inner.length() - 1))
        .map(String::strip)
        .map(v -> v.substring(1, v.length() - 1))
        .toList();
  }

  // --- sizes and bounds ------------------------------------------------------------------------

  public static final int IMAGE_MAX = 256;
  public static final int NODE_SELECTOR_MAX = 16;
  public static final int ENV_MAX = 64;
  public static final int TOMCAT_THREADS_MAX = 100_000;
  public static final int POOL_SIZES_MAX = 64;
  public static final int LEVELS_MAX = 256;
  public static final int REPETITIONS_MAX = 100;
  public static final int THRESHOLD_RULES_MAX = 32;
  public static final int URL_MAX = 512;
  public static final int FILE_MAX = 1024;

  /** A Kubernetes object name or ConfigMap key: at most 253 characters. */
  public static final int KUBE_NAME_MAX = 253;

  /**
   * The remote-write endpoint: http:// or https://, a host, then anything without white space. As
   * the body of a CEL string literal ({@code \\s} stands for the regular expression's {@code \s}):
   * {@link #celRegex} turns it into the Java pattern.
   */
  public static final String REMOTE_WRITE_URL_CEL = "^https?://[^\\\\s/?#]+[^\\\\s]*$";

  public static final String REMOTE_WRITE_URL_RULE = "self.matches('" + REMOTE_WRITE_URL_CEL + "')";
  public static final String REMOTE_WRITE_URL_MESSAGE =
      "must be an http:// or https:// URL, e.g. http://prometheus:9090/api/v1/write";

  // --- deadlines on the waits (spec.timeouts) ----------------------------------------------------

  /**
   * The CloudNativePG Cluster bootstrapped, seeded and Ready (locally: PostgreSQL started and
   * seeded). Seeding the default million orders takes about a minute; ten leaves room for large
   * seeds and image pulls. At most six hours: the largest seed, not a forgotten run holding cores.
   */
  public static final String DATABASE_TIMEOUT = "10m";

  public static final String DATABASE_TIMEOUT_MAX = "6h";

  /**
   * The SUT and the stub available after each (re)start: a JVM starts in seconds, an image pull and
   * a Hikari pool filling take a minute or two. At most one hour.
   */
  public static final String SUT_START_TIMEOUT = "5m";

  public static final String SUT_START_TIMEOUT_MAX = "1h";

  /**
   * A k6 runner pod started after its TestRun or Job was created (scheduling and the k6 image
   * pull). At most one hour.
   */
  public static final String LOAD_START_TIMEOUT = "3m";

  public static final String LOAD_START_TIMEOUT_MAX = "1h";

  public static final String DATABASE_TIMEOUT_RULE =
      "duration(self) > duration('0s') && duration(self) <= duration('"
          + DATABASE_TIMEOUT_MAX
          + "')";
  public static final String DATABASE_TIMEOUT_MESSAGE =
      "must be longer than 0s and at most " + DATABASE_TIMEOUT_MAX;
  public static final String SUT_START_TIMEOUT_RULE =
      "duration(self) > duration('0s') && duration(self) <= duration('"
          + SUT_START_TIMEOUT_MAX
          + "')";
  public static final String SUT_START_TIMEOUT_MESSAGE =
      "must be longer than 0s and at most " + SUT_START_TIMEOUT_MAX;
  public static final String LOAD_START_TIMEOUT_RULE =
      "duration(self) > duration('0s') && duration(self) <= duration('"
          + LOAD_START_TIMEOUT_MAX
          + "')";
  public static final String LOAD_START_TIMEOUT_MESSAGE =
      "must be longer than 0s and at most " + LOAD_START_TIMEOUT_MAX;

  /**
   * The regular expression a CEL single-quoted string body stands for ({@code \\} is one {@code
   * \}).
   */
  public static String celRegex(String celStringBody) {
    return celStringBody.replace("\\\\", "\\");
  }
}
