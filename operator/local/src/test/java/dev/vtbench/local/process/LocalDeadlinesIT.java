package dev.vtbench.local.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vtbench.engine.model.spec.Timeout;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The local runner's waits end at the spec's deadlines: a seed that outlasts spec.timeouts.database
 * is cancelled by PostgreSQL itself, and a service that never answers its readiness URL fails at
 * spec.timeouts.sutStart, naming the field.
 */
class LocalDeadlinesIT {

  @Test
  void aSeedLongerThanItsDeadlineIsCancelledAndTheServerStaysUsable() {
    LocalPostgres pg = LocalPostgres.throwaway(System.out::println);
    try {
      assertThatThrownBy(() -> pg.seed(100_000, 5_000_000, false, Duration.ofSeconds(1)))
          .isInstanceOf(LocalPostgres.TimedOut.class)
          .hasMessageStartingWith("seeding did not finish within 1 s: ");
      // Cancelled as a whole: the next seed starts clean.
      LocalPostgres.SeedResult small = pg.seed(100, 500, false, Duration.ofMinutes(1));
      assertThat(small.alreadySeeded()).isFalse();
    } finally {
      pg.destroy();
    }
  }

  @Test
  void aServiceThatNeverGetsReadyFailsAtItsDeadlineNamingTheField() throws Exception {
    Path log = Files.createTempFile("vtbench-sleeper", ".log");
    try (ManagedProcess sleeper =
        ManagedProcess.start(
            ManagedProcess.Spec.of("sut", List.of("sleep", "30"), Map.of(), log))) {
      long started = System.nanoTime();
      assertThatThrownBy(
              () ->
                  sleeper.awaitHttpOk(
                      URI.create(Services.url(Os.freePort()) + "/readyz"),
                      new Timeout("spec.timeouts.sutStart", "1s")))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("sut not ready at")
          .hasMessageContaining("after 1 s (spec.timeouts.sutStart: 1s)");
      assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(10));
    }
  }
}
