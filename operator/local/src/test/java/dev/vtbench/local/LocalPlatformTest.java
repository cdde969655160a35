package dev.vtbench.local;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.model.spec.ExternalDatabaseSpec;
import dev.vtbench.engine.model.spec.ServiceSpec;
import org.junit.jupiter.api.Test;

class LocalPlatformTest {

  private static final String HOST = Machine.hostName();

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
}
