package dev.vtbench.local.platform;

import dev.vtbench.engine.results.derived.Cpusets;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Which CPUs each tier may run on (taskset lists). The SUT gets cores of its own, taken from the
 * top; PostgreSQL the next ones if any are left; the load generator and the stub share the rest,
 * always including CPU 0. A run without a PostgreSQL of its own (a service's existing database, or
 * none) sets none aside: those cores go to the load generator and the stub. With one CPU nothing is
 * pinned. The SUT's cpuset is then read back from inside the SUT (/api/runtime-info), not assumed.
 */
public record CoreMap(String sut, String database, String load, int cpus) {

  /**
   * @param dbWanted the CPUs PostgreSQL asks for; 0 when the run starts no PostgreSQL
   */
  public static CoreMap plan(int cpus, int sutWanted, int dbWanted) {
    if (cpus < 2) {
      return new CoreMap(null, null, null, cpus);
    }
    int sut = Math.max(1, Math.min(sutWanted, cpus - 1));
    int left = cpus - sut;
    int db = dbWanted > 0 && left >= 2 ? Math.max(1, Math.min(dbWanted, left - 1)) : 0;
    int load = cpus - sut - db;
    String sutList = range(cpus - sut, cpus - 1);
    String loadList = range(0, load - 1);
    String dbList = dbWanted == 0 ? null : db == 0 ? loadList : range(load, load + db - 1);
    return new CoreMap(sutList, dbList, loadList, cpus);
  }

  /** How many CPUs a taskset list such as "0-2" or "3" holds; all CPUs when not pinned. */
  public int count(String list) {
    if (list == null) {
      return cpus;
    }
    int n = 0;
    for (String part : list.split(",")) {
      String[] ends = part.split("-");
      n += ends.length == 1 ? 1 : Integer.parseInt(ends[1]) - Integer.parseInt(ends[0]) + 1;
    }
    return n;
  }

  /** The CPUs k6 and the stub run on; every CPU when nothing is pinned. */
  public Set<Integer> loadCores() {
    return load == null
        ? IntStream.range(0, cpus).boxed().collect(Collectors.toSet())
        : Cpusets.members(load);
  }

  private static String range(int from, int to) {
    return from == to ? Integer.toString(from) : from + "-" + to;
  }

  @Override
  public String toString() {
    return cpus < 2
        ? "one CPU: no pinning"
        : "SUT "
            + sut
            + " | PostgreSQL "
            + (database == null ? "none" : database)
            + " | k6 + stub "
            + load;
  }
}
