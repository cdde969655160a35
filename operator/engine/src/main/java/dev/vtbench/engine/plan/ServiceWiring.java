package dev.vtbench.engine.plan;

import dev.vtbench.engine.model.rules.ServiceRules;
import dev.vtbench.engine.model.spec.ServiceSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How a user's own service ({@code spec.sut.service}) finds what vtbench runs around it, on both
 * platforms: its port, its database and the stub, through Spring Boot's standard properties as
 * environment variables. The password is never among them: it is a file of a Spring configtree
 * ({@value #CONFIG_IMPORT}), a mounted Secret on a cluster and a private file locally. The user's
 * own database ({@code spec.database.external}) is all files there: URL, user and password.
 */
public final class ServiceWiring {

  /** Spring's config import: a configtree makes each file in a folder a property of its name. */
  public static final String CONFIG_IMPORT = "SPRING_CONFIG_IMPORT";

  /** The property, and so the configtree file name, the datasource password goes in. */
  public static final String PASSWORD_PROPERTY = "spring.datasource.password";

  /**
   * One key of the user's database Secret ({@code spec.database.external}) and the Spring Boot
   * property, and so the configtree file name, it becomes.
   */
  public record SecretKey(String key, String property) {}

  /**
   * The keys the user's database Secret must hold, in the order docs and errors name them: the JDBC
   * URL, the user and the password, each a file of the configtree under its property's name.
   */
  public static final List<SecretKey> EXTERNAL_KEYS =
      List.of(
          new SecretKey("url", "spring.datasource.url"),
          new SecretKey("username", "spring.datasource.username"),
          new SecretKey("password", PASSWORD_PROPERTY));

  /** The keys of {@link #EXTERNAL_KEYS}, e.g. for a message: url, username, password. */
  public static List<String> externalKeyNames() {
    return EXTERNAL_KEYS.stream().map(SecretKey::key).toList();
  }

  /**
   * Where the service's database is.
   *
   * @param jdbcUrl the URL in SPRING_DATASOURCE_URL; null when it is a configtree file
   * @param user the user in SPRING_DATASOURCE_USERNAME; null when it is a configtree file
   * @param configTree the folder holding the {@value #PASSWORD_PROPERTY} file (and, for the user's
   *     own database, the URL and user files too)
   */
  public record Datasource(String jdbcUrl, String user, String configTree) {

    /** The user's own database: URL, user and password all files of {@code configTree}. */
    public static Datasource inConfigTree(String configTree) {
      return new Datasource(null, null, configTree);
    }
  }

  /**
   * Spring Boot's switch for Tomcat's MBean registry, off by default: without it Actuator has no
   * {@code tomcat.threads.*}, the busy threads the bottleneck rule reads ({@code
   * ActuatorMetric.TOMCAT_BUSY}). A namespace vtbench already owns ({@code SERVER_TOMCAT_*}).
   */
  public static final String TOMCAT_METRICS = "SERVER_TOMCAT_MBEANREGISTRY_ENABLED";

  private ServiceWiring() {}

  /**
   * The service's environment for {@code config}: the matrix's variables, then SERVER_PORT, {@link
   * #TOMCAT_METRICS}, the datasource's URL and user (unless they are configtree files) and the
   * configtree import (with a database), the stub's URL in the variable the spec names (when the
   * service calls it).
   *
   * @param db the database, or null without one
   * @param stubBaseUrl the stub's base URL as the service reaches it
   */
  public static Map<String, String> env(
      ServiceSpec service, SutConfig config, Datasource db, String stubBaseUrl) {
    Map<String, String> env = new LinkedHashMap<>(config.env());
    env.put("SERVER_PORT", Integer.toString(service.port));
    env.put(TOMCAT_METRICS, "true");
    if (db != null) {
      if (db.jdbcUrl() != null) {
        env.put("SPRING_DATASOURCE_URL", db.jdbcUrl());
      }
      if (db.user() != null) {
        env.put("SPRING_DATASOURCE_USERNAME", db.user());
      }
      String dir = db.configTree().endsWith("/") ? db.configTree() : db.configTree() + "/";
      env.put(CONFIG_IMPORT, "optional:configtree:" + dir);
    }
    if (service.usesStub()) {
      String path = service.stubPathOrDefault();
      env.put(
          service.stubUrlEnv,
          path.equals(ServiceRules.STUB_BASE_PATH) ? stubBaseUrl : stubBaseUrl + path);
    }
    return env;
  }
}
