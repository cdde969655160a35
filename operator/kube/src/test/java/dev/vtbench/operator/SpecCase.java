package dev.vtbench.operator;

import java.util.function.IntFunction;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * One spec of {@link CrdEvaluatorIT}'s table, with the answer each judge must give: the API server,
 * the CRD evaluator on the object as written, the operator and a local run.
 */
record SpecCase(String name, String spec, boolean valid, SpecCase.Scope scope, String field) {

  /** Who is expected to refuse an invalid case. */
  enum Scope {
    /** The API server, the local validator and the operator all give the same answer. */
    EVERYWHERE,
    /**
     * A cross-field rule on a list the spec leaves to its default: CEL cannot see the default, so
     * the API server accepts and the engine (locally and in the operator) refuses.
     */
    ENGINE_ONLY,
    /**
     * Where the baseline, a service or its SQL comes from depends on the platform (a ConfigMap or
     * an image on a cluster, a file, jar or command locally): the cluster (API server and operator)
     * gives the case's answer, a local run the opposite one.
     */
    PER_PLATFORM,
    /**
     * A value of the wrong JSON type or beyond Java's int (cpu: 1.5 unquoted, repetitions: "3",
     * concurrency: [3000000000]): the API server and the local loader refuse it; the operator only
     * reads stored objects, which the schema keeps well-typed, so its typed model is not asked.
     */
    WRONG_TYPE,
    /**
     * What only the operator can compute, at its first reconcile before anything is created: the
     * size of the loads' ConfigMaps as it renders them (a local run writes files, which have no
     * such limit). The API server and a local run accept; the operator refuses.
     */
    CLUSTER_RENDERED
  }

  @Override
  public String toString() {
    String shown = spec.length() > 90 ? spec.substring(0, 90) + "…" : spec;
    return (valid ? "valid" : "invalid " + field)
        + (scope == Scope.EVERYWHERE ? "" : " [" + scope + "]")
        + ": "
        + ("parity".equals(name) ? "" : "name " + abbreviate(name) + " ")
        + shown.replace('\n', ' ');
  }

  static SpecCase valid(String spec) {
    return new SpecCase("parity", spec, true, Scope.EVERYWHERE, null);
  }

  static SpecCase invalid(String field, String spec) {
    return new SpecCase("parity", spec, false, Scope.EVERYWHERE, field);
  }

  static SpecCase wrongType(String field, String spec) {
    return new SpecCase("parity", spec, false, Scope.WRONG_TYPE, field);
  }

  static SpecCase name(String name, boolean valid) {
    return new SpecCase(name, "{}", valid, Scope.EVERYWHERE, valid ? null : "metadata.name");
  }

  /** {@code n} entries of a YAML flow list or map, e.g. {@code [1, 2, 3]}. */
  static String flow(char open, int n, IntFunction<String> entry, char close) {
    return IntStream.range(0, n)
        .mapToObj(entry)
        .collect(Collectors.joining(", ", String.valueOf(open), String.valueOf(close)));
  }

  private static String abbreviate(String s) {
    return s.length() > 12 ? s.substring(0, 4) + "…(" + s.length() + ")" : s;
  }
}
