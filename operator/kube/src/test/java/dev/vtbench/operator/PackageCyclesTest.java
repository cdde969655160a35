package dev.vtbench.operator;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The operator's packages depend on each other in one direction only: a cycle means a class sits in
 * the wrong package (issue 49 found six, each from one stray import).
 */
class PackageCyclesTest {

  private static final JavaClasses OPERATOR =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("dev.vtbench.operator");

  @Test
  void theOperatorsPackagesHaveNoCycles() {
    slices().matching("dev.vtbench.operator.(**)").should().beFreeOfCycles().check(OPERATOR);
  }

  @Test
  void theCheckSeesEveryPackage() {
    // a rule over nothing would pass: the import must hold the operator's packages
    assertThat(OPERATOR.stream().map(c -> c.getPackageName()).distinct())
        .contains(
            "dev.vtbench.operator.api",
            "dev.vtbench.operator.resources",
            "dev.vtbench.operator.load");
  }
}
