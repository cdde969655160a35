package dev.vtbench.sut.runtime;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Fields of /proc/self/status and the kernel's RSS high-water mark; nothing off Linux. */
final class ProcStatus {

  private static final Path STATUS = Path.of("/proc/self/status");
  private static final Path CLEAR_REFS = Path.of("/proc/self/clear_refs");

  private ProcStatus() {}

  /** A size field (e.g. "VmRSS:") in kB, or 0 off Linux. */
  static long kb(String key) {
    String value = value(key);
    if (value == null) {
      return 0;
    }
    try {
      return Long.parseLong(value.replace("kB", "").strip());
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  /** A field of /proc/self/status (e.g. "Cpus_allowed_list:"), or null off Linux. */
  static String value(String key) {
    try {
      for (String line : Files.readAllLines(STATUS)) {
        if (line.startsWith(key)) {
          return line.substring(key.length()).strip();
        }
      }
    } catch (IOException e) {
      // not Linux
    }
    return null;
  }

  /** Resets the kernel's RSS high-water mark (VmHWM) for this process, where allowed. */
  static void clearHighWaterMark() {
    try {
      // "5" resets VmHWM.
      Files.writeString(CLEAR_REFS, "5");
    } catch (IOException | UnsupportedOperationException | SecurityException e) {
      // not Linux or not allowed: the sampled VmRSS still gives a peak
    }
  }
}
