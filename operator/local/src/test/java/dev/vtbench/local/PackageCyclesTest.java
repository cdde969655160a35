package dev.vtbench.local;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The local CLI's packages depend on each other in one direction only (the commands at the root,
 * then init, platform, process): a cycle means a class sits in the wrong package.
 */
class PackageCyclesTest {

  private static final JavaClasses LOCAL =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("dev.vtbench.local");

  @Test
  void theLocalPackagesHaveNoCycles() {
    // dev.vtbench.(**) makes the root package (the commands) a slice of its own too
    slices().matching("dev.vtbench.(**)").should().beFreeOfCycles().check(LOCAL);
  }

  @Test
  void theCheckSeesEveryPackage() {
    // a rule over nothing would pass: the import must hold the local packages
    assertThat(LOCAL.stream().map(c -> c.getPackageName()).distinct())
        .contains(
            "dev.vtbench.local",
            "dev.vtbench.local.init",
            "dev.vtbench.local.platform",
            "dev.vtbench.local.process");
  }
}
