package dev.vtbench.engine.model.spec;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.vtbench.engine.model.rules.ServiceRules;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One request of {@code spec.workload.requests}: what k6 sends to the user's service, how often
 * relative to the others, and which answers count as success.
 */
@ValidationRule(
    value = ServiceRules.PARAMS_USED_RULE,
    message = ServiceRules.PARAMS_USED_MESSAGE,
    fieldPath = ".params")
public class RequestSpec {

  @JsonPropertyDescription("HTTP method: GET, POST, PUT, PATCH, DELETE or HEAD.")
  @ValidationRule(value = "self in " + ServiceRules.METHODS, message = ServiceRules.METHODS_MESSAGE)
  @Size(max = 8)
  @Default("GET")
  public String method = "GET";

  @JsonPropertyDescription(
      "Path and query, each {name} filled per request from params, e.g."
          + " /orders/{id}?expand={expand}.")
  @Required
  @Size(min = 1, max = ServiceRules.PATH_MAX)
  @ValidationRule(
      value = ServiceRules.PATH_RULE_WITH_QUERY,
      message = ServiceRules.REQUEST_PATH_MESSAGE)
  public String path;

  @JsonPropertyDescription(
      "The values of each {name} in path and body: a whole-number range (from, to) or a list"
          + " (values), drawn uniformly per request.")
  @Size(max = ServiceRules.PARAMS_MAX)
  @ValidationRule(value = ServiceRules.PARAM_KEYS_RULE, message = ServiceRules.PARAM_KEYS_MESSAGE)
  public Map<String, Param> params = new LinkedHashMap<>();

  @JsonPropertyDescription("Request headers, e.g. {Content-Type: application/json}.")
  @Size(max = ServiceRules.HEADERS_MAX)
  @ValidationRule(value = ServiceRules.HEADER_KEYS_RULE, message = ServiceRules.HEADER_KEYS_MESSAGE)
  public Map<
          String,
          @Size(max = ServiceRules.PARAM_VALUE_MAX) @Pattern(ServiceRules.HEADER_VALUE) String>
      headers = new LinkedHashMap<>();

  @JsonPropertyDescription("Request body, {name} filled from params as in path; unset: none.")
  @Size(max = ServiceRules.BODY_MAX)
  public String body;

  @JsonPropertyDescription(
      "Share of the mix: this request is sent weight ÷ (sum of weights) of the time.")
  @Min(1)
  @Max(ServiceRules.WEIGHT_MAX)
  public int weight = 1;

  @JsonPropertyDescription(
      "Statuses that count as success, e.g. [200, 404]; empty: any 2xx. Any other answer, a"
          + " timeout or a refused connection counts in error_rate.")
  @Size(max = ServiceRules.STATUSES_MAX)
  @ValidationRule(value = ServiceRules.STATUS_RULE, message = ServiceRules.STATUS_MESSAGE)
  public List<Integer> expectedStatus = new ArrayList<>();

  /** Where a {name} draws its values from. */
  @ValidationRule(
      value = ServiceRules.RANGE_OR_VALUES_RULE,
      message = ServiceRules.RANGE_OR_VALUES_MESSAGE)
  @ValidationRule(value = ServiceRules.RANGE_ORDER_RULE, message = ServiceRules.RANGE_ORDER_MESSAGE)
  public static class Param {
    @JsonPropertyDescription(
        "Smallest whole number drawn (with to), within ±9007199254740991 (2^53 - 1).")
    @Min(-ServiceRules.PARAM_NUMBER_MAX)
    @Max(ServiceRules.PARAM_NUMBER_MAX)
    public Long from;

    @JsonPropertyDescription(
        "Largest whole number drawn (with from), within ±9007199254740991 (2^53 - 1).")
    @Min(-ServiceRules.PARAM_NUMBER_MAX)
    @Max(ServiceRules.PARAM_NUMBER_MAX)
    public Long to;

    @JsonPropertyDescription("Values drawn, each equally likely (instead of from and to).")
    @Size(max = ServiceRules.PARAM_VALUES_MAX)
    public List<@Size(max = ServiceRules.PARAM_VALUE_MAX) String> values;
  }
}
