package dev.vtbench.engine.model.rules;

/**
 * The validation rules and defaults of {@code spec.timeouts}, the deadlines on the waits. Constants
 * the CRD's schema and CEL rules are built from, which {@link
 * dev.vtbench.engine.model.SpecValidation} applies ({@link SpecRules} says where each part's rules
 * live).
 */
public final class TimeoutRules {

  private TimeoutRules() {}

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
}
