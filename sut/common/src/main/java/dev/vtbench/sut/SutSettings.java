package dev.vtbench.sut;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Everything that varies between benchmark scenarios, read from the environment with the reference
 * rig's variable names. Parsing fails with a message naming the variable and what it accepts;
 * nothing here is ever printed with a password in it.
 */
public record SutSettings(
    boolean virtualThreads,
    int hikariPoolSize,
    ConnMode connMode,
    PathMode pathMode,
    int tomcatMaxThreads,
    int port,
    URI stubUrl,
    Duration stubTimeout,
    Duration hikariConnectionTimeout,
    int syncStripes,
    Duration pinnedThreshold,
    Duration sampleInterval,
    Database database) {

  /** The largest pool, at start-up (HIKARI_MAX_POOL) and live (POST /api/pool). */
  public static final int POOL_MAX = 10_000;

  /** When the JDBC connection goes back to the pool. */
  public enum ConnMode {
    /** Before the downstream call: the pool governs latency, not throughput. */
    RELEASED,
    /** After it: query and call share one transaction, so pool size / delay caps throughput. */
    HELD
  }

  /** Whether the blocking work runs inside a striped {@code synchronized} section. */
  public enum PathMode {
    NORMAL,
    /** The JEP 491 check: on Java 25 a virtual thread blocking here should not pin. */
    SYNCHRONIZED
  }

  /** Where the database is; the password never appears in {@link #toString()}. */
  public record Database(String jdbcUrl, String username, String password, String source) {
    @Override
    public String toString() {
      return "Database[url=" + redact(jdbcUrl) + ", user=" + username + ", from " + source + "]";
    }

    /** The URL without any password= query parameter (CloudNativePG's jdbc-uri carries one). */
    public static String redact(String url) {
      return url == null ? null : url.replaceAll("(?i)(password=)[^&]*", "$1***");
    }
  }

  /** The live configuration as reported by /api/runtime-info, with the rig's names. */
  public Map<String, Object> describe() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("VT_ENABLED", virtualThreads);
    m.put("HIKARI_MAX_POOL", hikariPoolSize);
    m.put("CONN_MODE", connMode.name().toLowerCase(Locale.ROOT));
    m.put("PATH_MODE", pathMode.name().toLowerCase(Locale.ROOT));
    m.put("TOMCAT_MAX_THREADS", tomcatMaxThreads);
    m.put("STUB_URL", stubUrl.toString());
    m.put("STUB_TIMEOUT_MS", stubTimeout.toMillis());
    m.put("HIKARI_CONNECTION_TIMEOUT_MS", hikariConnectionTimeout.toMillis());
    m.put("SYNC_STRIPES", syncStripes);
    m.put("DB_URL", Database.redact(database.jdbcUrl()));
    m.put("DB_SOURCE", database.source());
    return m;
  }

  /** Spring Boot's datasource URL variable, the last source {@link #database} tries. */
  public static final String SPRING_DATASOURCE_URL = "SPRING_DATASOURCE_URL";

  /**
   * Reads the settings.
   *
   * @throws IllegalArgumentException naming the variable, the bad value and the allowed values
   */
  public static SutSettings fromEnv(Map<String, String> env) {
    Reader r = new Reader(env);
    return new SutSettings(
        r.bool("VT_ENABLED", false),
        r.integer("HIKARI_MAX_POOL", 50, 1, POOL_MAX),
        r.choice("CONN_MODE", ConnMode.class, ConnMode.RELEASED),
        r.choice("PATH_MODE", PathMode.class, PathMode.NORMAL),
        r.integer("TOMCAT_MAX_THREADS", 200, 1, 100_000),
        r.integer("SERVER_PORT", 8080, 0, 65_535),
        r.uri("STUB_URL", "http://127.0.0.1:8081"),
        Duration.ofMillis(r.integer("STUB_TIMEOUT_MS", 5_000, 1, 600_000)),
        Duration.ofMillis(r.integer("HIKARI_CONNECTION_TIMEOUT_MS", 10_000, 250, 600_000)),
        r.integer("SYNC_STRIPES", 1024, 1, 1 << 20),
        Duration.ofMillis(r.integer("PINNED_THRESHOLD_MS", 20, 0, 60_000)),
        Duration.ofMillis(r.integer("SAMPLE_INTERVAL_MS", 5, 1, 10_000)),
        database(r, env));
  }

  /**
   * The database, from the first source present: DB_URL (a JDBC URL, with DB_USER/DB_PASSWORD);
   * DB_SECRET_DIR (a mounted CloudNativePG {@code <cluster>-app} Secret: its {@code jdbc-uri} key,
   * else host/port/dbname/username/password); DB_HOST (with DB_PORT, DB_NAME, DB_USER, DB_PASSWORD,
   * e.g. from secretKeyRef); SPRING_DATASOURCE_URL (with SPRING_DATASOURCE_USERNAME, the password
   * from the Spring property spring.datasource.password); else the local default.
   */
  static Database database(Reader r, Map<String, String> env) {
    String url = env.get("DB_URL");
    if (present(url)) {
      if (!url.startsWith("jdbc:postgresql:")) {
        throw new IllegalArgumentException(
            "DB_URL="
                + Database.redact(url)
                + " is invalid: expected jdbc:postgresql://host:port/db");
      }
      return new Database(
          url, env.getOrDefault("DB_USER", "vtbench"), env.get("DB_PASSWORD"), "DB_URL");
    }
    String dir = env.get("DB_SECRET_DIR");
    if (present(dir)) {
      return fromSecretDir(Path.of(dir));
    }
    String host = env.get("DB_HOST");
    if (present(host)) {
      int port = r.integer("DB_PORT", 5432, 1, 65_535);
      String name = env.getOrDefault("DB_NAME", "app");
      return new Database(
          "jdbc:postgresql://" + host + ":" + port + "/" + name,
          env.getOrDefault("DB_USER", "app"),
          env.get("DB_PASSWORD"),
          "DB_HOST");
    }
    String springUrl = env.get(SPRING_DATASOURCE_URL);
    if (present(springUrl)) {
      // Spring Boot's own names, as vtbench hands them to a user's service: the SUT then runs
      // through the bring-your-own path too. The password is never in the environment there; it
      // is the Spring property spring.datasource.password (a configtree file), read at start-up.
      return new Database(
          springUrl, env.get("SPRING_DATASOURCE_USERNAME"), null, SPRING_DATASOURCE_URL);
    }
    return new Database("jdbc:postgresql://127.0.0.1:5432/bench", "vtbench", null, "default");
  }

  private static Database fromSecretDir(Path dir) {
    if (!Files.isDirectory(dir)) {
      throw new IllegalArgumentException(
          "DB_SECRET_DIR="
              + dir
              + " is invalid: no such directory (mount the <cluster>-app Secret there)");
    }
    String user = readKey(dir, "username");
    String password = readKey(dir, "password");
    String jdbcUri = readKey(dir, "jdbc-uri");
    if (jdbcUri != null) {
      // jdbc-uri carries user and password as query parameters; the driver reads them from there.
      return new Database(jdbcUri, user, password, "DB_SECRET_DIR jdbc-uri");
    }
    String host = readKey(dir, "host");
    String dbname = readKey(dir, "dbname");
    if (host == null || dbname == null || user == null) {
      throw new IllegalArgumentException(
          "DB_SECRET_DIR="
              + dir
              + " is invalid: it needs the key jdbc-uri, or host, dbname and username (the keys of a"
              + " CloudNativePG <cluster>-app Secret)");
    }
    String port = readKey(dir, "port");
    return new Database(
        "jdbc:postgresql://" + host + ":" + (port == null ? "5432" : port) + "/" + dbname,
        user,
        password,
        "DB_SECRET_DIR keys");
  }

  private static String readKey(Path dir, String key) {
    Path file = dir.resolve(key);
    if (!Files.isRegularFile(file)) {
      return null;
    }
    try {
      return Files.readString(file).strip();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }

  private static boolean present(String s) {
    return s != null && !s.isBlank();
  }

  /** Parses one variable at a time, each error naming it. */
  record Reader(Map<String, String> env) {

    boolean bool(String name, boolean fallback) {
      String v = env.get(name);
      if (!present(v)) {
        return fallback;
      }
      return switch (v.strip().toLowerCase(Locale.ROOT)) {
        case "true" -> true;
        case "false" -> false;
        default -> throw invalid(name, v, "true, false");
      };
    }

    int integer(String name, int fallback, int min, int max) {
      String v = env.get(name);
      if (!present(v)) {
        return fallback;
      }
      try {
        int n = Integer.parseInt(v.strip());
        if (n >= min && n <= max) {
          return n;
        }
      } catch (NumberFormatException e) {
        // reported below
      }
      throw invalid(name, v, "an integer from " + min + " to " + max);
    }

    <E extends Enum<E>> E choice(String name, Class<E> type, E fallback) {
      String v = env.get(name);
      if (!present(v)) {
        return fallback;
      }
      for (E e : type.getEnumConstants()) {
        if (e.name().equalsIgnoreCase(v.strip())) {
          return e;
        }
      }
      String allowed =
          Arrays.stream(type.getEnumConstants())
              .map(e -> e.name().toLowerCase(Locale.ROOT))
              .collect(Collectors.joining(", "));
      throw invalid(name, v, allowed);
    }

    URI uri(String name, String fallback) {
      String v = env.get(name);
      String raw = present(v) ? v.strip() : fallback;
      try {
        URI uri = URI.create(raw.endsWith("/") ? raw.substring(0, raw.length() - 1) : raw);
        if (("http".equals(uri.getScheme()) || "https".equals(uri.getScheme()))
            && uri.getHost() != null) {
          return uri;
        }
      } catch (IllegalArgumentException e) {
        // reported below
      }
      throw invalid(name, raw, "an http:// or https:// URL with a host");
    }

    private static IllegalArgumentException invalid(String name, String value, String allowed) {
      return new IllegalArgumentException(name + "=" + value + " is invalid; allowed: " + allowed);
    }
  }
}
