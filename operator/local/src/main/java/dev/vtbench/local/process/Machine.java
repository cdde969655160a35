package dev.vtbench.local.process;

import dev.vtbench.proc.CpuInfo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** What this machine is, as far as a measurement depends on it. */
public final class Machine {

  private Machine() {}

  /**
   * 16 hex digits naming this machine: its machine-id (where the OS has one), CPU model, the online
   * CPUs (the machine's, not this process's affinity) and memory. Rows resume only under the
   * fingerprint they were recorded with.
   */
  public static String fingerprint() {
    String id = read(Path.of("/etc/machine-id")).strip();
    String text =
        String.join(
            "\n",
            id,
            cpuModel(),
            read(Path.of("/sys/devices/system/cpu/online")).strip(),
            memTotal());
    return sha256Prefix(text);
  }

  /** 16 hex digits of the SHA-256 of {@code text}'s UTF-8 bytes. */
  public static String sha256Prefix(String text) {
    try {
      byte[] d = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(d, 0, 8);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The CPU model ({@link CpuInfo}), "unknown" where /proc/cpuinfo names none. */
  public static String cpuModel() {
    String model = CpuInfo.modelName();
    return model == null ? "unknown" : model;
  }

  /** The host name, as the kernel knows it; "unknown" where it cannot be read. */
  public static String hostName() {
    String name = read(Path.of("/proc/sys/kernel/hostname")).strip();
    return name.isEmpty() ? "unknown" : name;
  }

  /** The kernel release, e.g. 6.8.0-45-generic. */
  public static String kernel() {
    return System.getProperty("os.version");
  }

  /**
   * {@code sha256:} and the first 16 hex digits of a file's SHA-256: enough to tell two SUT jars
   * apart in a row, short enough to read.
   */
  public static String sha256Prefix(Path file) {
    try (var in = Files.newInputStream(file)) {
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      byte[] buf = new byte[1 << 16];
      for (int n; (n = in.read(buf)) > 0; ) {
        md.update(buf, 0, n);
      }
      return "sha256:" + HexFormat.of().formatHex(md.digest(), 0, 8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot hash " + file, e);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  public static String memTotal() {
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
