package dev.vtbench.operator;

import static dev.vtbench.operator.KubeApi.await;
import static dev.vtbench.operator.OperatorIT.WAIT;
import static dev.vtbench.operator.OperatorIT.awaitStatus;
import static dev.vtbench.operator.OperatorIT.condition;
import static dev.vtbench.operator.OperatorIT.create;
import static dev.vtbench.operator.OperatorIT.get;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.operator.api.BenchmarkRunResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The run's database credentials, against the real API server: the run creates its own Secret
 * (owned by it, the owner's name CloudNativePG requires, a random password), hands it to the
 * Cluster and the SUT, and the password appears nowhere else the operator writes. What its create
 * returned, recorded in status, is what later passes go by (the operator cannot read Secrets), and
 * the run's delete removes that Secret only, never another of its name. A foreign Secret there
 * before the run is {@link OwnershipIT}'s and {@link ChartIT}'s (there with the chart's RBAC, which
 * cannot read it); the delete at the run's end is {@link ForgedRunnerPodIT}'s.
 */
class CredentialsSecretIT {

  static final KubernetesClient k8s = KubeApi.client();

  @RegisterExtension final InProcessOperator operator = new InProcessOperator();

  @Test
  @SuppressWarnings("unchecked")
  void theRunsOwnSecretHoldsThePasswordAndNothingElseTheOperatorWritesDoes() {
    String ns = operator.startInNewNamespace("credentials");
    Controllers play = new Controllers(k8s, ns);
    BenchmarkRunResource run = create(ns, "cred", OwnershipIT.SPEC);

    Secret secret = await("the credentials Secret", WAIT, () -> secret(ns, "cred-db-app"));
    OperatorIT.ownedBy(secret, run);
    assertThat(secret.getType()).isEqualTo("kubernetes.io/basic-auth");
    assertThat(secret.getImmutable()).isTrue();
    assertThat(decoded(secret, "username")).isEqualTo("bench");
    assertThat(decoded(secret, "host")).isEqualTo("cred-db-rw");
    assertThat(decoded(secret, "port")).isEqualTo("5432");
    assertThat(decoded(secret, "dbname")).isEqualTo("bench");
    String password = decoded(secret, "password");
    assertThat(password).hasSize(32).matches("[A-Za-z0-9_-]+");

    // CloudNativePG bootstraps the owner with it (and so creates no -app Secret of its own).
    GenericKubernetesResource cluster = await("Cluster", WAIT, () -> play.cluster("cred-db"));
    Map<String, Object> initdb =
        (Map<String, Object>)
            ((Map<String, Object>)
                    ((Map<String, Object>) cluster.getAdditionalProperties().get("spec"))
                        .get("bootstrap"))
                .get("initdb");
    assertThat(initdb)
        .containsEntry("owner", "bench")
        .containsEntry("secret", Map.of("name", "cred-db-app"));
    awaitStatus(
        ns,
        "cred",
        "the Secret recorded",
        s ->
            s.databaseSecret != null
                && secret.getMetadata().getUid().equals(s.databaseSecret.uid)
                && secret
                    .getMetadata()
                    .getResourceVersion()
                    .equals(s.databaseSecret.resourceVersion));

    // The SUT mounts it; the password is in no env, status, Event, ConfigMap or other object.
    play.clusterReady("cred-db");
    await("SUT", WAIT, () -> play.deployment("cred-sut"));
    assertThat(play.deployment("cred-sut").getSpec().getTemplate().getSpec().getVolumes())
        .anyMatch(
            v -> v.getSecret() != null && "cred-db-app".equals(v.getSecret().getSecretName()));
    String written =
        String.join(
            "\n",
            json(get(ns, "cred")),
            json(play.deployment("cred-sut")),
            json(play.deployment("cred-stub")),
            json(play.cluster("cred-db")),
            json(k8s.configMaps().inNamespace(ns).list()),
            json(k8s.v1().events().inNamespace(ns).list()));
    assertThat(written).contains("cred-db-app").doesNotContain(password);

    // A pass without the Cluster (deleted while the operator was down) goes by the recorded UID:
    // it does not create the Secret again, nor take the run's own for someone else's.
    operator.stop();
    k8s.resource(cluster).delete();
    await("Cluster gone", WAIT, () -> play.cluster("cred-db") == null ? true : null);
    operator.start(ns);
    await("the Cluster again", WAIT, () -> play.cluster("cred-db"));
    assertThat(secret(ns, "cred-db-app").getMetadata().getResourceVersion())
        .isEqualTo(secret.getMetadata().getResourceVersion());
    play.clusterReady("cred-db");
    awaitStatus(ns, "cred", "DatabaseReady", condition("DatabaseReady", "True", null));
    assertThat(get(ns, "cred").getStatus().conditions)
        .noneMatch(c -> "NameConflict".equals(c.getReason()));

    // Replaced behind the run's back by someone else's Secret of that name: when the run goes,
    // its delete (precondition: the resourceVersion it created) is refused, and the other stays.
    operator.stop();
    k8s.resource(secret).delete();
    await("the run's Secret gone", WAIT, () -> secret(ns, "cred-db-app") == null ? true : null);
    HasMetadata replaced = OwnershipIT.foreignSecret(ns, "cred-db-app");
    operator.start(ns);
    OwnershipIT.deleteRun(ns, "cred");
    OwnershipIT.assertUnchanged(replaced);
  }

  static Secret secret(String ns, String name) {
    return k8s.secrets().inNamespace(ns).withName(name).get();
  }

  static String decoded(Secret s, String key) {
    return new String(
        Base64.getDecoder().decode(Objects.requireNonNull(s.getData().get(key), key)),
        StandardCharsets.UTF_8);
  }

  static String json(Object o) {
    return k8s.getKubernetesSerialization().asJson(o);
  }
}
