package dev.vtbench.operator.e2e;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** The vtbench operator's pods as the chart deploys them: which runs, its restarts, its log. */
final class OperatorPods {

  private static final Map<String, String> LABELS =
      Map.of("app.kubernetes.io/name", "vtbench", "app.kubernetes.io/component", "operator");

  private final KubernetesClient k8s;
  private final String namespace;

  OperatorPods(KubernetesClient k8s, String namespace) {
    this.k8s = k8s;
    this.namespace = namespace;
  }

  /** The newest running operator pod. */
  Optional<Pod> current() {
    return k8s
        .pods()
        .inNamespace(namespace)
        .withLabels(LABELS)
        .withField("status.phase", "Running")
        .list()
        .getItems()
        .stream()
        .max(Comparator.comparing(p -> p.getMetadata().getCreationTimestamp()));
  }

  static int restarts(Pod pod) {
    return pod.getStatus().getContainerStatuses().isEmpty()
        ? 0
        : pod.getStatus().getContainerStatuses().getFirst().getRestartCount();
  }

  static boolean ready(Pod pod) {
    return pod.getStatus().getConditions().stream()
        .anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()));
  }

  String log(String pod) {
    try {
      return k8s.pods().inNamespace(namespace).withName(pod).getLog();
    } catch (RuntimeException e) {
      return "";
    }
  }

  /** Kills the pod at once, as {@code kubectl delete --grace-period=0 --force} does. */
  void kill(String pod) {
    k8s.pods().inNamespace(namespace).withName(pod).withGracePeriod(0).delete();
  }

  /**
   * One line on the operator for a failure message: its pods' restart counts and the last lines of
   * its log (and its previous container's) that say what went wrong.
   */
  String health() {
    List<Pod> pods = k8s.pods().inNamespace(namespace).withLabels(LABELS).list().getItems();
    String restarts =
        pods.stream()
            .map(p -> p.getMetadata().getName() + " (" + restarts(p) + ")")
            .collect(Collectors.joining(" "));
    String said =
        current()
            .map(p -> p.getMetadata().getName())
            .map(
                name -> {
                  String previous;
                  try {
                    previous =
                        k8s.pods().inNamespace(namespace).withName(name).terminated().getLog();
                  } catch (RuntimeException e) {
                    previous = "";
                  }
                  List<String> lines =
                      Stream.concat(previous.lines(), log(name).lines())
                          .filter(
                              l ->
                                  l.matches(
                                      ".*(ERROR|Exiting|Stopped leading|forbidden|Exception).*"))
                          .filter(l -> !l.stripLeading().startsWith("at "))
                          .map(l -> l.length() > 400 ? l.substring(0, 400) : l)
                          .toList();
                  return String.join(
                      " | ", lines.subList(Math.max(0, lines.size() - 3), lines.size()));
                })
            .orElse("");
    return "operator pods (restarts): " + restarts + "; its log says: " + said;
  }
}
