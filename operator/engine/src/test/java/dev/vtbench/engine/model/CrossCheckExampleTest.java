package dev.vtbench.engine.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.model.rules.Durations;
import dev.vtbench.engine.seed.SeedSql;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * examples/crosscheck runs vtbench's SUT on its built-in path and through the bring-your-own path:
 * the comparison only means something while both measure the same cell on the same data.
 */
class CrossCheckExampleTest {

  private static final Path DIR = Path.of("../../examples/crosscheck");

  @Test
  void bothHalvesMeasureTheSameCellOnTheSameData() throws Exception {
    BenchmarkRunSpec builtin = SpecLoader.load(DIR.resolve("builtin.yaml")).spec;
    BenchmarkRunSpec byo = SpecLoader.load(DIR.resolve("byo.yaml")).spec;

    assertThat(Files.readString(DIR.resolve("seed.sql")))
        .isEqualTo(SeedSql.render(builtin.database.seed.customers, builtin.database.seed.orders));
    assertThat(byo.sut.service).isNotNull();
    assertThat(byo.workload.requests)
        .singleElement()
        .satisfies(
            r -> {
              assertThat(r.path)
                  .isEqualTo(
                      "/api/order-summary/{id}?delayMs="
                          + Durations.parse("spec.workload.stubDelay", builtin.workload.stubDelay)
                              .toMillis());
              assertThat(r.params.get("id").from).isEqualTo(1L);
              assertThat(r.params.get("id").to).isEqualTo(builtin.database.seed.orders);
            });
    assertThat(byo.workload.stubDelay).isEqualTo(builtin.workload.stubDelay);
    assertThat(byo.sut.cpu).isEqualTo(builtin.sut.cpu);
    assertThat(byo.sut.memory).isEqualTo(builtin.sut.memory);
    assertThat(byo.sut.tomcatMaxThreads).isEqualTo(builtin.sut.tomcatMaxThreads);
    assertThat(byo.load).usingRecursiveComparison().isEqualTo(builtin.load);
    assertThat(byo.matrix).usingRecursiveComparison().isEqualTo(builtin.matrix);
    assertThat(byo.stub).usingRecursiveComparison().isEqualTo(builtin.stub);
  }
}
