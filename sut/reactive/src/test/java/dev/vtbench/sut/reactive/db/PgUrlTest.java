package dev.vtbench.sut.reactive.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vtbench.sut.SutSettings;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every JDBC URL the settings can hold becomes the same database for R2DBC. */
class PgUrlTest {

  @Test
  void hostPortAndDatabaseOfTheLocalUrl() {
    PgUrl url = PgUrl.parse("jdbc:postgresql://127.0.0.1:55432/bench");
    assertThat(url).isEqualTo(new PgUrl("127.0.0.1", 55432, "bench", Map.of()));
  }

  @Test
  void theDefaultPortAndAnIpv6Host() {
    assertThat(PgUrl.parse("jdbc:postgresql://db.example/app").port()).isEqualTo(5432);
    PgUrl v6 = PgUrl.parse("jdbc:postgresql://[::1]:6432/app");
    assertThat(v6.host()).isEqualTo("::1");
    assertThat(v6.port()).isEqualTo(6432);
  }

  /** A CloudNativePG jdbc-uri carries user and password in its query, URL-encoded. */
  @Test
  void userAndPasswordFromTheQueryOfACloudNativePgUri() {
    SutSettings.Database db =
        new SutSettings.Database(
            "jdbc:postgresql://bench-rw.ns:5432/app?password=s%3Dcret&user=app",
            "other", null, "DB_SECRET_DIR jdbc-uri");
    PgUrl url = PgUrl.parse(db.jdbcUrl());
    assertThat(url.host()).isEqualTo("bench-rw.ns");
    assertThat(url.database()).isEqualTo("app");
    assertThat(url.query()).containsEntry("user", "app").containsEntry("password", "s=cret");
    assertThat(PgUrl.configuration(db, Duration.ofSeconds(3))).isNotNull();
  }

  @Test
  void aUrlItCannotTakeApartIsRefusedWithThePasswordRedacted() {
    assertThatThrownBy(() -> PgUrl.parse("jdbc:postgresql://h:port/db?password=hunter2"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("DB_URL=")
        .hasMessageContaining("password=***")
        .hasMessageNotContaining("hunter2");
    assertThatThrownBy(() -> PgUrl.parse("jdbc:postgresql://a:1,b:2/db"))
        .hasMessageContaining("one host");
    assertThatThrownBy(() -> PgUrl.parse("postgres://h/db"))
        .hasMessageContaining("expected jdbc:postgresql://");
  }
}
