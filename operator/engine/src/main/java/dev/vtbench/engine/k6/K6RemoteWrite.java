package dev.vtbench.engine.k6;

import dev.vtbench.engine.model.spec.PrometheusRemoteWriteSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * k6's Prometheus remote-write output ({@code experimental-prometheus-rw}, built into k6 1.x) for
 * {@code spec.load.prometheusRemoteWrite}: the extra k6 arguments and environment. Every series
 * carries the run's namespace and name and the scenario as {@code testid} (the tag k6's own Grafana
 * dashboards filter on), next to the script's own {@code phase} tag (warmup or hold).
 */
public final class K6RemoteWrite {

  public static final String OUTPUT = "experimental-prometheus-rw";
  public static final String URL_ENV = "K6_PROMETHEUS_RW_SERVER_URL";
  public static final String NATIVE_HISTOGRAM_ENV = "K6_PROMETHEUS_RW_TREND_AS_NATIVE_HISTOGRAM";
  public static final String TREND_STATS_ENV = "K6_PROMETHEUS_RW_TREND_STATS";

  /** Basic-auth credentials, read from the keys of a kubernetes.io/basic-auth Secret. */
  public static final Map<String, String> CREDENTIAL_ENV =
      Map.of("K6_PROMETHEUS_RW_USERNAME", "username", "K6_PROMETHEUS_RW_PASSWORD", "password");

  /**
   * What a tag value may hold: k6-operator passes the arguments through {@code sh -c}, so only
   * characters with no meaning to a shell (Kubernetes names and scenario ids are made of these).
   */
  static final java.util.regex.Pattern TAG_VALUE =
      java.util.regex.Pattern.compile("^[a-z0-9][-a-z0-9.]*$");

  /** Without native histograms, the statistics the CSV reports, as gauges. */
  static final String TREND_STATS = "p(50),p(95),p(99),p(99.9),max";

  public static final String RUN_TAG = "run";
  public static final String NAMESPACE_TAG = "namespace";
  public static final String SCENARIO_TAG = "testid";

  private K6RemoteWrite() {}

  /**
   * The arguments to add after {@code k6 run}, none when {@code rw} is null: the output and one
   * {@code --tag} per run attribute. Tag values come from Kubernetes names and scenario ids;
   * anything else is refused, as k6-operator hands the arguments to a shell.
   */
  public static List<String> args(
      PrometheusRemoteWriteSpec rw, String namespace, String run, String scenarioId) {
    List<String> args = new ArrayList<>();
    if (rw == null) {
      return args;
    }
    args.add("--out");
    args.add(OUTPUT);
    Map<String, String> tags = new LinkedHashMap<>();
    if (namespace != null) {
      tags.put(NAMESPACE_TAG, namespace);
    }
    tags.put(RUN_TAG, run);
    tags.put(SCENARIO_TAG, scenarioId);
    tags.forEach(
        (k, v) -> {
          if (!TAG_VALUE.matcher(v).matches()) {
            throw new IllegalArgumentException(
                "k6 tag " + k + " must match " + TAG_VALUE + ": '" + v + "'");
          }
          args.add("--tag");
          args.add(k + "=" + v);
        });
    return args;
  }

  /**
   * The environment variables to read from {@code spec.load.prometheusRemoteWrite}'s Secret, by the
   * Secret key each reads; empty without one. The credentials never enter the run's spec, the
   * TestRun or the Job, only the runner pod's environment.
   */
  public static Map<String, String> credentialEnv(PrometheusRemoteWriteSpec rw) {
    return rw == null || rw.credentialsSecretRef == null ? Map.of() : CREDENTIAL_ENV;
  }

  /** The environment the output reads, empty when {@code rw} is null. */
  public static Map<String, String> env(PrometheusRemoteWriteSpec rw) {
    Map<String, String> env = new LinkedHashMap<>();
    if (rw == null) {
      return env;
    }
    env.put(URL_ENV, rw.url);
    env.put(NATIVE_HISTOGRAM_ENV, Boolean.toString(rw.nativeHistograms));
    if (!rw.nativeHistograms) {
      env.put(TREND_STATS_ENV, TREND_STATS);
    }
    return env;
  }
}
