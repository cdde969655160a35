package dev.vtbench.proc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The machine's CPU model as /proc/cpuinfo names it: the one reader the local runner (machine.txt,
 * the rows' {@code cpu_model}) and the SUT (its runtime report, which a cluster's row takes) share.
 */
public final class CpuInfo {

  private CpuInfo() {}

  /** /proc/cpuinfo's first "model name" (x86), or null where it has none or cannot be read. */
  public static String modelName() {
    try {
      return modelName(Files.readAllLines(Path.of("/proc/cpuinfo")));
    } catch (IOException e) {
      return null;
    }
  }

  /** The first "model name" line's value among {@code cpuinfo}'s lines, or null. */
  static String modelName(List<String> cpuinfo) {
    return cpuinfo.stream()
        .filter(l -> l.startsWith("model name"))
        .map(l -> l.substring(l.indexOf(':') + 1).strip())
        .findFirst()
        .orElse(null);
  }
}
