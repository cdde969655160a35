package dev.vtbench.operator.resources;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The restricted Pod Security Standard
 * (kubernetes.io/docs/concepts/security/pod-security-standards, "Restricted", which includes
 * "Baseline") as checks on a pod spec in its JSON form, plus vtbench's own rule: no service-account
 * token. Returns what a pod violates, so a failure names the field.
 */
final class RestrictedPodSecurity {

  /** The volume types the restricted profile allows; hostPath and the rest are refused. */
  static final Set<String> VOLUME_TYPES =
      Set.of(
          "configMap",
          "csi",
          "downwardAPI",
          "emptyDir",
          "ephemeral",
          "persistentVolumeClaim",
          "projected",
          "secret");

  private RestrictedPodSecurity() {}

  @SuppressWarnings("unchecked")
  static List<String> violations(Map<String, Object> pod) {
    List<String> out = new ArrayList<>();
    for (String host : List.of("hostNetwork", "hostPID", "hostIPC")) {
      if (Boolean.TRUE.equals(pod.get(host))) {
        out.add(host + " is true");
      }
    }
    if (!Boolean.FALSE.equals(pod.get("automountServiceAccountToken"))) {
      out.add("automountServiceAccountToken is not false");
    }
    for (Map<String, Object> v : list(pod.get("volumes"))) {
      for (String type : v.keySet()) {
        if (!type.equals("name") && !VOLUME_TYPES.contains(type)) {
          out.add("volume " + v.get("name") + " is a " + type);
        }
      }
    }
    Map<String, Object> podSc = map(pod.get("securityContext"));
    if (!list(podSc.get("sysctls")).isEmpty()) {
      out.add("pod sysctls are set");
    }
    List<Map<String, Object>> containers = new ArrayList<>(list(pod.get("containers")));
    containers.addAll(list(pod.get("initContainers")));
    if (containers.isEmpty()) {
      out.add("no containers");
    }
    for (Map<String, Object> c : containers) {
      String where = "container " + c.get("name") + ": ";
      Map<String, Object> sc = map(c.get("securityContext"));
      if (Boolean.TRUE.equals(sc.get("privileged"))) {
        out.add(where + "privileged");
      }
      if (!Boolean.FALSE.equals(sc.get("allowPrivilegeEscalation"))) {
        out.add(where + "allowPrivilegeEscalation is not false");
      }
      Map<String, Object> caps = map(sc.get("capabilities"));
      if (!((List<Object>) caps.getOrDefault("drop", List.of())).contains("ALL")) {
        out.add(where + "capabilities do not drop ALL");
      }
      for (Object add : (List<Object>) caps.getOrDefault("add", List.of())) {
        if (!"NET_BIND_SERVICE".equals(add)) {
          out.add(where + "adds capability " + add);
        }
      }
      if (!Boolean.TRUE.equals(effective(sc, podSc, "runAsNonRoot"))) {
        out.add(where + "runAsNonRoot is not true");
      }
      if (Objects.equals(number(effective(sc, podSc, "runAsUser")), 0L)) {
        out.add(where + "runAsUser is 0");
      }
      Object seccomp = map(effective(sc, podSc, "seccompProfile")).get("type");
      if (!"RuntimeDefault".equals(seccomp) && !"Localhost".equals(seccomp)) {
        out.add(where + "seccompProfile is " + seccomp + ", not RuntimeDefault or Localhost");
      }
      if (sc.get("procMount") != null && !"Default".equals(sc.get("procMount"))) {
        out.add(where + "procMount " + sc.get("procMount"));
      }
      for (Map<String, Object> port : list(c.get("ports"))) {
        if (port.get("hostPort") != null && number(port.get("hostPort")) != 0L) {
          out.add(where + "hostPort " + port.get("hostPort"));
        }
      }
    }
    return out;
  }

  private static Object effective(
      Map<String, Object> container, Map<String, Object> pod, String k) {
    return container.get(k) != null ? container.get(k) : pod.get(k);
  }

  private static Long number(Object o) {
    return o instanceof Number n ? n.longValue() : null;
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> map(Object o) {
    return o instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
  }

  @SuppressWarnings("unchecked")
  static List<Map<String, Object>> list(Object o) {
    return o instanceof List<?> l ? (List<Map<String, Object>>) l : List.of();
  }
}
