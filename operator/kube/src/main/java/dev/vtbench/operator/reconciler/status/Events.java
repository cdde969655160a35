package dev.vtbench.operator.reconciler.status;

import dev.vtbench.operator.api.BenchmarkRunResource;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.EventBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Clock;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Events on a BenchmarkRun, with reasons from {@link EventReason} only. */
public final class Events {

  private static final Logger LOG = LoggerFactory.getLogger(Events.class);
  public static final String COMPONENT = "vtbench-operator";

  private final KubernetesClient client;
  private final Clock clock;

  public Events(KubernetesClient client, Clock clock) {
    this.client = client;
    this.clock = clock;
  }

  public void normal(BenchmarkRunResource run, EventReason reason, String message) {
    emit(run, "Normal", reason, message);
  }

  public void warning(BenchmarkRunResource run, EventReason reason, String message) {
    emit(run, "Warning", reason, message);
  }

  private void emit(BenchmarkRunResource run, String type, EventReason reason, String message) {
    String now = clock.instant().toString();
    Event e =
        new EventBuilder()
            .withNewMetadata()
            .withGenerateName(run.getMetadata().getName() + ".")
            .withNamespace(run.getMetadata().getNamespace())
            .endMetadata()
            .withNewInvolvedObject()
            .withApiVersion(run.getApiVersion())
            .withKind(run.getKind())
            .withName(run.getMetadata().getName())
            .withNamespace(run.getMetadata().getNamespace())
            .withUid(run.getMetadata().getUid())
            .endInvolvedObject()
            .withType(type)
            .withReason(reason.name())
            .withMessage(message)
            .withNewSource(COMPONENT, null)
            .withReportingComponent(COMPONENT)
            .withReportingInstance(COMPONENT)
            .withFirstTimestamp(now)
            .withLastTimestamp(now)
            .withCount(1)
            .build();
    LOG.info(
        "{}/{} {} {}: {}",
        run.getMetadata().getNamespace(),
        run.getMetadata().getName(),
        type.toLowerCase(Locale.ROOT),
        reason,
        message);
    try {
      client.v1().events().inNamespace(run.getMetadata().getNamespace()).resource(e).create();
    } catch (KubernetesClientException ex) {
      // An Event is a courtesy: never fail a reconcile for one.
      LOG.warn("could not record event {}: {}", reason, ex.getMessage());
    }
  }
}
