package dev.vtbench.engine.plan;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Everything that needs a SUT restart to change. Two scenarios with equal configs share one SUT
 * process (or Deployment revision).
 */
public record SutConfig(
    boolean virtualThreads,
    int hikariPool,
    String connectionMode,
    String pathMode,
    int tomcatMaxThreads,
    Map<String, String> extraEnv) {

  public SutConfig {
    extraEnv = Map.copyOf(extraEnv);
  }

  /** The SUT's environment for this config, with the reference rig's variable names. */
  public Map<String, String> env() {
    Map<String, String> env = new LinkedHashMap<>(extraEnv);
    env.put("VT_ENABLED", Boolean.toString(virtualThreads));
    env.put("HIKARI_MAX_POOL", Integer.toString(hikariPool));
    env.put("CONN_MODE", connectionMode);
    env.put("PATH_MODE", pathMode);
    env.put("TOMCAT_MAX_THREADS", Integer.toString(tomcatMaxThreads));
    return env;
  }

  public String threadMode() {
    return virtualThreads ? "virtual" : "platform";
  }
}
