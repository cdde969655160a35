package dev.vtbench.engine.model.spec;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.vtbench.engine.model.rules.BuildRules;
import dev.vtbench.engine.model.rules.ServiceRules;
import dev.vtbench.engine.model.rules.SpecRules;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.List;

/**
 * One entry of {@code spec.matrix.builds}: a build of the user's own service ({@code
 * spec.sut.service}), e.g. the same service on a newer JDK or Spring Boot. What it sets replaces
 * the service's own: {@link #image} on a cluster, {@link #jar} or {@link #command} locally; what it
 * leaves out is the service's ({@code ServiceBuild} in the planner says how the two combine).
 */
@ValidationRule(
    value = ServiceRules.JAR_OR_COMMAND_RULE,
    message = ServiceRules.JAR_OR_COMMAND_MESSAGE)
public class BuildSpec {

  @JsonPropertyDescription(
      "The build's label in the CSV's build column, summary.md and scenario ids, e.g. boot-3.4:"
          + " lower-case letters, digits, '.' and '-', at most "
          + BuildRules.NAME_MAX
          + " characters, unique.")
  @Required
  @Size(min = 1, max = BuildRules.NAME_MAX)
  @ValidationRule(value = BuildRules.NAME_RULE, message = BuildRules.NAME_MESSAGE)
  public String name;

  @JsonPropertyDescription(
      "The build's container image (Kubernetes), e.g. registry:5000/team/orders:1.5; unset:"
          + " spec.sut.service.image.")
  @Size(max = SpecRules.IMAGE_MAX)
  @ValidationRule(value = SpecRules.IMAGE_RULE, message = SpecRules.IMAGE_MESSAGE)
  public String image;

  @JsonPropertyDescription(
      "The build's executable jar (local runs; relative to the spec file's folder unless"
          + " absolute), in place of spec.sut.service's jar or command; with command unset too: the"
          + " service's.")
  @Size(min = 1, max = SpecRules.FILE_MAX)
  @ValidationRule(value = SpecRules.FILE_RULE, message = SpecRules.FILE_MESSAGE)
  public String jar;

  @JsonPropertyDescription(
      "The command that starts the build (local runs), instead of jar, in place of"
          + " spec.sut.service's jar or command; it must listen on the service's port.")
  @Size(max = ServiceRules.COMMAND_MAX)
  public List<@Size(max = SpecRules.FILE_MAX) String> command;
}
