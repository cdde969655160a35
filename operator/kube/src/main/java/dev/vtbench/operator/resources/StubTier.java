package dev.vtbench.operator.resources;

import dev.vtbench.engine.model.spec.StubSpec;
import dev.vtbench.operator.api.BenchmarkRunResource;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The stub: the slow downstream HTTP service the SUT calls, one Deployment and its Service. */
public final class StubTier {

  public static final String COMPONENT = "stub";

  private StubTier() {}

  public static Deployment deployment(BenchmarkRunResource run) {
    StubSpec stub = run.getSpec().stub;
    Map<String, String> env = new LinkedHashMap<>();
    env.put("STUB_PORT", Integer.toString(AppTier.HTTP_PORT));
    env.put("STUB_ADDRESS", "0.0.0.0");
    env.put("JAVA_TOOL_OPTIONS", AppTier.jvmOptions(stub.cpu));
    Container c =
        AppTier.container(COMPONENT, stub.image, stub.cpu, stub.memory, env, List.of()).build();
    return AppTier.deployment(
        run,
        ResourceNames.stub(run),
        COMPONENT,
        Map.of(),
        PodHardening.pod(c, List.of(), stub.nodeSelector)
            .withAffinity(Placement.awayFromSut(run))
            .build());
  }

  public static Service service(BenchmarkRunResource run) {
    return AppTier.service(run, ResourceNames.stub(run), COMPONENT);
  }

  /** Where the SUT reaches the stub. */
  public static String url(BenchmarkRunResource run) {
    return AppTier.url(ResourceNames.stub(run));
  }
}
