package dev.vtbench.local.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.model.spec.ExternalDatabaseSpec;
import dev.vtbench.engine.model.spec.RequestSpec;
import dev.vtbench.engine.model.spec.ServiceSpec;
import dev.vtbench.engine.plan.Planner;
import dev.vtbench.engine.plan.ServiceBuild;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Secret as a folder of files on the local platform: checked before anything starts, handed to
 * the service as a configtree of links, never copied into the run's folder or printed.
 */
class LocalSecretsTest {

  static final String PASSWORD = "s3cret-never-printed";

  @TempDir Path tmp;

  static BenchmarkRunSpec spec() {
    BenchmarkRunSpec s = new BenchmarkRunSpec();
    s.sut.service = new ServiceSpec();
    s.sut.service.jar = "app.jar";
    RequestSpec r = new RequestSpec();
    r.path = "/orders";
    s.workload.requests = List.of(r);
    s.database.external = new ExternalDatabaseSpec();
    s.database.external.secret = "orders-db";
    return s;
  }

  /** {@code <dir>/orders-db/} with the files {@code keys}, as kubectl create secret takes them. */
  Path secrets(String... keys) throws Exception {
    Path dir = tmp.resolve("secrets");
    Files.createDirectories(dir.resolve("orders-db"));
    Map<String, String> values =
        Map.of(
            "url", "jdbc:postgresql://db.example:5432/orders\n",
            "username", "orders\n",
            "password", PASSWORD + "\n");
    for (String k : keys) {
      Files.writeString(dir.resolve("orders-db").resolve(k), values.get(k));
    }
    return dir;
  }

  @Test
  void aMissingFolderOrKeyIsNamedWithWhatASecretFolderHolds() throws Exception {
    Path none = tmp.resolve("nowhere");
    assertThat(LocalSecrets.problems(spec(), none))
        .singleElement()
        .asString()
        .startsWith(
            "spec.database.external.secret 'orders-db': no folder "
                + none.resolve("orders-db").toAbsolutePath())
        .contains("one file per key (url, username, password)")
        .contains("vtbench run --secrets DIR; the default is ./secrets");

    Path dir = secrets("url", "username");
    assertThat(LocalSecrets.problems(spec(), dir))
        .singleElement()
        .asString()
        .contains("no readable file " + dir.resolve("orders-db/password").toAbsolutePath())
        .contains("(key password)");

    assertThat(LocalSecrets.problems(spec(), secrets("password"))).isEmpty();
    // without spec.database.external there is nothing to look for
    BenchmarkRunSpec own = spec();
    own.database.external = null;
    assertThat(LocalSecrets.problems(own, none)).isEmpty();
    assertThat(LocalSecrets.folder(own, none)).isNull();
  }

  @Test
  void theServiceGetsLinksNamedAfterThePropertiesAndNoDatasourceInItsEnvironment()
      throws Exception {
    Path dir = secrets("url", "username", "password");
    Path work = tmp.resolve("results/run");
    Path tree = LocalSecrets.configTree(LocalSecrets.folder(spec(), dir), work);

    assertThat(tree).isEqualTo(work.resolve(LocalSecrets.CONFIG_TREE).toAbsolutePath());
    for (String[] p :
        List.of(
            new String[] {"spring.datasource.url", "url"},
            new String[] {"spring.datasource.username", "username"},
            new String[] {"spring.datasource.password", "password"})) {
      Path link = tree.resolve(p[0]);
      assertThat(Files.isSymbolicLink(link)).as(p[0]).isTrue();
      assertThat(Files.readSymbolicLink(link))
          .isEqualTo(dir.resolve("orders-db").resolve(p[1]).toAbsolutePath());
    }
    assertThat(Files.readString(tree.resolve("spring.datasource.password")))
        .isEqualTo(PASSWORD + "\n");

    BenchmarkRunSpec spec = spec();
    var config = Planner.plan(spec).getFirst().sut();
    Map<String, String> env =
        LocalService.env(
            spec.sut.service,
            ServiceBuild.of(spec, config),
            config,
            new LocalService.Database(null, null, tree),
            null);
    assertThat(env)
        .containsEntry("SPRING_CONFIG_IMPORT", "optional:configtree:" + tree + "/")
        .doesNotContainKeys("SPRING_DATASOURCE_URL", "SPRING_DATASOURCE_USERNAME");
    assertThat(env.values()).noneMatch(v -> v.contains(PASSWORD) || v.contains("db.example"));

    // a second run in the same folder replaces the links; the end of the run removes them
    LocalSecrets.configTree(LocalSecrets.folder(spec(), dir), work);
    LocalSecrets.removeConfigTree(work);
    assertThat(tree).doesNotExist();
    assertThat(dir.resolve("orders-db/password")).hasContent(PASSWORD + "\n");
  }

  @Test
  void aKeyGoneByTheTimeTheRunStartsIsNamed() throws Exception {
    Path dir = secrets("url", "password");
    assertThatThrownBy(
            () -> LocalSecrets.configTree(LocalSecrets.folder(spec(), dir), tmp.resolve("w")))
        .hasMessageStartingWith("spec.database.external: no file ")
        .hasMessageContaining("(key username)");
  }
}
