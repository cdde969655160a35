package dev.vtbench.engine.model;

import dev.vtbench.engine.model.rules.ServiceRules;
import dev.vtbench.engine.model.rules.SpecRules;
import dev.vtbench.engine.model.spec.RequestSpec;
import dev.vtbench.engine.model.spec.ServiceSpec;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The only spec rules written in Java: ones the API server cannot run as CEL, because a rule
 * reading the keys of maps inside maps (the variables of {@code spec.sut.service.axisEnv}) or every
 * {name} of a request's body exceeds its cost budget 5 to 100 times (names and bodies have no
 * useful maxLength). The operator and a local run check them on top of the CRD ({@link
 * SpecValidation}); nothing else does, so each rule has this one home.
 */
final class BeyondCelBudgetChecks {

  private static final Pattern ENV_NAME = Pattern.compile(SpecRules.ENV_NAME);
  private static final Pattern RESERVED = Pattern.compile(ServiceRules.RESERVED_ENV);

  /** A {name} placeholder in a path or body. */
  private static final Pattern PLACEHOLDER = Pattern.compile("\\{([A-Za-z_][A-Za-z0-9_]*)}");

  private BeyondCelBudgetChecks() {}

  /** Every problem of these rules in {@code s}, one sentence each naming the field. */
  static List<String> problems(BenchmarkRunSpec s) {
    List<String> problems = new java.util.ArrayList<>();
    ServiceSpec v = s.sut == null ? null : s.sut.service;
    if (v != null && v.axisEnv != null) {
      String at = "spec.sut.service.axisEnv";
      axis(at + ".threadMode", v, v.axisEnv.threadMode, problems);
      axis(at + ".hikariPool", v, v.axisEnv.hikariPool, problems);
      axis(at + ".tomcatThreads", v, v.axisEnv.tomcatThreads, problems);
    }
    List<RequestSpec> requests = s.workload == null ? null : s.workload.requests;
    for (int i = 0; requests != null && i < requests.size(); i++) {
      RequestSpec r = requests.get(i);
      Set<String> used = placeholders(r.path);
      used.addAll(placeholders(r.body));
      for (String name : used) {
        if (r.params == null || !r.params.containsKey(name)) {
          problems.add(
              "spec.workload.requests["
                  + i
                  + "].params: no '"
                  + name
                  + "' for the {"
                  + name
                  + "} in path or body");
        }
      }
    }
    return problems;
  }

  /** Each value's variables: at least one, valid names, none reserved, none set elsewhere too. */
  private static void axis(
      String field, ServiceSpec v, Map<String, Map<String, String>> byValue, List<String> into) {
    if (byValue == null) {
      return;
    }
    Set<String> twice = new TreeSet<>();
    byValue.forEach(
        (value, env) -> {
          if (env == null || env.isEmpty()) {
            into.add(field + "." + value + ": " + ServiceRules.AXIS_ENV_MESSAGE);
            return;
          }
          for (String name : env.keySet()) {
            if (name.length() > SpecRules.ENV_NAME_MAX
                || !ENV_NAME.matcher(name).matches()
                || RESERVED.matcher(name).matches()) {
              into.add(field + "." + value + ": '" + name + "' " + ServiceRules.AXIS_ENV_MESSAGE);
            }
            if ((v.env != null && v.env.containsKey(name)) || name.equals(v.stubUrlEnv)) {
              twice.add(name);
            }
          }
        });
    for (String name : twice) {
      into.add("spec.sut.service.axisEnv: '" + name + "'; " + ServiceRules.AXIS_ENV_ONCE_MESSAGE);
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
}
