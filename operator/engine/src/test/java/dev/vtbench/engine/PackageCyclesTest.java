package dev.vtbench.engine;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The engine's packages depend on each other in one direction only: a cycle means a class sits in
 * the wrong package (issue 49 found six, each from one stray import).
 */
class PackageCyclesTest {

  private static final JavaClasses ENGINE =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("dev.vtbench.engine");

  @Test
  void theEnginesPackagesHaveNoCycles() {
    slices().matching("dev.vtbench.engine.(**)").should().beFreeOfCycles().check(ENGINE);
  }

  @Test
  void theCheckSeesEveryPackage() {
    // a rule over nothing would pass: the import must hold the engine's packages
    assertThat(ENGINE.stream().map(c -> c.getPackageName()).distinct())
        .contains("dev.vtbench.engine.run", "dev.vtbench.engine.model", "dev.vtbench.engine.k6");
  }
}
