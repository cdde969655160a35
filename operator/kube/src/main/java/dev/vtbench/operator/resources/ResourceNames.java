package dev.vtbench.operator.resources;

import dev.vtbench.engine.model.rules.SpecRules;
import dev.vtbench.operator.api.BenchmarkRunResource;

/**
 * Every object name the operator derives from a run, in one place (by the run, or by its name for
 * code that holds only the name, as the end-to-end tests do). Run names are at most {@link
 * SpecRules#RUN_NAME_MAX} characters (a CRD rule), so the longest derived name, {@code
 * <run>-load-9999-warmup}, stays a valid 63-character label value.
 */
public final class ResourceNames {

  private ResourceNames() {}

  /** The CloudNativePG Cluster. */
  public static String database(BenchmarkRunResource run) {
    return database(name(run));
  }

  /** The CloudNativePG Cluster of the run named {@code run}. */
  public static String database(String run) {
    return run + DATABASE_SUFFIX;
  }

  private static final String DATABASE_SUFFIX = "-db";

  /** The run whose CloudNativePG Cluster is named {@code cluster}; empty for another name. */
  public static java.util.Optional<String> runOfDatabase(String cluster) {
    return cluster == null
            || !cluster.endsWith(DATABASE_SUFFIX)
            || cluster.length() == DATABASE_SUFFIX.length()
        ? java.util.Optional.empty()
        : java.util.Optional.of(cluster.substring(0, cluster.length() - DATABASE_SUFFIX.length()));
  }

  /**
   * The run's database credentials Secret ({@link DatabaseCredentials}), named as CloudNativePG
   * would name its own {@code <cluster>-app} Secret, which it does not create when given this one.
   */
  public static String databaseAppSecret(BenchmarkRunResource run) {
    return databaseAppSecret(name(run));
  }

  public static String databaseAppSecret(String run) {
    return database(run) + "-app";
  }

  /** CloudNativePG's read-write Service. */
  public static String databaseService(BenchmarkRunResource run) {
    return databaseService(name(run));
  }

  public static String databaseService(String run) {
    return database(run) + "-rw";
  }

  public static String seed(BenchmarkRunResource run) {
    return name(run) + "-seed";
  }

  public static String stub(BenchmarkRunResource run) {
    return stub(name(run));
  }

  public static String stub(String run) {
    return run + "-stub";
  }

  public static String sut(BenchmarkRunResource run) {
    return sut(name(run));
  }

  public static String sut(String run) {
    return run + "-sut";
  }

  /** The TestRun or Job (and its script ConfigMap) of one scenario's load. */
  public static String load(BenchmarkRunResource run, int scenarioIndex, boolean warmUp) {
    return name(run) + "-load-" + scenarioIndex + (warmUp ? "-warmup" : "");
  }

  /** The first results ConfigMap; later parts are {@code -results-2}, {@code -results-3}, … */
  public static String results(BenchmarkRunResource run, int part) {
    return results(name(run), part);
  }

  public static String results(String run, int part) {
    return run + "-results" + (part <= 1 ? "" : "-" + part);
  }

  public static String figures(BenchmarkRunResource run) {
    return figures(name(run));
  }

  public static String figures(String run) {
    return run + "-figures";
  }

  private static String name(BenchmarkRunResource run) {
    return run.getMetadata().getName();
  }
}
