package dev.vtbench.operator.reconciler.observation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.operator.reconciler.observation.TierStarts.Start;
import dev.vtbench.operator.resources.Labels;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TierStartsTest {

  private static final TierStarts BEGAN =
      new TierStarts(
          Map.of(
              "sut", new Start("r-sut-a", "u1", 0),
              "database", new Start("r-db-1", "u2", 1)));

  @Test
  void whatALoadCarriesReadsBackAsItWasWritten() {
    assertThat(BEGAN.encode()).isEqualTo("database=r-db-1/u2/1,sut=r-sut-a/u1/0");
    assertThat(TierStarts.of(annotated(BEGAN.encode()))).contains(BEGAN);
    assertThat(TierStarts.of(annotated(""))).contains(new TierStarts(Map.of()));
  }

  @Test
  void aLoadWithoutOrWithAGarbledAnnotationNamesNoTier() {
    assertThat(TierStarts.of(new ConfigMapBuilder().withNewMetadata().endMetadata().build()))
        .isEmpty();
    assertThat(TierStarts.of(annotated("sut=r-sut-a/u1"))).isEmpty();
    assertThat(TierStarts.of(annotated("sut=r-sut-a/u1/x"))).isEmpty();
    assertThat(TierStarts.of(annotated("sut"))).isEmpty();
  }

  @Test
  void theSameProcessesAreNoChangeAndAnUnnamedTierIsNotCompared() {
    TierStarts now =
        new TierStarts(
            Map.of(
                "sut", new Start("r-sut-a", "u1", 0),
                "database", new Start("r-db-1", "u2", 1),
                "stub", new Start("r-stub-b", "u3", 0)));
    assertThat(BEGAN.changes(now)).isEmpty();
  }

  @Test
  void aReplacedPodARestartedContainerAndAGonePodAreEachNamed() {
    TierStarts now =
        new TierStarts(
            Map.of("sut", new Start("r-sut-a", "u1", 1), "database", new Start("r-db-1", "u9", 0)));
    assertThat(BEGAN.changes(now))
        .containsExactly(
            Map.entry("database", "the database pod r-db-1 was replaced by r-db-1"),
            Map.entry("sut", "a container of the sut pod r-sut-a restarted (restarts 0 → 1)"));
    assertThat(BEGAN.changes(new TierStarts(Map.of("sut", new Start("r-sut-a", "u1", 0)))))
        .containsExactly(
            Map.entry("database", "the database pod r-db-1 is gone and no other runs yet"));
  }

  @Test
  void aPodBeingDeletedOrWithoutContainersHasNoStartAndOnlyAPrimaryCounts() {
    assertThat(Start.of(pod("p", "u", 2, null))).contains(new Start("p", "u", 2));
    assertThat(Start.of(pod("p", "u", 0, "2026-11-28T00:00:00Z"))).isEmpty();
    assertThat(Start.of(new PodBuilder().withNewMetadata().withName("p").endMetadata().build()))
        .isEmpty();
    Pod primary = pod("db-1", "u", 0, null);
    primary.getMetadata().setLabels(Map.of(TierStarts.INSTANCE_ROLE, "primary"));
    Pod replica = pod("db-2", "u", 0, null);
    replica.getMetadata().setLabels(Map.of(TierStarts.INSTANCE_ROLE, "replica"));
    Pod legacy = pod("db-3", "u", 0, null);
    legacy.getMetadata().setLabels(Map.of(TierStarts.LEGACY_ROLE, "primary"));
    assertThat(TierStarts.primary(primary)).isTrue();
    assertThat(TierStarts.primary(replica)).isFalse();
    assertThat(TierStarts.primary(legacy)).isTrue();
  }

  private static HasMetadata annotated(String value) {
    return new ConfigMapBuilder()
        .withNewMetadata()
        .withAnnotations(Map.of(Labels.TIER_STARTS, value))
        .endMetadata()
        .build();
  }

  private static Pod pod(String name, String uid, int restarts, String deleting) {
    return new PodBuilder()
        .withNewMetadata()
        .withName(name)
        .withUid(uid)
        .withDeletionTimestamp(deleting)
        .endMetadata()
        .withNewStatus()
        .withContainerStatuses(
            new ContainerStatusBuilder().withName("a").withRestartCount(restarts).build())
        .endStatus()
        .build();
  }
}
