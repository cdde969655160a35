package dev.vtbench.local;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** What this machine is, as far as a measurement depends on it. */
final class Machine {

  private Machine() {}

  /**
   * 16 hex digits naming this machine: its machine-id (where the OS has one), CPU model, the online
   * CPUs (the machine's, not this process's affinity) and memory. Rows resume only under the
   * fingerprint they were recorded with.
   */
  static String fingerprint() {
    String id = read(Path.of("/etc/machine-id")).strip();
    String text =
        String.join(
            "\n",
            id,
            cpuModel(),
            read(Path.of("/sys/devices/system/cpu/online")).strip(),
            memTotal());
    try {
      byte[] d = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(d, 0, 8);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  static String cpuModel() {
    try {
      return Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
          .filter(l -> l.startsWith("model name"))
          .map(l -> l.substring(l.indexOf(':') + 1).strip())
          .findFirst()
          .orElse("unknown");
    } catch (IOException e) {
      return "unknown";
    }
  }

  static String memTotal() {
    try {
      return Files.readAllLines(Path.of("/proc/meminfo"))
          .getFirst()
          .replace("MemTotal:", "")
          .strip();
    } catch (IOException e) {
      return "unknown";
    }
  }

  private static String read(Path file) {
    try {
      return Files.exists(file) ? Files.readString(file) : "";
    } catch (IOException e) {
      return "";
    }
  }
}
