package dev.vtbench.engine.model.spec;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.vtbench.engine.model.rules.SpecRules;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;

/** k6's experimental-prometheus-rw output. */
public class PrometheusRemoteWriteSpec {
  @JsonPropertyDescription(
      "The remote-write endpoint, http:// or https://, e.g."
          + " http://kube-prometheus-stack-prometheus.monitoring:9090/api/v1/write.")
  @io.fabric8.generator.annotation.Required
  @Size(min = 1, max = SpecRules.URL_MAX)
  @ValidationRule(
      value = SpecRules.REMOTE_WRITE_URL_RULE,
      message = SpecRules.REMOTE_WRITE_URL_MESSAGE)
  @ValidationRule(
      value = SpecRules.FORBIDDEN_REMOTE_WRITE_RULE,
      message = SpecRules.FORBIDDEN_REMOTE_WRITE_MESSAGE)
  public String url;

  @JsonPropertyDescription(
      "A kubernetes.io/basic-auth Secret in the run's namespace whose username and password keys"
          + " k6 sends to the endpoint; unset: no authentication.")
  public SecretRef credentialsSecretRef;

  @JsonPropertyDescription(
      "true: k6 trends (http_req_duration) as Prometheus native histograms, so any percentile"
          + " can be computed (the receiver needs native histograms enabled); false: p50, p95,"
          + " p99, p99.9 and max as gauges.")
  @Default("true")
  public boolean nativeHistograms = true;
}
