package dev.vtbench.engine.model;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@link SpecValidator}'s checks of a user's own service: {@code spec.sut.service}, {@code
 * spec.workload.requests / script} and {@code spec.database.enabled / sql / external}, with the
 * {@link ServiceRules} the CRD is built from, plus what CEL cannot check (every {name} of a request
 * filled by a param).
 */
final class ServiceChecks {

  static final List<String> METHODS = SpecRules.values(ServiceRules.METHODS);
  static final List<String> STUB_PATHS = SpecRules.values(ServiceRules.STUB_PATHS);

  private static final Pattern PATH = Pattern.compile(ServiceRules.PATH);
  private static final Pattern REQUEST_PATH = Pattern.compile(ServiceRules.REQUEST_PATH);
  private static final Pattern ENV_NAME = Pattern.compile(SpecRules.ENV_NAME);
  private static final Pattern RESERVED = Pattern.compile(ServiceRules.RESERVED_ENV);
  private static final Pattern PARAM_NAME = Pattern.compile(ServiceRules.PARAM_NAME);
  private static final Pattern HEADER_NAME = Pattern.compile(ServiceRules.HEADER_NAME);
  private static final Pattern NUMBER = Pattern.compile("^[1-9][0-9]{0,5}$");
  private static final Pattern FRAMING_HEADER = Pattern.compile(ServiceRules.FRAMING_HEADER);
  private static final Pattern HEADER_VALUE = Pattern.compile(ServiceRules.HEADER_VALUE);

  /** A {name} placeholder in a path or body. */
  static final Pattern PLACEHOLDER = Pattern.compile("\\{([A-Za-z_][A-Za-z0-9_]*)}");

  private ServiceChecks() {}

  static void check(BenchmarkRunSpec s, FieldChecks check) {
    ServiceSpec service = s.sut == null ? null : s.sut.service;
    List<RequestSpec> requests = s.workload == null ? null : s.workload.requests;
    boolean mix = requests != null && !requests.isEmpty();
    ScriptSpec script = s.workload == null ? null : s.workload.script;
    if (service != null) {
      service(service, s.matrix, s.sut.tomcatMaxThreads, check);
      if (s.matrix != null
          && s.matrix.threadModes != null
          && s.matrix.threadModes.contains(SpecRules.REACTIVE)) {
        check.add("spec.matrix.threadModes: " + ServiceRules.NO_REACTIVE_MESSAGE);
      }
      if (!mix && script == null) {
        check.add("spec.workload: " + ServiceRules.SERVICE_NEEDS_REQUESTS_MESSAGE);
      }
    } else {
      if (mix) {
        check.add("spec.workload.requests: " + ServiceRules.REQUESTS_NEED_SERVICE_MESSAGE);
      }
      if (script != null) {
        check.add("spec.workload.script: " + ServiceRules.SCRIPT_NEEDS_SERVICE_MESSAGE);
      }
    }
    if (script != null && s.load != null && s.load.parallelism > 1) {
      check.add("spec.load.parallelism: " + ServiceRules.SCRIPT_ONE_RUNNER_MESSAGE);
    }
    if (script != null) {
      if (mix) {
        check.add("spec.workload.script: " + ServiceRules.SCRIPT_OR_REQUESTS_MESSAGE);
      }
      script(script, check);
    }
    if (requests != null) {
      check.atMost("spec.workload.requests", requests, ServiceRules.REQUESTS_MAX);
      for (int i = 0; i < requests.size(); i++) {
        request("spec.workload.requests[" + i + "]", requests.get(i), check);
      }
    }
    if (s.database != null) {
      if (!s.database.enabled && service == null) {
        check.add("spec.database.enabled: " + ServiceRules.NO_DATABASE_NEEDS_SERVICE_MESSAGE);
      }
      external(s.database, service, check);
      if (s.database.sql != null) {
        if (service == null || !s.database.enabled) {
          check.add("spec.database.sql: " + ServiceRules.SQL_NEEDS_SERVICE_MESSAGE);
        }
        List<String> files = s.database.sql.files;
        if (files == null || files.isEmpty()) {
          check.add("spec.database.sql.files: must list at least one SQL file");
        } else {
          check.atMost("spec.database.sql.files", files, ServiceRules.SQL_FILES_MAX);
          for (int i = 0; i < files.size(); i++) {
            check.file("spec.database.sql.files[" + i + "]", files.get(i));
          }
        }
      }
    }
  }

  /** spec.database.external: a Secret's name, only for a service with a database of its own. */
  private static void external(DatabaseSpec database, ServiceSpec service, FieldChecks check) {
    ExternalDatabaseSpec x = database.external;
    if (x == null) {
      return;
    }
    String at = "spec.database.external";
    if (service == null) {
      check.add(at + ": " + ServiceRules.EXTERNAL_NEEDS_SERVICE_MESSAGE);
    }
    if (database.sql != null) {
      check.add(at + ": " + ServiceRules.EXTERNAL_NOT_WITH_SQL_MESSAGE);
    }
    if (!database.enabled) {
      check.add(at + ": " + ServiceRules.EXTERNAL_NEEDS_ENABLED_MESSAGE);
    }
    check.text(at + ".secret", x.secret, SpecRules.KUBE_NAME_MAX);
    if (x.secret != null && !x.secret.isEmpty()) {
      check.matches(at + ".secret", x.secret, SpecValidator.SUBDOMAIN, SpecRules.SUBDOMAIN_MESSAGE);
    }
  }

  private static void script(ScriptSpec script, FieldChecks check) {
    String at = "spec.workload.script";
    if (script.file != null) {
      check.file(at + ".file", script.file);
    }
    if (script.configMap != null) {
      String name = at + ".configMap.name";
      check.text(name, script.configMap.name, SpecRules.KUBE_NAME_MAX);
      if (script.configMap.name != null) {
        check.matches(
            name, script.configMap.name, SpecValidator.SUBDOMAIN, SpecRules.SUBDOMAIN_MESSAGE);
      }
      String key = at + ".configMap.key";
      check.text(key, script.configMap.key, SpecRules.KUBE_NAME_MAX);
      if (script.configMap.key != null) {
        check.matches(
            key,
            script.configMap.key,
            SpecValidator.CONFIG_MAP_KEY,
            SpecRules.CONFIG_MAP_KEY_MESSAGE);
      }
    }
  }

  private static void service(
      ServiceSpec v, MatrixSpec matrix, int tomcatThreads, FieldChecks check) {
    String at = "spec.sut.service";
    if (v.jar != null && v.command != null) {
      check.add(at + ": " + ServiceRules.JAR_OR_COMMAND_MESSAGE);
    }
    if (v.jar != null) {
      check.file(at + ".jar", v.jar);
    }
    if (v.command != null) {
      check.atMost(at + ".command", v.command, ServiceRules.COMMAND_MAX);
      for (int i = 0; i < v.command.size(); i++) {
        check.text(at + ".command[" + i + "]", v.command.get(i), SpecRules.FILE_MAX);
      }
    }
    if (v.image != null) {
      check.text(at + ".image", v.image, SpecRules.IMAGE_MAX);
      check.matches(at + ".image", v.image, SpecValidator.IMAGE, SpecRules.IMAGE_MESSAGE);
    }
    if (v.port < 1 || v.port > 65_535) {
      check.add(at + ".port: " + v.port + " must be from 1 to 65535");
    }
    check.longest(at + ".healthPath", v.healthPath, ServiceRules.PATH_MAX);
    check.matches(at + ".healthPath", v.healthPath, PATH, ServiceRules.PATH_MESSAGE);
    if (v.hasActuator()) {
      check.longest(at + ".actuatorPath", v.actuatorPath, ServiceRules.PATH_MAX);
      check.matches(at + ".actuatorPath", v.actuatorPath, PATH, ServiceRules.OPTIONAL_PATH_MESSAGE);
    }
    check.atMost(at + ".env", v.env, SpecRules.ENV_MAX);
    if (v.env != null) {
      for (String name : v.env.keySet()) {
        if (!envName(name) || RESERVED.matcher(name).matches()) {
          check.add(at + ".env: '" + name + "' is not allowed; " + ServiceRules.ENV_MESSAGE);
        }
      }
    }
    if (v.stubUrlEnv != null) {
      if (!envName(v.stubUrlEnv) || RESERVED.matcher(v.stubUrlEnv).matches()) {
        check.add(at + ".stubUrlEnv: '" + v.stubUrlEnv + "' " + ServiceRules.ENV_NAME_MESSAGE);
      } else if (v.env != null && v.env.containsKey(v.stubUrlEnv)) {
        check.add(at + ".stubUrlEnv: '" + v.stubUrlEnv + "' is also set in env; set it once");
      }
    }
    if (v.stubPath != null) {
      check.oneOf(at + ".stubPath", v.stubPath, STUB_PATHS);
      if (!v.usesStub()) {
        check.add(at + ".stubPath: " + ServiceRules.STUB_PATH_NEEDS_ENV_MESSAGE);
      }
    }
    if (v.axisEnv != null) {
      ServiceSpec.AxisEnv a = v.axisEnv;
      axis(at + ".axisEnv.threadMode", a.threadMode, SpecValidator.THREAD_MODES, check);
      axis(at + ".axisEnv.hikariPool", a.hikariPool, null, check);
      axis(at + ".axisEnv.tomcatThreads", a.tomcatThreads, null, check);
      if (matrix != null) {
        covered(at + ".axisEnv.threadMode", a.threadMode, matrix.threadModes, check);
        covered(at + ".axisEnv.hikariPool", a.hikariPool, matrix.hikariPoolSizes, check);
      }
      covered(at + ".axisEnv.tomcatThreads", a.tomcatThreads, List.of(tomcatThreads), check);
      once(at, v, a.threadMode, check);
      once(at, v, a.hikariPool, check);
      once(at, v, a.tomcatThreads, check);
    }
  }

  /** Keys from {@code allowed} (null: whole numbers), each to valid variable names. */
  private static void axis(
      String field,
      Map<String, Map<String, String>> byValue,
      List<String> allowed,
      FieldChecks check) {
    if (byValue == null) {
      return;
    }
    byValue.forEach(
        (value, env) -> {
          if (allowed != null) {
            check.oneOf(field + " key", value, allowed);
          } else if (!NUMBER.matcher(value).matches()) {
            check.add(field + ": key '" + value + "' " + ServiceRules.NUMBER_KEYS_MESSAGE);
          }
          if (env == null || env.isEmpty()) {
            check.add(field + "." + value + ": " + ServiceRules.AXIS_ENV_MESSAGE);
            return;
          }
          check.atMost(field + "." + value, env, SpecRules.ENV_MAX);
          for (String name : env.keySet()) {
            if (!envName(name) || RESERVED.matcher(name).matches()) {
              check.add(field + "." + value + ": '" + name + "' " + ServiceRules.AXIS_ENV_MESSAGE);
            }
          }
        });
  }

  /** A variable of an axis override is not also in env or the stub's variable. */
  private static void once(
      String at, ServiceSpec v, Map<String, Map<String, String>> byValue, FieldChecks check) {
    if (byValue == null) {
      return;
    }
    Set<String> twice = new java.util.TreeSet<>();
    byValue.values().stream()
        .filter(env -> env != null)
        .flatMap(env -> env.keySet().stream())
        .filter(k -> (v.env != null && v.env.containsKey(k)) || k.equals(v.stubUrlEnv))
        .forEach(twice::add);
    for (String name : twice) {
      check.add(at + ".axisEnv: '" + name + "'; " + ServiceRules.AXIS_ENV_ONCE_MESSAGE);
    }
  }

  /** Every value the matrix runs has its variables where the axis is overridden. */
  private static void covered(
      String field, Map<String, Map<String, String>> byValue, List<?> values, FieldChecks check) {
    if (byValue == null || values == null) {
      return;
    }
    for (Object value : values) {
      if (!byValue.containsKey(String.valueOf(value))) {
        check.add(field + ": has no '" + value + "'; " + ServiceRules.AXIS_COVERED_MESSAGE);
      }
    }
  }

  private static void request(String at, RequestSpec r, FieldChecks check) {
    if (r == null) {
      check.add(at + ": required");
      return;
    }
    check.oneOf(at + ".method", r.method, METHODS);
    check.text(at + ".path", r.path, ServiceRules.PATH_MAX);
    if (r.path != null && !r.path.isEmpty()) {
      check.matches(at + ".path", r.path, REQUEST_PATH, ServiceRules.REQUEST_PATH_MESSAGE);
    }
    check.longest(at + ".body", r.body, ServiceRules.BODY_MAX);
    check.between(at + ".weight", r.weight, ServiceRules.WEIGHT_MAX);
    check.atMost(at + ".headers", r.headers, ServiceRules.HEADERS_MAX);
    if (r.headers != null) {
      r.headers.forEach(
          (name, value) -> {
            if (!HEADER_NAME.matcher(name).matches() || FRAMING_HEADER.matcher(name).matches()) {
              check.add(at + ".headers: '" + name + "' " + ServiceRules.HEADER_KEYS_MESSAGE);
            }
            check.longest(at + ".headers." + name, value, ServiceRules.PARAM_VALUE_MAX);
            if (value == null || !HEADER_VALUE.matcher(value).matches()) {
              check.add(
                  at + ".headers." + name + ": its value " + ServiceRules.HEADER_KEYS_MESSAGE);
            }
          });
    }
    if (r.expectedStatus != null) {
      check.atMost(at + ".expectedStatus", r.expectedStatus, ServiceRules.STATUSES_MAX);
      for (Integer status : r.expectedStatus) {
        if (status == null || status < 100 || status > 599) {
          check.add(at + ".expectedStatus: " + status + " is not an HTTP status from 100 to 599");
        }
      }
    }
    Map<String, RequestSpec.Param> params = r.params == null ? Map.of() : r.params;
    check.atMost(at + ".params", params, ServiceRules.PARAMS_MAX);
    params.forEach((name, p) -> param(at + ".params." + name, name, p, check));
    Set<String> used = placeholders(r.path);
    used.addAll(placeholders(r.body));
    for (String name : used) {
      if (!params.containsKey(name)) {
        check.add(at + ".params: no '" + name + "' for the {" + name + "} in path or body");
      }
    }
    for (String name : params.keySet()) {
      if (!used.contains(name)) {
        check.add(at + ".params." + name + ": not used: path and body hold no {" + name + "}");
      }
    }
  }

  private static void param(String at, String name, RequestSpec.Param p, FieldChecks check) {
    if (!PARAM_NAME.matcher(name).matches()) {
      check.add(at + ": " + ServiceRules.PARAM_KEYS_MESSAGE);
    }
    if (p == null) {
      check.add(at + ": " + ServiceRules.RANGE_OR_VALUES_MESSAGE);
      return;
    }
    boolean range = p.from != null && p.to != null;
    boolean list = p.values != null && !p.values.isEmpty();
    if (range == list || (!range && (p.from != null || p.to != null))) {
      check.add(at + ": " + ServiceRules.RANGE_OR_VALUES_MESSAGE);
    }
    for (Long n : java.util.Arrays.asList(p.from, p.to)) {
      if (n != null && (n > ServiceRules.PARAM_NUMBER_MAX || n < -ServiceRules.PARAM_NUMBER_MAX)) {
        check.add(at + ": " + n + " " + ServiceRules.PARAM_NUMBER_MESSAGE);
      }
    }
    if (range && p.from > p.to) {
      check.add(at + ": from " + p.from + " must be at most to " + p.to);
    }
    if (p.values != null) {
      check.atMost(at + ".values", p.values, ServiceRules.PARAM_VALUES_MAX);
      for (String value : p.values) {
        check.longest(at + ".values", value, ServiceRules.PARAM_VALUE_MAX);
      }
    }
  }

  /** The {name}s in {@code text}, in order of first appearance. */
  static Set<String> placeholders(String text) {
    Set<String> names = new LinkedHashSet<>();
    if (text != null) {
      Matcher m = PLACEHOLDER.matcher(text);
      while (m.find()) {
        names.add(m.group(1));
      }
    }
    return names;
  }

  private static boolean envName(String name) {
    return name.length() <= SpecRules.ENV_NAME_MAX && ENV_NAME.matcher(name).matches();
  }
}
