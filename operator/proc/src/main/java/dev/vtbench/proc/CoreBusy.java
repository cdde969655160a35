package dev.vtbench.proc;

import java.util.Locale;
import java.util.Set;
import java.util.SortedMap;
import java.util.StringJoiner;
import java.util.TreeMap;

/**
 * How busy each core was over a hold, whoever used it, and how much time the hypervisor stole. A
 * tier's own CPU says what that tier used; this says whether a core had anything left, which is
 * what saturation is about when several tiers share a core (k6, the stub and PostgreSQL on CPU 0 of
 * a small machine).
 *
 * @param busyPct logical CPU number → percent of that core's time spent neither idle nor waiting
 *     for I/O (steal counts as busy: the core was not ours to use), ascending by CPU
 * @param stealPct time the hypervisor gave to other guests, percent of all cores' time
 * @param generatorCores the CPUs the load generator may run on
 */
public record CoreBusy(
    SortedMap<Integer, Double> busyPct, double stealPct, Set<Integer> generatorCores) {

  public CoreBusy {
    busyPct = new TreeMap<>(busyPct);
    generatorCores = Set.copyOf(generatorCores);
  }

  /** Every core as {@code cpu:busy} joined by {@code |}, e.g. {@code 0:92.1|1:88.0}. */
  public String list() {
    StringJoiner j = new StringJoiner("|");
    busyPct.forEach((cpu, pct) -> j.add(cpu + ":" + String.format(Locale.ROOT, "%.1f", pct)));
    return j.toString();
  }

  /**
   * A {@link #list()} read back: CPU → busy percent; null when {@code list} is not one (a part
   * without {@code cpu:pct}, a number that does not parse).
   */
  public static SortedMap<Integer, Double> parseList(String list) {
    SortedMap<Integer, Double> m = new TreeMap<>();
    for (String part : list.split("\\|")) {
      String[] kv = part.strip().split(":");
      if (kv.length != 2) {
        return null;
      }
      try {
        m.put(Integer.parseInt(kv[0].strip()), Double.parseDouble(kv[1].strip()));
      } catch (NumberFormatException e) {
        return null;
      }
    }
    return m;
  }

  /**
   * The mean busy share of the generator's cores, or null when none of them was measured. With one
   * generator core, that core's busy share.
   */
  public Double generatorBusyPct() {
    return generatorCores.stream()
        .filter(busyPct::containsKey)
        .mapToDouble(busyPct::get)
        .average()
        .stream()
        .boxed()
        .findFirst()
        .orElse(null);
  }
}
