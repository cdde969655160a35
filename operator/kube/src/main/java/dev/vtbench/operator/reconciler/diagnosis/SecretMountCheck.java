package dev.vtbench.operator.reconciler.diagnosis;

import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.plan.ServiceWiring;
import dev.vtbench.operator.reconciler.observation.RunView;
import dev.vtbench.operator.resources.SutTier;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The user's own database ({@code spec.database.external}): the SUT's pod mounts the user's Secret,
 * which only the kubelet reads (the operator may not read Secrets). A missing Secret or key keeps
 * the pod in ContainerCreating, which its status does not explain: the kubelet says why only in a
 * {@value #REASON} Event on the pod. While a SUT pod has not started, this reads those Events and
 * turns one about the Secret's volume into the run's failure, naming the Secret, the key and how to
 * create it, instead of a wait until spec.timeouts.sutStart. Like a missing SQL ConfigMap, it fails
 * at once: the user creates the Secret, then the run again.
 */
public final class SecretMountCheck {

  private static final Logger LOG = LoggerFactory.getLogger(SecretMountCheck.class);

  /** The kubelet's Event reason when a pod's volume cannot be set up. */
  static final String REASON = "FailedMount";

  /** How soon to look again while a SUT pod waits for its volumes: Events wake no informer. */
  public static final Duration RECHECK = Duration.ofSeconds(5);

  /** The kubelet's words for a Secret that does not exist. */
  private static final Pattern NOT_FOUND = Pattern.compile("secret \"([^\"]+)\" not found");

  /** The kubelet's words for an item whose key the Secret lacks. */
  private static final Pattern NO_KEY =
      Pattern.compile("references non-existent secret key: (\\S+)");

  private final KubernetesClient client;

  public SecretMountCheck(KubernetesClient client) {
    this.client = client;
  }

  /** Whether the run has a Secret to watch: spec.database.external. */
  public static boolean applies(BenchmarkRunSpec spec) {
    return spec.database.enabled && spec.database.external != null;
  }

  /** The SUT pods still waiting to start a container: the ones a failed mount holds back. */
  public static List<Pod> waiting(Collection<Pod> sutPods) {
    return sutPods.stream().filter(p -> !PodDiagnosis.started(p)).toList();
  }

  /**
   * What to tell the user if the kubelet reported that it cannot mount the user's Secret on one of
   * {@code sutPods} (the run then fails with {@code DatabaseSecretUnavailable}); empty when it did
   * not (yet), or the Events cannot be read.
   */
  public Optional<String> failure(RunView view, Collection<Pod> sutPods) {
    if (!applies(view.spec())) {
      return Optional.empty();
    }
    String ns = view.run().getMetadata().getNamespace();
    for (Pod pod : waiting(sutPods)) {
      List<Event> events;
      try {
        events =
            client
                .v1()
                .events()
                .inNamespace(ns)
                .withField("involvedObject.uid", pod.getMetadata().getUid())
                .withField("reason", REASON)
                .list()
                .getItems();
      } catch (KubernetesClientException e) {
        // Without list on Events (an older chart) the wait ends at its deadline, as before.
        LOG.warn("{}: cannot read the SUT pod's Events: {}", ns, e.getMessage());
        return Optional.empty();
      }
      Optional<String> why =
          events.stream()
              .map(Event::getMessage)
              .filter(m -> m != null && m.contains("\"" + SutTier.SERVICE_CONFIG_VOLUME + "\""))
              .findFirst();
      if (why.isPresent()) {
        return Optional.of(message(ns, view.spec().database.external.secret, pod, why.get()));
      }
    }
    return Optional.empty();
  }

  /**
   * What the user reads: which Secret lacks what, what it must hold, and how to make it; then what
   * the kubelet said, which names no value of the Secret.
   */
  static String message(String ns, String secret, Pod pod, String kubelet) {
    String source = "spec.database.external.secret " + ns + "/" + secret;
    Matcher key = NO_KEY.matcher(kubelet);
    String what =
        key.find()
            ? source + " has no key " + key.group(1)
            : NOT_FOUND.matcher(kubelet).find()
                ? source + " not found"
                : source + " cannot be mounted";
    return what
        + ": it must hold the keys "
        + String.join(", ", ServiceWiring.externalKeyNames())
        + " (the JDBC URL, user and password the service connects with), e.g. kubectl create"
        + " secret generic "
        + secret
        + " -n "
        + ns
        + " --from-file=DIR/ with one file per key; then create the BenchmarkRun again (the kubelet"
        + " on pod "
        + pod.getMetadata().getName()
        + ": "
        + tail(kubelet)
        + ")";
  }

  private static String tail(String m) {
    String s = m.strip();
    return s.length() > 300 ? "…" + s.substring(s.length() - 300) : s;
  }
}
