package dev.vtbench.sut.reactive.db;

import dev.vtbench.sut.SutSettings;
import io.r2dbc.postgresql.PostgresqlConnectionConfiguration;
import io.r2dbc.postgresql.client.SSLMode;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The database the settings name, as R2DBC's configuration. The settings keep one JDBC URL from
 * whichever source the rig uses (DB_URL, DB_SECRET_DIR, DB_HOST), so both SUTs take the same
 * environment: host, port and database come from it, and user and password from its query (a
 * CloudNativePG jdbc-uri carries them there) or else from DB_USER and DB_PASSWORD.
 *
 * @param database null for the server's default (the user's name)
 */
public record PgUrl(String host, int port, String database, Map<String, String> query) {

  private static final String PREFIX = "jdbc:postgresql://";
  private static final int DEFAULT_PORT = 5432;

  /**
   * Parses {@code jdbc:postgresql://host[:port][/database][?key=value&...]}.
   *
   * @throws IllegalArgumentException naming the URL, its password redacted
   */
  public static PgUrl parse(String jdbcUrl) {
    if (jdbcUrl == null || !jdbcUrl.startsWith(PREFIX)) {
      throw invalid(jdbcUrl, "expected " + PREFIX + "host:port/db");
    }
    String rest = jdbcUrl.substring(PREFIX.length());
    Map<String, String> query = new LinkedHashMap<>();
    int q = rest.indexOf('?');
    if (q >= 0) {
      for (String pair : rest.substring(q + 1).split("&")) {
        if (!pair.isEmpty()) {
          int eq = pair.indexOf('=');
          query.put(
              eq < 0 ? pair : pair.substring(0, eq),
              eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
      }
      rest = rest.substring(0, q);
    }
    int slash = rest.indexOf('/');
    String authority = slash < 0 ? rest : rest.substring(0, slash);
    String database = slash < 0 || slash == rest.length() - 1 ? null : rest.substring(slash + 1);
    // host, host:port, [v6], [v6]:port
    int colon = authority.lastIndexOf(':');
    boolean hasPort = colon > authority.lastIndexOf(']');
    String host = hasPort ? authority.substring(0, colon) : authority;
    if (host.startsWith("[") && host.endsWith("]")) {
      host = host.substring(1, host.length() - 1);
    }
    if (host.isEmpty() || host.contains(",")) {
      throw invalid(jdbcUrl, "expected one host");
    }
    int port = DEFAULT_PORT;
    if (hasPort) {
      try {
        port = Integer.parseInt(authority.substring(colon + 1));
      } catch (NumberFormatException e) {
        throw invalid(jdbcUrl, "the port is not a number");
      }
    }
    return new PgUrl(host, port, database, query);
  }

  /** The connection configuration for {@code db}, connecting within {@code connectTimeout}. */
  static PostgresqlConnectionConfiguration configuration(
      SutSettings.Database db, Duration connectTimeout) {
    PgUrl url = parse(db.jdbcUrl());
    String user = url.query().getOrDefault("user", db.username());
    String password = url.query().getOrDefault("password", db.password());
    PostgresqlConnectionConfiguration.Builder b =
        PostgresqlConnectionConfiguration.builder()
            .host(url.host())
            .port(url.port())
            .database(url.database())
            // as pgjdbc: without a user, the name of the user the process runs as
            .username(user == null ? System.getProperty("user.name") : user)
            .password(password)
            .applicationName("vtbench-sut-reactive")
            .connectTimeout(connectTimeout);
    String sslMode = url.query().get("sslmode");
    if (sslMode != null) {
      b.sslMode(SSLMode.fromValue(sslMode));
    }
    return b.build();
  }

  private static IllegalArgumentException invalid(String url, String why) {
    return new IllegalArgumentException(
        "DB_URL=" + SutSettings.Database.redact(url) + " is invalid: " + why);
  }
}
