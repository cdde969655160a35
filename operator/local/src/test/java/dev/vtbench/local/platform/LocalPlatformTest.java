package dev.vtbench.local.platform;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.model.spec.ExternalDatabaseSpec;
import dev.vtbench.engine.model.spec.ServiceSpec;
import dev.vtbench.engine.plan.SutConfig;
import dev.vtbench.local.process.Machine;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalPlatformTest {

  private static final String HOST = Machine.hostName();

  @TempDir Path tmp;

  @Test
  void everyTierRunsOnThisHostTheNodeColumnsHost() {
    assertThat(LocalPlatform.tierNodes(new BenchmarkRunSpec()).format())
        .isEqualTo("sut=%1$s;stub=%1$s;database=%1$s;load=%1$s".formatted(HOST));
  }

  @Test
  void theServicesOwnDatabaseAndAStubNotStartedAreLeftOut() {
    BenchmarkRunSpec external = new BenchmarkRunSpec();
    external.sut.service = new ServiceSpec();
    external.sut.service.stubUrlEnv = "SHIPPING_QUOTE_URL";
    external.database.external = new ExternalDatabaseSpec();
    BenchmarkRunSpec noStub = new BenchmarkRunSpec();
    noStub.sut.service = new ServiceSpec();
    noStub.database.enabled = false;

    assertThat(LocalPlatform.tierNodes(external).format())
        .isEqualTo("sut=%1$s;stub=%1$s;load=%1$s".formatted(HOST));
    assertThat(LocalPlatform.tierNodes(noStub).format())
        .isEqualTo("sut=%1$s;load=%1$s".formatted(HOST));
  }

  static SutConfig config(String mode) {
    return new SutConfig(mode, 10, "released", "normal", 200, Duration.ofSeconds(60), Map.of());
  }

  @Test
  void eachThreadModeStartsItsOwnJar() {
    Path servlet = Path.of("/jars/sut.jar");
    Path reactive = Path.of("/jars/sut-reactive.jar");
    LocalPlatform.Options options =
        new LocalPlatform.Options(
            tmp, tmp, servlet, reactive, Path.of("/jars/stub.jar"), Path.of("/bin/k6"), false);
    assertThat(options.jarFor(config("platform"))).isEqualTo(servlet);
    assertThat(options.jarFor(config("virtual"))).isEqualTo(servlet);
    assertThat(options.jarFor(config("reactive"))).isEqualTo(reactive);
  }
}
