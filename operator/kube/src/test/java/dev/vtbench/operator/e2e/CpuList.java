package dev.vtbench.operator.e2e;

import java.util.Set;
import java.util.TreeSet;

/** A set of CPUs as the kernel and the kubelet write it: {@code 0,2-3}. */
record CpuList(Set<Integer> cpus) {

  static CpuList parse(String text) {
    Set<Integer> cpus = new TreeSet<>();
    for (String part : text.strip().split(",")) {
      if (part.isBlank()) {
        continue;
      }
      String[] range = part.strip().split("-", 2);
      int from = Integer.parseInt(range[0]);
      int to = range.length == 2 ? Integer.parseInt(range[1]) : from;
      for (int c = from; c <= to; c++) {
        cpus.add(c);
      }
    }
    return new CpuList(Set.copyOf(cpus));
  }

  boolean overlaps(CpuList other) {
    return cpus.stream().anyMatch(other.cpus::contains);
  }
}
