package dev.vtbench.engine.plan;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How a value of {@code spec.matrix.jvmOptions} ({@link SutConfig#jvmOptions()}) reaches the JVM,
 * the one place both platforms take it from:
 *
 * <ul>
 *   <li>a JVM vtbench starts itself with {@code java ... -jar} (its own SUTs locally, a user's
 *       service's {@code jar}): the options on the command line, after vtbench's own ({@link
 *       #arguments});
 *   <li>a JVM something else starts (a container's entrypoint, a user's {@code command}): in
 *       {@value #TOOL_OPTIONS}, which every HotSpot JVM reads at start, after whatever the platform
 *       already puts there ({@link #toolOptions}, {@link #env}).
 * </ul>
 *
 * The spec admits only options separated by single spaces with no quotes ({@code
 * MatrixRules.JVM_OPTIONS}), so splitting on spaces here and the JVM's own splitting of {@value
 * #TOOL_OPTIONS} give the same arguments.
 */
public final class JvmOptions {

  /** The variable a JVM reads options from when vtbench does not write its command line. */
  public static final String TOOL_OPTIONS = "JAVA_TOOL_OPTIONS";

  private JvmOptions() {}

  /**
   * The JVM arguments of a {@code java ... -jar} command line for {@code config}: the platform's
   * own {@code base} (e.g. the heap), then the config's extra options, which so win where they set
   * the same option; {@code base} alone without extra options.
   */
  public static List<String> arguments(List<String> base, SutConfig config) {
    List<String> args = new ArrayList<>(base);
    String o = config.jvmOptions();
    if (!o.isEmpty()) {
      args.addAll(Arrays.asList(o.split(" +")));
    }
    return List.copyOf(args);
  }

  /**
   * {@value #TOOL_OPTIONS} for {@code config}: {@code base} (the platform's own options, e.g. the
   * container's heap and CPU count; may be empty), then the config's, which so win where they set
   * the same option. {@code base} alone without extra options: a spec without the axis keeps the
   * environment, and so the pod template, it had.
   */
  public static String toolOptions(String base, SutConfig config) {
    String b = base == null ? "" : base.strip();
    String o = config.jvmOptions();
    if (o.isEmpty()) {
      return b;
    }
    return b.isEmpty() ? o : b + " " + o;
  }

  /**
   * The environment a JVM that vtbench does not start with {@code java} needs for {@code config}:
   * {@value #TOOL_OPTIONS} with its extra options, or nothing without any.
   */
  public static Map<String, String> env(SutConfig config) {
    Map<String, String> env = new LinkedHashMap<>();
    if (!config.jvmOptions().isEmpty()) {
      env.put(TOOL_OPTIONS, config.jvmOptions());
    }
    return env;
  }
}
