package dev.vtbench.engine.model.rules;

/**
 * The validation rules of {@code spec.matrix}: pool sizes, concurrency levels, JVM options, and the
 * most scenarios a matrix may plan. Constants the CRD's schema and CEL rules are built from, which
 * {@link dev.vtbench.engine.model.SpecValidation} applies ({@link SpecRules} says where each part's
 * rules live).
 */
public final class MatrixRules {

  private MatrixRules() {}

  public static final String POOLS_RULE =
      "self.all(p, p > 0 && p <= "
          + SpecRules.POOL_MAX
          + ") && self.all(p, self.exists_one(q, q == p))";
  public static final String POOLS_MESSAGE =
      "must list pool sizes from 1 to " + SpecRules.POOL_MAX + ", each once";
  public static final String LEVELS_RULE =
      "self.all(c, c > 0 && c <= "
          + SpecRules.CONCURRENCY_MAX
          + ") && self.all(c, self.exists_one(d, d == c))";
  public static final String LEVELS_MESSAGE =
      "must list concurrency levels from 1 to " + SpecRules.CONCURRENCY_MAX + ", each once";

  /** Most JVM configurations one run compares: each is a JVM start and warm-up per thread mode. */
  public static final int JVM_OPTIONS_MAX = 4;

  /** Longest value of spec.matrix.jvmOptions. */
  public static final int JVM_OPTION_MAX = 512;

  /**
   * One value of spec.matrix.jvmOptions: empty (no extra options), or options separated by single
   * spaces, each starting with '-' and made of letters, digits and {@code _ . : + = , / @ % -}. No
   * quotes, globs, variables or other shell metacharacters, so a value splits into the same
   * arguments on a command line and in JAVA_TOOL_OPTIONS, and means the same on both platforms. The
   * same text is a Java pattern and a CEL regex (no backslashes).
   */
  public static final String JVM_OPTIONS =
      "^(-[-A-Za-z0-9_.:+=,/@%]+( -[-A-Za-z0-9_.:+=,/@%]+)*)?$";

  /**
   * Options no value of spec.matrix.jvmOptions may hold, case-insensitively, wherever they stand in
   * it: system properties that would override what vtbench sets for each scenario (a system
   * property beats the environment vtbench hands a service, and Spring's relaxed binding makes
   * {@code -Dspring.dataSource.URL} the same property): the thread mode, the datasource and its
   * Hikari pool, Tomcat's threads and port, the config import the password arrives through and
   * SPRING_APPLICATION_JSON; Actuator's exposure (a heap dump holds the database password); and
   * whatever loads code or options vtbench cannot see: agents ({@code -javaagent}, {@code
   * -agentpath}, {@code -agentlib}, {@code -Xrun}), options files ({@code -XX:Flags=}, {@code
   * -XX:VMOptionsFile=}) and commands run on a crash ({@code -XX:OnError=}, {@code
   * -XX:OnOutOfMemoryError=}). {@code @argfiles} never pass {@link #JVM_OPTIONS}: every option
   * starts with '-'.
   */
  public static final String FORBIDDEN_JVM_OPTION =
      "(?i)(^| )(-D(spring[-_.]*(threads|datasource|config|application[-_.]*json)"
          + "|server[-_.]*(tomcat|port)|management)"
          + "|-javaagent|-agentpath|-agentlib|-Xrun|-XX:Flags=|-XX:VMOptionsFile="
          + "|-XX:OnError=|-XX:OnOutOfMemoryError=)";

  public static final String FORBIDDEN_JVM_OPTION_MESSAGE =
      "must not set what vtbench sets or load what it cannot see: -Dspring.threads.*,"
          + " -Dspring.datasource.*, -Dspring.config.*, -Dspring.application.json,"
          + " -Dserver.tomcat.*, -Dserver.port, -Dmanagement.* (in any spelling), agents"
          + " (-javaagent, -agentpath, -agentlib, -Xrun), options files (-XX:Flags=,"
          + " -XX:VMOptionsFile=) and -XX:OnError= / -XX:OnOutOfMemoryError= are refused";

  public static final String FORBIDDEN_JVM_OPTION_RULE =
      "self.all(o, !o.matches('" + FORBIDDEN_JVM_OPTION + "'))";

  public static final String JVM_OPTIONS_RULE =
      "self.all(o, o.matches('" + JVM_OPTIONS + "')) && self.all(o, self.exists_one(p, p == o))";
  public static final String JVM_OPTIONS_MESSAGE =
      "must list at most "
          + JVM_OPTIONS_MAX
          + " different values, each empty (no extra options) or JVM options separated by single"
          + " spaces, each starting with '-' and holding only letters, digits and _ . : + = , / @ %"
          + " - (no quotes, spaces inside an option, $, *, ;, | or other shell characters), e.g."
          + " '-XX:+UseZGC -Xss512k'";

  // What the matrix plans when a list is left out: MatrixSpec's defaults
  // (SpecRulesTest keeps them equal).
  static final int DEFAULT_THREAD_MODES = 2;
  static final int DEFAULT_POOL_SIZES = 1;
  static final int DEFAULT_LEVELS = 6;
  public static final int DEFAULT_REPETITIONS = 3;
  static final int DEFAULT_JVM_OPTIONS = 1;
  static final int DEFAULT_BUILDS = 1;
  static final int DEFAULT_CPU_PER_REQUEST = 1;

  public static final String SCENARIOS_RULE =
      "(has(self.threadModes) ? size(self.threadModes) : "
          + DEFAULT_THREAD_MODES
          + ") * (has(self.hikariPoolSizes) ? size(self.hikariPoolSizes) : "
          + DEFAULT_POOL_SIZES
          + ") * (has(self.concurrency) ? size(self.concurrency) : "
          + DEFAULT_LEVELS
          + ") * (has(self.repetitions) ? self.repetitions : "
          + DEFAULT_REPETITIONS
          + ") * (has(self.jvmOptions) ? size(self.jvmOptions) : "
          + DEFAULT_JVM_OPTIONS
          + ") * (has(self.builds) ? size(self.builds) : "
          + DEFAULT_BUILDS
          + ") * (has(self.cpuPerRequest) ? size(self.cpuPerRequest) : "
          + DEFAULT_CPU_PER_REQUEST
          + ") <= "
          + SpecRules.SCENARIOS_MAX;
  public static final String SCENARIOS_MESSAGE =
      "plans too many scenarios: threadModes × hikariPoolSizes × concurrency × repetitions ×"
          + " jvmOptions × builds × cpuPerRequest must be at most "
          + SpecRules.SCENARIOS_MAX;
}
