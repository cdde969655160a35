package dev.vtbench.operator.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The machine: its CPUs and model, and its 1-minute load average sampled during the run. */
final class BenchMachine {
  private final List<Double> loads = new ArrayList<>();

  synchronized void sampleLoad() {
    loads.add(load1());
  }

  double load1() {
    try {
      return Double.parseDouble(Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
    } catch (IOException | RuntimeException e) {
      return Double.NaN;
    }
  }

  synchronized String describe() {
    String model = "?";
    try {
      model =
          Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
              .filter(l -> l.startsWith("model name"))
              .map(l -> l.substring(l.indexOf(':') + 1).strip())
              .findFirst()
              .orElse("?");
    } catch (IOException e) {
      // not Linux: left as ?
    }
    double mean = loads.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    double max = loads.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    return String.format(
        Locale.ROOT,
        "%d CPUs, %s, %d MiB RAM; load average (1 min) during the run mean %.1f, max %.1f"
            + " (shared machine)",
        Runtime.getRuntime().availableProcessors(),
        model,
        memTotalMiB(),
        mean,
        max);
  }

  private static long memTotalMiB() {
    try {
      return Files.readAllLines(Path.of("/proc/meminfo")).stream()
              .filter(l -> l.startsWith("MemTotal:"))
              .mapToLong(l -> Long.parseLong(l.replaceAll("\\D", "")))
              .findFirst()
              .orElse(0)
          / 1024;
    } catch (IOException e) {
      return 0;
    }
  }
}
