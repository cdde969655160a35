package dev.vtbench.engine.model.rules;

/**
 * The validation rules of {@code spec.matrix.builds}, builds of a user's own service compared in
 * one run: constants the CRD's schema and CEL rules are built from, which {@link
 * dev.vtbench.engine.model.SpecValidation} applies, as {@link ServiceRules} does for the service
 * itself.
 */
public final class BuildRules {

  private BuildRules() {}

  /** Most builds one run compares: each is a JVM start and warm-up per thread mode and pool. */
  public static final int BUILDS_MAX = 4;

  /** Longest build name: it is a CSV value, a summary column and part of every scenario id. */
  public static final int NAME_MAX = 20;

  /**
   * A build's name: lower-case letters, digits, '.' and '-', starting and ending with a letter or
   * digit, so that inside a scenario id it stays a label value, a file name and a k6 tag.
   */
  public static final String NAME = "^[a-z0-9]([-.a-z0-9]*[a-z0-9])?$";

  public static final String NAME_RULE = "self.matches('" + NAME + "')";
  public static final String NAME_MESSAGE =
      "must be a short label of lower-case letters, digits, '.' and '-', starting and ending with"
          + " a letter or digit, at most "
          + NAME_MAX
          + " characters, e.g. boot-3.4";

  public static final String UNIQUE_RULE = "self.all(b, self.exists_one(c, c.name == b.name))";
  public static final String UNIQUE_MESSAGE =
      "must list 1 to "
          + BUILDS_MAX
          + " builds, each name once: the name is the build's value in the CSV's build column";

  public static final String NEEDS_SERVICE_RULE =
      "!has(self.matrix) || !has(self.matrix.builds) || (has(self.sut) && has(self.sut.service))";
  public static final String NEEDS_SERVICE_MESSAGE =
      "spec.matrix.builds needs spec.sut.service: a build replaces your service's image, jar or"
          + " command (vtbench's own SUT has one build; compare its JVM configurations with"
          + " spec.matrix.jvmOptions)";
}
