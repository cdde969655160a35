package dev.vtbench.operator.resources;

import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.ResourceRequirementsBuilder;
import java.util.Map;

/**
 * Requests for CPU and memory, a limit for memory only: Burstable QoS, for a k6 runner that asks
 * for it ({@code spec.load.qos}). The scheduler still counts the CPU request, but no CFS quota
 * holds the container back: it may use whatever the node's shared pool has free, as a local k6
 * does. The memory limit stays, so a runaway runner is killed rather than its node starved.
 */
public final class Burstable {

  private Burstable() {}

  /** For the pods vtbench builds itself. */
  public static ResourceRequirements resources(String cpu, String memory) {
    return new ResourceRequirementsBuilder()
        .withRequests(Map.of("cpu", new Quantity(cpu), "memory", new Quantity(memory)))
        .withLimits(Map.of("memory", new Quantity(memory)))
        .build();
  }

  /** The same, for the pods another controller builds (k6-operator). */
  public static Map<String, Object> resourceMap(String cpu, String memory) {
    return Map.of(
        "requests", Map.of("cpu", cpu, "memory", memory), "limits", Map.of("memory", memory));
  }
}
