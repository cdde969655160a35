package dev.vtbench.engine.plan;

import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.model.spec.BuildSpec;
import dev.vtbench.engine.model.spec.ServiceSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * What one build of a user's own service runs from ({@code spec.matrix.builds}, {@link
 * SutConfig#build()}), the one place both platforms take it from. A build replaces the service's
 * artifact; what it leaves out is the service's own:
 *
 * <ul>
 *   <li>on a cluster, the build's {@code image}, else {@code spec.sut.service.image};
 *   <li>locally, the build's {@code jar} or {@code command} (either replaces both of the service's,
 *       a run starts a build one way), else the service's {@code jar} or {@code command}.
 * </ul>
 *
 * Everything else (port, health path, Actuator, environment, axisEnv, the stub's variable) is the
 * service's for every build. A spec without the axis runs one build, unnamed: the service itself.
 *
 * @param name the build's name, the row's {@code build}; empty without the axis
 * @param image the image a cluster runs; null when neither the build nor the service names one
 * @param jar the jar a local run starts; null for a command
 * @param command the command a local run starts; null for a jar
 */
public record ServiceBuild(String name, String image, String jar, List<String> command) {

  public ServiceBuild {
    name = name == null ? "" : name;
    command = command == null ? null : List.copyOf(command);
  }

  /** The build {@code config} runs of {@code spec}'s service, which must have one. */
  public static ServiceBuild of(BenchmarkRunSpec spec, SutConfig config) {
    return of(spec.sut.service, spec.matrix.builds, config.build());
  }

  /**
   * The build named {@code name} of {@code builds} (empty: the service itself), combined with the
   * service's own fields.
   *
   * @throws IllegalArgumentException if no build has that name: a config from another spec
   */
  static ServiceBuild of(ServiceSpec service, List<BuildSpec> builds, String name) {
    if (name == null || name.isEmpty()) {
      return new ServiceBuild("", service.image, service.jar, service.command);
    }
    BuildSpec b =
        (builds == null ? List.<BuildSpec>of() : builds)
            .stream()
                .filter(x -> name.equals(x.name))
                .findFirst()
                .orElseThrow(
                    () ->
                        new IllegalArgumentException(
                            "spec.matrix.builds has no build named '" + name + "'"));
    boolean ownStart = b.jar != null || b.command != null;
    return new ServiceBuild(
        b.name,
        b.image != null ? b.image : service.image,
        ownStart ? b.jar : service.jar,
        ownStart ? b.command : service.command);
  }

  /** Every build {@code spec} runs, in the spec's order; one, unnamed, without the axis. */
  public static List<ServiceBuild> all(BenchmarkRunSpec spec) {
    List<ServiceBuild> out = new ArrayList<>();
    for (String name : Planner.builds(spec)) {
      out.add(of(spec.sut.service, spec.matrix.builds, name));
    }
    return out;
  }

  /**
   * The spec field this build's image comes from, for a message about it: {@code
   * spec.matrix.builds[i].image} where the build names one, else {@code spec.sut.service.image}.
   */
  public String imageField(BenchmarkRunSpec spec) {
    List<BuildSpec> builds = spec.matrix.builds;
    if (!name.isEmpty() && builds != null) {
      for (int i = 0; i < builds.size(); i++) {
        if (name.equals(builds.get(i).name) && builds.get(i).image != null) {
          return "spec.matrix.builds[" + i + "].image";
        }
      }
    }
    return "spec.sut.service.image";
  }
}
