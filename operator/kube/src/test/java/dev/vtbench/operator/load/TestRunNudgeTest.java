package dev.vtbench.operator.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** When a TestRun stuck behind k6-operator's back-off is nudged, on constructed objects. */
class TestRunNudgeTest {

  static final Instant NOW = Instant.parse("2026-11-24T00:10:00Z");

  static GenericKubernetesResource testRun(String progress, Integer parallelism, String nudgedAt) {
    GenericKubernetesResource tr = new GenericKubernetesResource();
    tr.setMetadata(
        new ObjectMetaBuilder()
            .withName("r-load-0")
            .withUid("uid-tr")
            .withAnnotations(nudgedAt == null ? Map.of() : Map.of(TestRunNudge.NUDGED_AT, nudgedAt))
            .build());
    if (parallelism != null) {
      tr.setAdditionalProperty("spec", Map.of("parallelism", parallelism));
    }
    if (progress != null) {
      tr.setAdditionalProperty("status", Map.of("stage", progress));
    }
    return tr;
  }

  /** A runner pod, Ready since {@code readySince} (not Ready if null). */
  static Pod runner(Instant readySince) {
    return new PodBuilder()
        .withNewMetadata()
        .withName("r-load-0-1-abcde")
        .endMetadata()
        .withNewStatus()
        .withPhase("Running")
        .addNewCondition()
        .withType("Ready")
        .withStatus(readySince == null ? "False" : "True")
        .withLastTransitionTime(readySince == null ? NOW.toString() : readySince.toString())
        .endCondition()
        .endStatus()
        .build();
  }

  @Test
  void aCreatedTestRunWhoseRunnersAreReadyIsNudgedThreeSecondsLaterThenEveryFive() {
    Instant ready = NOW.minusSeconds(1);
    assertThat(TestRunNudge.next(testRun("created", 1, null), List.of(runner(ready)), NOW))
        .contains(ready.plus(TestRunNudge.READY_FOR));
    Instant last = NOW.minusSeconds(2);
    assertThat(
            TestRunNudge.next(
                testRun("created", null, last.toString()),
                List.of(runner(NOW.minusSeconds(60))),
                NOW))
        .contains(last.plus(TestRunNudge.EVERY));
    // the last nudge long ago: due now
    assertThat(
            TestRunNudge.next(
                testRun("created", 1, NOW.minusSeconds(30).toString()),
                List.of(runner(NOW.minusSeconds(60))),
                NOW))
        .hasValueSatisfying(due -> assertThat(due).isBefore(NOW));
  }

  @Test
  void nothingIsNudgedOutsideTheWaitForRunners() {
    Pod ready = runner(NOW.minusSeconds(60));
    for (String progress :
        List.of("initialization", "initialized", "started", "finished", "error")) {
      assertThat(TestRunNudge.next(testRun(progress, 1, null), List.of(ready), NOW)).isEmpty();
    }
    assertThat(TestRunNudge.next(testRun(null, 1, null), List.of(ready), NOW)).isEmpty();
    assertThat(TestRunNudge.next(testRun("created", 1, null), List.of(), NOW)).isEmpty();
    assertThat(TestRunNudge.next(testRun("created", 1, null), List.of(runner(null)), NOW))
        .isEmpty();
    // two runners asked for, one there; then one of two not Ready
    assertThat(TestRunNudge.next(testRun("created", 2, null), List.of(ready), NOW)).isEmpty();
    assertThat(TestRunNudge.next(testRun("created", 2, null), List.of(ready, runner(null)), NOW))
        .isEmpty();
    // both Ready: the later of the two counts
    assertThat(
            TestRunNudge.next(
                testRun("created", 2, null), List.of(ready, runner(NOW.minusSeconds(1))), NOW))
        .contains(NOW.minusSeconds(1).plus(TestRunNudge.READY_FOR));
  }

  @Test
  void thePatchNamesTheTestRunsUidAndAnAnnotationThatReadsBack() {
    GenericKubernetesResource tr = testRun("created", 1, null);
    assertThat(TestRunNudge.nudged(tr)).isFalse();
    assertThat(TestRunNudge.patch(tr, NOW))
        .isEqualTo(
            "{\"metadata\":{\"uid\":\"uid-tr\",\"annotations\":{\"vtbench.dev/nudged-at\":"
                + "\"2026-11-24T00:10:00Z\"}}}");
    assertThat(TestRunNudge.nudged(testRun("created", 1, NOW.toString()))).isTrue();
    // an annotation someone else wrote badly counts as none
    assertThat(TestRunNudge.nudged(testRun("created", 1, "yesterday"))).isFalse();
  }
}
