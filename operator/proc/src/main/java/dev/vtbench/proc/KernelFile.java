package dev.vtbench.proc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A one-value file the kernel exposes under /proc, /sys or a cgroup mount. */
public final class KernelFile {

  private KernelFile() {}

  /**
   * The text of {@code file} without surrounding whitespace (e.g. {@code 0-1} from
   * /sys/devices/system/cpu/online, {@code max 100000} from cpu.max); null when the file is
   * missing, unreadable or empty.
   */
  public static String value(Path file) {
    try {
      String s = Files.readString(file).strip();
      return s.isEmpty() ? null : s;
    } catch (IOException e) {
      return null;
    }
  }
}
