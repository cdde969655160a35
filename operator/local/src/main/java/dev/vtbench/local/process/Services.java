package dev.vtbench.local.process;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The environment that wires the stub and the SUT to each other and to PostgreSQL, in one place for
 * 'vtbench up', the local runner and the integration tests. Everything listens on loopback.
 */
public final class Services {

  private Services() {}

  /** The stub on {@code port}. */
  public static Map<String, String> stubEnv(int port) {
    Map<String, String> env = new LinkedHashMap<>();
    env.put("STUB_PORT", Integer.toString(port));
    env.put("STUB_ADDRESS", "127.0.0.1");
    return env;
  }

  /**
   * The SUT on {@code port}, using {@code pg}'s benchmark database and the stub at {@code stubUrl}.
   */
  public static Map<String, String> sutEnv(LocalPostgres pg, String stubUrl, int port) {
    Map<String, String> env = new LinkedHashMap<>();
    env.put("DB_URL", pg.jdbcUrl());
    env.put("DB_USER", LocalPostgres.USER);
    env.put("STUB_URL", stubUrl);
    env.put("SERVER_PORT", Integer.toString(port));
    env.put("SERVER_ADDRESS", "127.0.0.1");
    return env;
  }

  public static String url(int port) {
    return "http://127.0.0.1:" + port;
  }
}
