package dev.vtbench.local;

import dev.vtbench.local.process.LocalStack;
import dev.vtbench.local.process.Os;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code vtbench down}: stops what {@code vtbench up} started, and nothing else. */
@Command(
    name = "down",
    mixinStandardHelpOptions = true,
    description = "Stop exactly what 'vtbench up' started.")
final class DownCommand implements Callable<Integer> {

  @Option(names = "--cache-dir", description = "Cache given to 'up' (default ~/.cache/vtbench).")
  Path cacheDir = Os.DEFAULT_CACHE;

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
