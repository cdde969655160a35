package dev.vtbench.engine.model;

import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * {@link SpecValidator}'s checks of {@code spec.matrix.builds}, with the {@link BuildRules} the CRD
 * is built from: 1 to {@value BuildRules#BUILDS_MAX} builds of a user's own service, each named
 * once, each an image, a jar or a command like the service's own.
 */
final class BuildChecks {

  private static final Pattern NAME = Pattern.compile(BuildRules.NAME);

  private BuildChecks() {}

  static void check(BenchmarkRunSpec s, FieldChecks check) {
    List<BuildSpec> builds = s.matrix == null ? null : s.matrix.builds;
    if (builds == null) {
      return;
    }
    String field = "spec.matrix.builds";
    if (s.sut == null || s.sut.service == null) {
      check.add(field + ": " + BuildRules.NEEDS_SERVICE_MESSAGE);
    }
    if (builds.isEmpty() || builds.size() > BuildRules.BUILDS_MAX) {
      check.add(field + ": " + builds.size() + " builds; " + BuildRules.UNIQUE_MESSAGE);
      return;
    }
    for (int i = 0; i < builds.size(); i++) {
      String at = field + "[" + i + "]";
      BuildSpec b = builds.get(i);
      if (!check.required(b, at)) {
        continue;
      }
      name(check, at + ".name", b.name, i, builds);
      if (b.image != null) {
        check.text(at + ".image", b.image, SpecRules.IMAGE_MAX);
        check.matches(at + ".image", b.image, SpecValidator.IMAGE, SpecRules.IMAGE_MESSAGE);
      }
      if (b.jar != null && b.command != null) {
        check.add(at + ": " + ServiceRules.JAR_OR_COMMAND_MESSAGE);
      }
      if (b.jar != null) {
        check.file(at + ".jar", b.jar);
      }
      if (b.command != null) {
        check.atMost(at + ".command", b.command, ServiceRules.COMMAND_MAX);
        for (int j = 0; j < b.command.size(); j++) {
          check.text(at + ".command[" + j + "]", b.command.get(j), SpecRules.FILE_MAX);
        }
      }
    }
  }

  private static void name(
      FieldChecks check, String field, String name, int i, List<BuildSpec> builds) {
    if (name == null) {
      check.add(field + ": required; " + BuildRules.NAME_MESSAGE);
      return;
    }
    if (name.length() > BuildRules.NAME_MAX || !NAME.matcher(name).matches()) {
      check.add(field + ": '" + name + "' " + BuildRules.NAME_MESSAGE);
      return;
    }
    for (int j = 0; j < i; j++) {
      BuildSpec other = builds.get(j);
      if (other != null && name.equals(other.name)) {
        check.add(
            field
                + ": '"
                + name
                + "' is listed twice (also ["
                + j
                + "]); "
                + BuildRules.UNIQUE_MESSAGE);
        return;
      }
    }
  }

  /**
   * Whether the service's own {@code source} (an image, a jar or command) is there, or every build
   * brings its own: what a platform needs to start each build.
   */
  static boolean everyBuildRuns(
      ServiceSpec service,
      List<BuildSpec> builds,
      Predicate<ServiceSpec> serviceHas,
      Predicate<BuildSpec> buildHas) {
    if (serviceHas.test(service)) {
      return true;
    }
    return builds != null
        && !builds.isEmpty()
        && builds.stream().allMatch(b -> b != null && buildHas.test(b));
  }
}
