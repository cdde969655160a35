package dev.vtbench.operator.resources;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.operator.api.BenchmarkRunResource;
import io.fabric8.kubernetes.api.model.Secret;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The run's database credentials: what CloudNativePG needs (the owner's name and a password), what
 * the SUT needs to connect, owned by the run, and the password random each time.
 */
class DatabaseCredentialsTest {

  @Test
  void passwordsAreLongRandomAndNeedNoQuoting() {
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < 1000; i++) {
      String p = DatabaseCredentials.newPassword();
      assertThat(p).hasSize(32).matches("[A-Za-z0-9_-]+");
      seen.add(p);
    }
    assertThat(seen).as("1,000 passwords, all different").hasSize(1000);
  }

  @Test
  void theSecretIsTheRunsAndHoldsWhatCloudNativePgAndTheSutRead() {
    BenchmarkRunResource run = DesiredObjectsTest.unpinned();
    Secret s = DatabaseCredentials.secret(run, "pw");

    assertThat(s.getMetadata().getName()).isEqualTo("unpinned-run-db-app");
    assertThat(s.getMetadata().getNamespace()).isEqualTo("bench");
    assertThat(Ownership.owns(run, s)).isTrue();
    assertThat(s.getType()).isEqualTo("kubernetes.io/basic-auth");
    assertThat(s.getImmutable()).isTrue();
    assertThat(s.getStringData())
        .isEqualTo(
            Map.of(
                "username", "bench",
                "password", "pw",
                "host", "unpinned-run-db-rw",
                "port", "5432",
                "dbname", "bench"));
  }

  @Test
  @SuppressWarnings("unchecked")
  void theClusterBootstrapsItsOwnerWithTheRunsSecret() {
    BenchmarkRunResource run = DesiredObjectsTest.unpinned();
    Map<String, Object> spec =
        (Map<String, Object>) DatabaseTier.cluster(run).getAdditionalProperties().get("spec");
    Map<String, Object> initdb =
        (Map<String, Object>) ((Map<String, Object>) spec.get("bootstrap")).get("initdb");
    // CloudNativePG refuses a secret whose username is not the owner.
    assertThat(initdb)
        .containsEntry(
            "owner", DatabaseCredentials.secret(run, "x").getStringData().get("username"))
        .containsEntry("secret", Map.of("name", ResourceNames.databaseAppSecret(run)));
  }
}
