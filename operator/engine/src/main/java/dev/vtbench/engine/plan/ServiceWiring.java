package dev.vtbench.engine.plan;

import dev.vtbench.engine.model.ServiceRules;
import dev.vtbench.engine.model.ServiceSpec;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How a user's own service ({@code spec.sut.service}) finds what vtbench runs around it, on both
 * platforms: its port, its database and the stub, through Spring Boot's standard properties as
 * environment variables. The password is never among them: it is a file of a Spring configtree
 * ({@value #CONFIG_IMPORT}), a mounted Secret on a cluster and a private file locally.
 */
public final class ServiceWiring {

  /** Spring's config import: a configtree makes each file in a folder a property of its name. */
  public static final String CONFIG_IMPORT = "SPRING_CONFIG_IMPORT";

  /** The property, and so the configtree file name, the datasource password goes in. */
  public static final String PASSWORD_PROPERTY = "spring.datasource.password";

  /**
   * Where the service's database is.
   *
   * @param configTree the folder holding the {@value #PASSWORD_PROPERTY} file
   */
  public record Datasource(String jdbcUrl, String user, String configTree) {}

  private ServiceWiring() {}

  /**
   * The service's environment for {@code config}: the matrix's variables, then SERVER_PORT, the
   * datasource's URL and user and the configtree import (with a database), the stub's URL in the
   * variable the spec names (when the service calls it).
   *
   * @param db the database, or null without one
   * @param stubBaseUrl the stub's base URL as the service reaches it
   */
  public static Map<String, String> env(
      ServiceSpec service, SutConfig config, Datasource db, String stubBaseUrl) {
    Map<String, String> env = new LinkedHashMap<>(config.env());
    env.put("SERVER_PORT", Integer.toString(service.port));
    if (db != null) {
      env.put("SPRING_DATASOURCE_URL", db.jdbcUrl());
      env.put("SPRING_DATASOURCE_USERNAME", db.user());
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
