package dev.vtbench.engine.model.spec;

import static dev.vtbench.engine.model.rules.SpecRules.DURATION;
import static dev.vtbench.engine.model.rules.SpecRules.DURATION_MAX;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.vtbench.engine.k6.UserModule;
import dev.vtbench.engine.model.rules.ServiceRules;
import dev.vtbench.engine.model.rules.SpecRules;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.List;

/** The request under test. */
@ValidationRule(
    value = ServiceRules.SCRIPT_OR_REQUESTS_RULE,
    message = ServiceRules.SCRIPT_OR_REQUESTS_MESSAGE,
    fieldPath = ".script")
public class WorkloadSpec {
  @JsonPropertyDescription(
      "Endpoint: order-summary (reference rig), downstream, db-sleep, sleep, users.")
  @ValidationRule(value = "self in " + SpecRules.ENDPOINTS, message = SpecRules.ENDPOINTS_MESSAGE)
  @Size(max = 32)
  public String endpoint = "order-summary";

  @JsonPropertyDescription(
      "Delay of the downstream stub per call, e.g. 100ms; shorter than spec.load.requestTimeout.")
  @Pattern(DURATION)
  @Size(max = DURATION_MAX)
  @ValidationRule(value = SpecRules.REQUEST_TIME_RULE, message = SpecRules.REQUEST_TIME_MESSAGE)
  public String stubDelay = SpecRules.DEFAULT_STUB_DELAY;

  @JsonPropertyDescription(
      "Blocking time of db-sleep and sleep endpoints, e.g. 20ms; ignored by the others; shorter"
          + " than spec.load.requestTimeout.")
  @Pattern(DURATION)
  @Size(max = DURATION_MAX)
  @ValidationRule(value = SpecRules.REQUEST_TIME_RULE, message = SpecRules.REQUEST_TIME_MESSAGE)
  public String blockFor = SpecRules.DEFAULT_BLOCK_FOR;

  @JsonPropertyDescription(
      "released: the connection returns to the pool before the downstream call; held: one"
          + " transaction spans both.")
  @ValidationRule(
      value = "self in " + SpecRules.CONNECTION_MODES,
      message = SpecRules.CONNECTION_MODES_MESSAGE)
  @Size(max = 32)
  public String connectionMode = "released";

  @JsonPropertyDescription(
      "normal, or synchronized: the blocking work runs in a striped synchronized block (JEP 491"
          + " pinning check).")
  @ValidationRule(value = "self in " + SpecRules.PATH_MODES, message = SpecRules.PATH_MODES_MESSAGE)
  @Size(max = 32)
  public String pathMode = "normal";

  @JsonPropertyDescription(
      "The request mix sent to spec.sut.service (in place of endpoint): each request's method,"
          + " path template, parameters, headers, body, weight and expected statuses.")
  @Size(max = ServiceRules.REQUESTS_MAX)
  public List<RequestSpec> requests;

  @JsonPropertyDescription(
      "Your own k6 module for spec.sut.service (in place of requests): its default function is"
          + " each iteration of vtbench's ramp, warm-up and hold, its base URL in __ENV."
          + UserModule.BASE_URL_ENV
          + "; its options and handleSummary are ignored.")
  public ScriptSpec script;
}
