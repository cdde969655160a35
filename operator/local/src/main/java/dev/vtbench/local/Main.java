package dev.vtbench.local;

import dev.vtbench.engine.seed.SeedSql;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The {@code vtbench} command line for the local platform. */
@Command(
    name = "vtbench",
    mixinStandardHelpOptions = true,
    version = "vtbench 0.1.0",
    description = "Measures what virtual threads change for a blocking Spring Boot service.",
    subcommands = {Main.Up.class, Main.Down.class})
public final class Main implements Runnable {

  static final Path DEFAULT_CACHE = Path.of(System.getProperty("user.home"), ".cache", "vtbench");

  @Override
  public void run() {
    CommandLine.usage(this, System.out);
  }

  public static void main(String[] args) {
    System.exit(execute(args));
  }

  static int execute(String... args) {
    CommandLine cli = new CommandLine(new Main());
    cli.setExecutionExceptionHandler(
        (e, cmd, parsed) -> {
          cmd.getErr().println("vtbench: " + e.getMessage());
          return 1;
        });
    return cli.execute(args);
  }

  @Command(
      name = "up",
      mixinStandardHelpOptions = true,
      description =
          "Start PostgreSQL (seeded), the stub and the SUT in the background and print their URLs.")
  static final class Up implements Callable<Integer> {

    @Option(
        names = "--sut-port",
        defaultValue = "8080",
        description = "SUT port (${DEFAULT-VALUE}).")
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

    @Option(names = "--sut-jar", defaultValue = "sut/target/vtbench-sut.jar")
    Path sutJar;

    @Option(names = "--stub-jar", defaultValue = "stub/target/vtbench-stub.jar")
    Path stubJar;

    @Option(
        names = "--cache-dir",
        description = "Cache for the database and logs (default ~/.cache/vtbench).")
    Path cacheDir = DEFAULT_CACHE;

    @Override
    public Integer call() {
      new LocalStack(cacheDir, System.out::println)
          .up(
              new LocalStack.Options(
                  cacheDir,
                  sutJar.toAbsolutePath(),
                  stubJar.toAbsolutePath(),
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

  @Command(
      name = "down",
      mixinStandardHelpOptions = true,
      description = "Stop exactly what 'vtbench up' started.")
  static final class Down implements Callable<Integer> {

    @Option(names = "--cache-dir", description = "Cache given to 'up' (default ~/.cache/vtbench).")
    Path cacheDir = DEFAULT_CACHE;

    @Override
    public Integer call() {
      List<String> stopped = new LocalStack(cacheDir, System.out::println).down();
      if (stopped.isEmpty()) {
        System.out.println("nothing to stop");
      } else {
        stopped.forEach(s -> System.out.println("stopped " + s));
      }
      return 0;
    }
  }
}
