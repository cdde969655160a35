package dev.vtbench.operator.resources;

import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.ResourceRequirementsBuilder;
import java.util.Map;

/**
 * Requests = limits for CPU and memory: Guaranteed QoS, so the kubelet's static CPU manager gives a
 * pinned tier whole cores of its own.
 */
public final class Guaranteed {

  private Guaranteed() {}

  /** For the pods vtbench builds itself. */
  public static ResourceRequirements resources(String cpu, String memory) {
    Map<String, Quantity> q = Map.of("cpu", new Quantity(cpu), "memory", new Quantity(memory));
    return new ResourceRequirementsBuilder().withRequests(q).withLimits(q).build();
  }

  /** The same, for the pods another controller builds (CloudNativePG, k6-operator). */
  public static Map<String, Object> resourceMap(String cpu, String memory) {
    Map<String, String> q = Map.of("cpu", cpu, "memory", memory);
    return Map.of("requests", q, "limits", q);
  }
}
