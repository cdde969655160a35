package dev.vtbench.local;

import dev.vtbench.engine.seed.SeedSql;
import dev.vtbench.local.process.LocalStack;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code vtbench up}: the stack in the background, for trying the SUT by hand. */
@Command(
    name = "up",
    mixinStandardHelpOptions = true,
    description =
        "Start PostgreSQL (seeded), the stub and the SUT in the background and print their URLs.")
final class UpCommand implements Callable<Integer> {

  @Option(names = "--sut-port", defaultValue = "8080", description = "SUT port (${DEFAULT-VALUE}).")
  int sutPort;

  @Option(
      names = "--stub-port",
      defaultValue = "8081",
      description = "Stub port (${DEFAULT-VALUE}).")
  int stubPort;

  @Option(
      names = "--pg-port",
      defaultValue = "5544",
      description = "PostgreSQL port when it has to be started (${DEFAULT-VALUE}).")
  int pgPort;

  @Option(names = "--customers", description = "Customers to seed (default 100000).")
  long customers = SeedSql.DEFAULT_CUSTOMERS;

  @Option(names = "--orders", description = "Orders to seed (default 1000000).")
  long orders = SeedSql.DEFAULT_ORDERS;

  @Option(names = "--reseed", description = "Rebuild the data even if already seeded.")
  boolean reseed;

  @Option(
      names = "--sut-env",
      description = "SUT setting, e.g. --sut-env VT_ENABLED=true (repeatable).")
  Map<String, String> sutEnv = new LinkedHashMap<>();

  @Option(
      names = "--stub-env",
      description = "Stub setting, e.g. --stub-env STUB_DELAY_MS=20 (repeatable).")
  Map<String, String> stubEnv = new LinkedHashMap<>();

  @CommandLine.Mixin Main.Local local = new Main.Local();

  @Override
  public Integer call() {
    new LocalStack(local.cacheDir, System.out::println)
        .up(
            new LocalStack.Options(
                local.cacheDir,
                local.sutJar(),
                local.stubJar(),
                sutPort,
                stubPort,
                pgPort,
                customers,
                orders,
                reseed,
                sutEnv,
                stubEnv));
    return 0;
  }
}
