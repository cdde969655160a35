package dev.vtbench.engine.k6;

import dev.vtbench.engine.model.rules.Durations;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A user's own k6 module ({@code spec.workload.script}) as vtbench runs it: the file it becomes
 * beside vtbench's script (which imports it, {@code user.js}), the most it may hold, and the
 * variables it reads its target from. Both platforms take all three from here: the local runner
 * copies the file beside each rendered script, the operator puts it into each load's ConfigMap.
 */
public final class UserModule {

  private UserModule() {}

  /** The module's file name beside vtbench's script, which imports {@code ./} this. */
  public static final String FILE_NAME = "user-script.js";

  /**
   * The largest module, in bytes (UTF-8). On a cluster it goes into the load's ConfigMap beside
   * vtbench's script (about 25 KB), and a ConfigMap holds at most 1 MiB; every VU also compiles it,
   * so a module this large already costs the generator memory per VU.
   */
  public static final int MAX_BYTES = 512 * 1024;

  /** The service's base URL as the generator reaches it, e.g. http://127.0.0.1:18080. */
  public static final String BASE_URL_ENV = "VTBENCH_BASE_URL";

  /** spec.load.requestTimeout as k6 writes durations, e.g. 60s: for the module's own requests. */
  public static final String REQUEST_TIMEOUT_ENV = "VTBENCH_REQUEST_TIMEOUT";

  /**
   * The environment k6 runs {@code plan}'s script with: the module's target and request timeout
   * when {@code plan} runs a user's module, else nothing. Real environment variables, not part of
   * the script, so the module reads them in its init code too: k6 evaluates an imported module
   * before the script that imports it.
   */
  public static Map<String, String> env(K6Plan plan) {
    if (!plan.userScript()) {
      return Map.of();
    }
    Map<String, String> env = new LinkedHashMap<>();
    env.put(BASE_URL_ENV, plan.targetUrl());
    env.put(REQUEST_TIMEOUT_ENV, Durations.format(plan.requestTimeout()));
    return env;
  }

  /**
   * {@code text}, the module read from {@code source}, once it is one vtbench runs.
   *
   * @param source where it was read, for the message, e.g. spec.workload.script.file k6/orders.js
   * @throws IllegalArgumentException naming {@code source} when it is empty or larger than {@link
   *     #MAX_BYTES}
   */
  public static String checked(String source, String text) {
    int bytes = text.getBytes(StandardCharsets.UTF_8).length;
    if (text.isBlank()) {
      throw new IllegalArgumentException(
          source + " is empty: it must export a default function, one iteration of the load");
    }
    if (bytes > MAX_BYTES) {
      throw new IllegalArgumentException(
          source
              + " is "
              + bytes
              + " bytes; a k6 module may hold at most "
              + MAX_BYTES
              + " (512 KiB): on a cluster it travels in a ConfigMap beside vtbench's script, and"
              + " every VU compiles it");
    }
    return text;
  }
}
