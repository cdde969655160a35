package dev.vtbench.operator.reconciler.diagnosis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.model.spec.ExternalDatabaseSpec;
import dev.vtbench.engine.model.spec.ServiceSpec;
import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the run says when the kubelet cannot mount the user's database Secret, from the kubelet's
 * own words (pkg/volume/secret), and which pods a failed mount can hold back.
 */
class SecretMountCheckTest {

  static final Pod POD = PodDiagnosisTest.pod("Pending").build();

  @Test
  void aMissingSecretIsNamedWithTheKeysItMustHoldAndHowToMakeIt() {
    String m =
        SecretMountCheck.message(
            "shop",
            "orders-db",
            POD,
            "MountVolume.SetUp failed for volume \"service-config\" : secret \"orders-db\" not"
                + " found");
    assertThat(m)
        .startsWith("spec.database.external.secret shop/orders-db not found: it must hold the keys")
        .contains("url, username, password")
        .contains("kubectl create secret generic orders-db -n shop --from-file=DIR/")
        .contains("then create the BenchmarkRun again")
        .endsWith(
            "(the kubelet on pod r-sut-5d9f-abcde: MountVolume.SetUp failed for volume"
                + " \"service-config\" : secret \"orders-db\" not found)");
  }

  @Test
  void aMissingKeyIsNamed() {
    String m =
        SecretMountCheck.message(
            "shop",
            "orders-db",
            POD,
            "MountVolume.SetUp failed for volume \"service-config\" : references non-existent"
                + " secret key: password");
    assertThat(m).startsWith("spec.database.external.secret shop/orders-db has no key password:");
  }

  @Test
  void anyOtherMountFailureIsPassedOnAsTheKubeletSaidIt() {
    String m =
        SecretMountCheck.message(
            "shop", "orders-db", POD, "MountVolume.SetUp failed for volume \"service-config\" : x");
    assertThat(m)
        .startsWith("spec.database.external.secret shop/orders-db cannot be mounted:")
        .contains(": x)");
  }

  @Test
  void onlyAServiceOnItsOwnDatabaseIsCheckedAndOnlyPodsThatHaveNotStarted() {
    BenchmarkRunSpec spec = new BenchmarkRunSpec();
    assertThat(SecretMountCheck.applies(spec)).isFalse();
    spec.sut.service = new ServiceSpec();
    spec.database.external = new ExternalDatabaseSpec();
    spec.database.external.secret = "orders-db";
    assertThat(SecretMountCheck.applies(spec)).isTrue();

    Pod creating = PodDiagnosisTest.waiting("ContainerCreating", null);
    Pod running =
        PodDiagnosisTest.pod("Running")
            .editStatus()
            .withContainerStatuses(
                new ContainerStatusBuilder(PodDiagnosisTest.running(true)).build())
            .endStatus()
            .build();
    assertThat(SecretMountCheck.waiting(List.of(creating, running))).containsExactly(creating);
  }
}
