package dev.vtbench.sut;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SutSettingsTest {

  @Test
  void defaultsReproduceTheReferenceRig() {
    SutSettings s = SutSettings.fromEnv(Map.of());
    assertThat(s.virtualThreads()).isFalse();
    assertThat(s.hikariPoolSize()).isEqualTo(50);
    assertThat(s.connMode()).isEqualTo(SutSettings.ConnMode.RELEASED);
    assertThat(s.pathMode()).isEqualTo(SutSettings.PathMode.NORMAL);
    assertThat(s.tomcatMaxThreads()).isEqualTo(200);
    assertThat(s.hikariConnectionTimeout().toSeconds()).isEqualTo(10);
    assertThat(s.stubUrl().toString()).isEqualTo("http://127.0.0.1:8081");
  }

  @Test
  void readsEveryVariableCaseInsensitively() {
    SutSettings s =
        SutSettings.fromEnv(
            Map.of(
                "VT_ENABLED", "TRUE",
                "HIKARI_MAX_POOL", "10",
                "CONN_MODE", "Held",
                "PATH_MODE", "synchronized",
                "TOMCAT_MAX_THREADS", "50",
                "STUB_URL", "http://stub:9000/"));
    assertThat(s.virtualThreads()).isTrue();
    assertThat(s.hikariPoolSize()).isEqualTo(10);
    assertThat(s.connMode()).isEqualTo(SutSettings.ConnMode.HELD);
    assertThat(s.pathMode()).isEqualTo(SutSettings.PathMode.SYNCHRONIZED);
    assertThat(s.tomcatMaxThreads()).isEqualTo(50);
    assertThat(s.stubUrl().toString()).isEqualTo("http://stub:9000");
  }

  @Test
  void rejectsBadValuesNamingVariableAndAllowedValues() {
    assertThatThrownBy(() -> SutSettings.fromEnv(Map.of("TOMCAT_MAX_THREADS", "lots")))
        .hasMessage("TOMCAT_MAX_THREADS=lots is invalid; allowed: an integer from 1 to 100000");
    assertThatThrownBy(() -> SutSettings.fromEnv(Map.of("STUB_URL", "ftp://x")))
        .hasMessageContaining("STUB_URL=ftp://x");
    assertThatThrownBy(() -> SutSettings.fromEnv(Map.of("DB_URL", "postgres://x/y")))
        .hasMessageContaining("DB_URL=");
  }

  @Test
  void readsACloudNativePgAppSecretsJdbcUri(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("username"), "app\n");
    Files.writeString(dir.resolve("password"), "s3cret\n");
    Files.writeString(
        dir.resolve("jdbc-uri"), "jdbc:postgresql://db-rw.ns:5432/app?password=s3cret&user=app\n");
    SutSettings s = SutSettings.fromEnv(Map.of("DB_SECRET_DIR", dir.toString()));
    assertThat(s.database().jdbcUrl()).startsWith("jdbc:postgresql://db-rw.ns:5432/app");
    assertThat(s.database().username()).isEqualTo("app");
    assertThat(s.database().toString()).doesNotContain("s3cret");
    assertThat(s.describe().toString()).doesNotContain("s3cret");
  }

  @Test
  void readsSpringBootsDatasourceVariablesLastAsAUsersServiceGetsThem() {
    Map<String, String> env =
        Map.of(
            "SPRING_DATASOURCE_URL", "jdbc:postgresql://127.0.0.1:5433/app",
            "SPRING_DATASOURCE_USERNAME", "owner");
    SutSettings s = SutSettings.fromEnv(env);
    assertThat(s.database().jdbcUrl()).isEqualTo("jdbc:postgresql://127.0.0.1:5433/app");
    assertThat(s.database().username()).isEqualTo("owner");
    assertThat(s.database().password()).isNull();
    assertThat(s.database().source()).isEqualTo("SPRING_DATASOURCE_URL");

    Map<String, String> both = new java.util.HashMap<>(env);
    both.put("DB_URL", "jdbc:postgresql://db:5432/bench");
    assertThat(SutSettings.fromEnv(both).database().source()).isEqualTo("DB_URL");
  }

  @Test
  void readsCloudNativePgKeysWhenThereIsNoJdbcUri(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("host"), "db-rw");
    Files.writeString(dir.resolve("port"), "5433");
    Files.writeString(dir.resolve("dbname"), "app");
    Files.writeString(dir.resolve("username"), "app");
    Files.writeString(dir.resolve("password"), "pw");
    SutSettings s = SutSettings.fromEnv(Map.of("DB_SECRET_DIR", dir.toString()));
    assertThat(s.database().jdbcUrl()).isEqualTo("jdbc:postgresql://db-rw:5433/app");
    assertThat(s.database().password()).isEqualTo("pw");
  }

  @Test
  void incompleteSecretDirNamesTheMissingKeys(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("username"), "app");
    assertThatThrownBy(() -> SutSettings.fromEnv(Map.of("DB_SECRET_DIR", dir.toString())))
        .hasMessageContaining("DB_SECRET_DIR=")
        .hasMessageContaining("jdbc-uri");
  }
}
