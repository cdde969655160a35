package dev.vtbench.engine.plan;

import dev.vtbench.engine.model.rules.SpecRules;
import dev.vtbench.engine.model.spec.ServiceSpec;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How the matrix reaches a user's own service ({@code spec.sut.service}): by default through Spring
 * Boot's own properties as environment variables (relaxed binding), per axis replaced by the spec's
 * {@code axisEnv} for services that name them differently or are not Spring Boot.
 *
 * @param threadMode platform / virtual → variables; null: {@value #VIRTUAL}
 * @param hikariPool pool size → variables; null: {@value #POOL} and {@value #MIN_IDLE}
 * @param tomcatThreads Tomcat threads → variables; null: {@value #TOMCAT_THREADS}
 */
public record ServiceEnv(
    Map<String, Map<String, String>> threadMode,
    Map<String, Map<String, String>> hikariPool,
    Map<String, Map<String, String>> tomcatThreads) {

  /** spring.threads.virtual.enabled: Tomcat's request threads and more become virtual. */
  public static final String VIRTUAL = "SPRING_THREADS_VIRTUAL_ENABLED";

  /** spring.datasource.hikari.maximum-pool-size. */
  public static final String POOL = "SPRING_DATASOURCE_HIKARI_MAXIMUMPOOLSIZE";

  /**
   * spring.datasource.hikari.minimum-idle: equal to the maximum, a fixed-size pool as the rig's.
   */
  public static final String MIN_IDLE = "SPRING_DATASOURCE_HIKARI_MINIMUMIDLE";

  /** server.tomcat.threads.max: the platform-thread wall. */
  public static final String TOMCAT_THREADS = "SERVER_TOMCAT_THREADS_MAX";

  /** The environment of {@code service}'s axes, or null for vtbench's own SUT. */
  public static ServiceEnv of(ServiceSpec service) {
    if (service == null) {
      return null;
    }
    ServiceSpec.AxisEnv a = service.axisEnv;
    return a == null
        ? new ServiceEnv(null, null, null)
        : new ServiceEnv(a.threadMode, a.hikariPool, a.tomcatThreads);
  }

  /** The variables for one point of the matrix. */
  public Map<String, String> env(String mode, int pool, int tomcatMaxThreads) {
    Map<String, String> env = new LinkedHashMap<>();
    boolean virtual = SpecRules.VIRTUAL.equals(mode);
    env.putAll(axis(threadMode, mode, Map.of(VIRTUAL, Boolean.toString(virtual)), "threadMode"));
    String size = Integer.toString(pool);
    env.putAll(axis(hikariPool, size, Map.of(POOL, size, MIN_IDLE, size), "hikariPool"));
    String threads = Integer.toString(tomcatMaxThreads);
    env.putAll(axis(tomcatThreads, threads, Map.of(TOMCAT_THREADS, threads), "tomcatThreads"));
    return env;
  }

  private static Map<String, String> axis(
      Map<String, Map<String, String>> override,
      String value,
      Map<String, String> springBoot,
      String name) {
    if (override == null) {
      return springBoot;
    }
    Map<String, String> env = override.get(value);
    if (env == null) {
      // The validator refuses such a spec; reaching here is a bug, not a user error.
      throw new IllegalStateException(
          "spec.sut.service.axisEnv." + name + " has no '" + value + "'");
    }
    return env;
  }
}
