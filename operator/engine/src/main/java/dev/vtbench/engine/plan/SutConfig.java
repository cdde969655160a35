package dev.vtbench.engine.plan;

import dev.vtbench.engine.model.rules.SpecRules;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Everything that needs a SUT restart to change. Two scenarios with equal configs share one SUT
 * process (or Deployment revision).
 *
 * @param threadMode platform or virtual (the servlet SUT, VT_ENABLED false or true) or reactive
 *     (the reactive SUT: another jar or image, VT_ENABLED false)
 * @param stubTimeout how long the SUT waits for the stub: the run's request timeout, since k6 gives
 *     up on the request then anyway (and the spec keeps every stub delay below it)
 * @param service how the axes reach a user's own service ({@code spec.sut.service}); null for
 *     vtbench's SUT, which takes the reference rig's variable names and resizes its pool live
 * @param jvmOptions the value of {@code spec.matrix.jvmOptions} this JVM runs with: extra options
 *     separated by spaces, empty for none ({@link JvmOptions} says how each platform passes them)
 * @param build the name of the {@code spec.matrix.builds} entry this JVM runs, empty without that
 *     axis ({@link ServiceBuild} says what each platform starts for it)
 */
public record SutConfig(
    String threadMode,
    int hikariPool,
    String connectionMode,
    String pathMode,
    int tomcatMaxThreads,
    Duration stubTimeout,
    Map<String, String> extraEnv,
    ServiceEnv service,
    String jvmOptions,
    String build) {

  /** A config without extra JVM options or builds (the default single value of each axis). */
  public SutConfig(
      String threadMode,
      int hikariPool,
      String connectionMode,
      String pathMode,
      int tomcatMaxThreads,
      Duration stubTimeout,
      Map<String, String> extraEnv,
      ServiceEnv service) {
    this(
        threadMode,
        hikariPool,
        connectionMode,
        pathMode,
        tomcatMaxThreads,
        stubTimeout,
        extraEnv,
        service,
        "",
        "");
  }

  /** vtbench's own SUT in this configuration. */
  public SutConfig(
      String threadMode,
      int hikariPool,
      String connectionMode,
      String pathMode,
      int tomcatMaxThreads,
      Duration stubTimeout,
      Map<String, String> extraEnv) {
    this(
        threadMode,
        hikariPool,
        connectionMode,
        pathMode,
        tomcatMaxThreads,
        stubTimeout,
        extraEnv,
        null);
  }

  public SutConfig {
    // Sorted, so the SUT's environment (and its pod template) is the same in every JVM: Map.copyOf
    // iterates in an order that changes between runs, which would roll the SUT after a restart.
    extraEnv = Collections.unmodifiableMap(new TreeMap<>(extraEnv));
    jvmOptions = jvmOptions == null ? "" : jvmOptions.strip();
    build = build == null ? "" : build;
  }

  /** This config with the JVM options {@code options}: another JVM unless they are the same. */
  public SutConfig withJvmOptions(String options) {
    return changed(hikariPool, options, build);
  }

  /** This config running the build named {@code name}: another JVM unless it is the same. */
  public SutConfig withBuild(String name) {
    return changed(hikariPool, jvmOptions, name);
  }

  /** This config with the pool at {@code size}: the same JVM where the pool resizes live. */
  public SutConfig withHikariPool(int size) {
    return changed(size, jvmOptions, build);
  }

  /** This config with the components the withers change: the one place that copies the rest. */
  private SutConfig changed(int pool, String options, String buildName) {
    return new SutConfig(
        threadMode,
        pool,
        connectionMode,
        pathMode,
        tomcatMaxThreads,
        stubTimeout,
        extraEnv,
        service,
        options,
        buildName);
  }

  /**
   * Whether the running SUT changes its pool size without a restart: vtbench's SUT does ({@code
   * POST /api/pool}); a user's service gets its pool size at start, so each size is a JVM of its
   * own.
   */
  public boolean poolResizesLive() {
    return service == null;
  }

  /**
   * The SUT's environment for this config: the reference rig's variable names for vtbench's SUT,
   * {@link ServiceEnv}'s for a user's service.
   */
  public Map<String, String> env() {
    Map<String, String> env = new LinkedHashMap<>(extraEnv);
    if (service != null) {
      env.putAll(service.env(threadMode, hikariPool, tomcatMaxThreads));
      return env;
    }
    env.put("VT_ENABLED", Boolean.toString(virtualThreads()));
    if (reactive()) {
      // Only here: platform and virtual configs keep the environment, and so the keys, they had
      // before the reactive SUT existed. Here it tells reactive from platform (both VT_ENABLED
      // false), so the two never share a JVM or a Deployment revision.
      env.put(STACK_ENV, SpecRules.REACTIVE);
    }
    env.put(POOL_ENV, Integer.toString(hikariPool));
    env.put("CONN_MODE", connectionMode);
    env.put("PATH_MODE", pathMode);
    env.put("TOMCAT_MAX_THREADS", Integer.toString(tomcatMaxThreads));
    env.put("STUB_TIMEOUT_MS", Long.toString(stubTimeout.toMillis()));
    return env;
  }

  /** Whether the servlet SUT runs its requests on virtual threads (VT_ENABLED). */
  public boolean virtualThreads() {
    return SpecRules.VIRTUAL.equals(threadMode);
  }

  /** Whether this is the reactive SUT, which the platform starts from its own jar or image. */
  public boolean reactive() {
    return SpecRules.REACTIVE.equals(threadMode);
  }

  /**
   * A short stable name of this config (12 hex digits of a SHA-256 of its environment): equal
   * configs, equal keys, on every platform and across operator restarts.
   */
  public String key() {
    return hash(identity());
  }

  /**
   * The key of what only a new JVM can change: everything but the Hikari pool size where the
   * running SUT changes it live ({@code POST /api/pool}). Two configs with the same restart key
   * share one JVM, and its warm-up, where the platform resizes the pool live.
   */
  public String restartKey() {
    Map<String, String> env = identity();
    if (poolResizesLive()) {
      env.remove(POOL_ENV);
    }
    return hash(env);
  }

  /**
   * What tells two configs apart: the environment, and the JVM options and the build where there
   * are any (so a config without them keeps the key it had before those axes existed, and with them
   * is another JVM, another pod template and another warm-up). A build's name stands for what it
   * runs: a run's spec, and so each name's image, jar or command, cannot change.
   */
  private Map<String, String> identity() {
    Map<String, String> id = new TreeMap<>(env());
    // keys that are not environment variable names, so they cannot collide with one
    if (!jvmOptions.isEmpty()) {
      id.put(" jvmOptions", jvmOptions);
    }
    if (!build.isEmpty()) {
      id.put(" build", build);
    }
    return id;
  }

  /** The SUT call that resizes its pool live: {@code POST /api/pool?size=N}. */
  public static final String POOL_PATH = "/api/pool";

  /** The environment variable that names the reactive SUT, set for it only. */
  public static final String STACK_ENV = "SUT_STACK";

  /** The environment variable of the pool size, the one setting the SUT changes live. */
  public static final String POOL_ENV = "HIKARI_MAX_POOL";

  private static String hash(Map<String, String> env) {
    try {
      byte[] d =
          MessageDigest.getInstance("SHA-256")
              .digest(new TreeMap<>(env).toString().getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(d, 0, 6);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
