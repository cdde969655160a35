package dev.vtbench.engine.model.spec;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.vtbench.engine.model.rules.ServiceRules;
import dev.vtbench.engine.model.rules.SpecRules;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code spec.sut.service}: the user's own service in place of vtbench's SUT. It runs from an image
 * on a cluster and from a jar or a command locally; the matrix reaches it through Spring Boot's own
 * properties as environment variables unless {@link #axisEnv} names others. Only what a plain
 * Spring Boot service offers is read from it: its health path, and Actuator's metrics when it
 * exposes them.
 */
@ValidationRule(
    value = ServiceRules.JAR_OR_COMMAND_RULE,
    message = ServiceRules.JAR_OR_COMMAND_MESSAGE)
@ValidationRule(
    value = ServiceRules.STUB_ENV_ONCE_RULE,
    message = ServiceRules.STUB_ENV_ONCE_MESSAGE,
    fieldPath = ".stubUrlEnv")
@ValidationRule(
    value = ServiceRules.STUB_PATH_NEEDS_ENV_RULE,
    message = ServiceRules.STUB_PATH_NEEDS_ENV_MESSAGE,
    fieldPath = ".stubPath")
public class ServiceSpec {

  @JsonPropertyDescription(
      "The service's container image (Kubernetes; required there unless every"
          + " spec.matrix.builds entry names one), e.g. registry:5000/team/orders:1.4. It must run"
          + " as a non-root user.")
  @Size(max = SpecRules.IMAGE_MAX)
  @ValidationRule(value = SpecRules.IMAGE_RULE, message = SpecRules.IMAGE_MESSAGE)
  public String image;

  @JsonPropertyDescription(
      "The service's executable jar (local runs; relative to the spec file's folder unless"
          + " absolute), started as java -Xmx<3/4 of spec.sut.memory> -jar <jar>.")
  @Size(min = 1, max = SpecRules.FILE_MAX)
  @ValidationRule(value = SpecRules.FILE_RULE, message = SpecRules.FILE_MESSAGE)
  public String jar;

  @JsonPropertyDescription(
      "The command that starts the service (local runs), instead of jar, e.g. [java, -jar,"
          + " app.jar]; it must listen on port.")
  @Size(max = ServiceRules.COMMAND_MAX)
  public List<@Size(max = SpecRules.FILE_MAX) String> command;

  @JsonPropertyDescription(
      "The port the service listens on, handed to it as SERVER_PORT; locally it must be free.")
  @Min(1)
  @Max(65_535)
  public int port = ServiceRules.DEFAULT_PORT;

  @JsonPropertyDescription(
      "A path answering 200 once the service is ready, e.g. /actuator/health/readiness.")
  @Size(min = 1, max = ServiceRules.PATH_MAX)
  @ValidationRule(value = ServiceRules.PATH_RULE, message = ServiceRules.PATH_MESSAGE)
  public String healthPath = ServiceRules.DEFAULT_HEALTH_PATH;

  @JsonPropertyDescription(
      "Spring Boot Actuator's base path; its metrics endpoint gives requests per window (the"
          + " steady-state check), Hikari, thread and heap peaks. Empty: the service has no"
          + " Actuator, those columns stay empty and no row is judged steady.")
  @Size(max = ServiceRules.PATH_MAX)
  @ValidationRule(
      value = ServiceRules.OPTIONAL_PATH_RULE,
      message = ServiceRules.OPTIONAL_PATH_MESSAGE)
  @Default(ServiceRules.DEFAULT_ACTUATOR_PATH)
  public String actuatorPath = ServiceRules.DEFAULT_ACTUATOR_PATH;

  @JsonPropertyDescription(
      "Extra environment variables for the service; what vtbench sets (SERVER_PORT,"
          + " SPRING_DATASOURCE_*, SPRING_THREADS_*, SERVER_TOMCAT_*, SPRING_CONFIG_IMPORT, the"
          + " JVM's option variables) and anything named *PASSWORD* (credentials go through a"
          + " configtree file) are refused.")
  @Size(max = SpecRules.ENV_MAX)
  @ValidationRule(value = ServiceRules.ENV_RULE, message = ServiceRules.ENV_MESSAGE)
  public Map<String, String> env = new LinkedHashMap<>();

  @JsonPropertyDescription(
      "Environment variables per axis value for services that do not take Spring Boot's own"
          + " (spring.threads.virtual.enabled, server.tomcat.threads.max,"
          + " spring.datasource.hikari.maximum-pool-size): an axis listed here replaces its"
          + " default variables and must name every value the matrix uses.")
  public AxisEnv axisEnv;

  @JsonPropertyDescription(
      "Environment variable the stub's URL (base URL + stubPath) is handed in, e.g."
          + " SHIPPING_QUOTE_URL; unset: no stub runs. The stub answers after"
          + " spec.workload.stubDelay.")
  @Size(max = SpecRules.ENV_NAME_MAX)
  @ValidationRule(value = ServiceRules.ENV_NAME_RULE, message = ServiceRules.ENV_NAME_MESSAGE)
  public String stubUrlEnv;

  @JsonPropertyDescription(
      "The stub path the service calls: /downstream (JSON) or /upper; / hands it the stub's base"
          + " URL alone, for a service that appends the stub's paths itself.")
  @ValidationRule(
      value = "self in " + ServiceRules.STUB_PATHS,
      message = ServiceRules.STUB_PATHS_MESSAGE)
  @Size(max = 32)
  public String stubPath;

  /** The stub path the service calls: {@link #stubPath} or /downstream. */
  public String stubPathOrDefault() {
    return stubPath == null ? ServiceRules.DEFAULT_STUB_PATH : stubPath;
  }

  /** Whether a stub runs for this service. */
  public boolean usesStub() {
    return stubUrlEnv != null && !stubUrlEnv.isEmpty();
  }

  /** Whether vtbench reads Actuator's metrics from this service. */
  public boolean hasActuator() {
    return actuatorPath != null && !actuatorPath.isEmpty();
  }

  /** Axis value → environment variables, one map per axis. */
  public static class AxisEnv {
    @JsonPropertyDescription(
        "platform and virtual → variables, e.g. {platform: {APP_VT: 'off'}, virtual: {APP_VT:"
            + " 'on'}}; replaces SPRING_THREADS_VIRTUAL_ENABLED.")
    @Size(max = 2)
    @ValidationRule(
        value = ServiceRules.THREAD_MODE_KEYS_RULE,
        message = ServiceRules.THREAD_MODE_KEYS_MESSAGE)
    public Map<String, @Size(max = SpecRules.ENV_MAX) Map<String, String>> threadMode;

    @JsonPropertyDescription(
        "Pool size (as a string) → variables, e.g. {'20': {DB_POOL: '20'}}; replaces"
            + " SPRING_DATASOURCE_HIKARI_MAXIMUMPOOLSIZE and _MINIMUMIDLE.")
    @Size(max = SpecRules.POOL_SIZES_MAX)
    @ValidationRule(
        value = ServiceRules.NUMBER_KEYS_RULE,
        message = ServiceRules.NUMBER_KEYS_MESSAGE)
    public Map<String, @Size(max = SpecRules.ENV_MAX) Map<String, String>> hikariPool;

    @JsonPropertyDescription(
        "spec.sut.tomcatMaxThreads (as a string) → variables; replaces"
            + " SERVER_TOMCAT_THREADS_MAX.")
    @Size(max = 1)
    @ValidationRule(
        value = ServiceRules.NUMBER_KEYS_RULE,
        message = ServiceRules.NUMBER_KEYS_MESSAGE)
    public Map<String, @Size(max = SpecRules.ENV_MAX) Map<String, String>> tomcatThreads;
  }
}
