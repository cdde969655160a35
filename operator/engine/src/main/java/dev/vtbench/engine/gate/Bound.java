package dev.vtbench.engine.gate;

/** Which side of its limit a measure must stay on, and how a message says where it landed. */
enum Bound {
  AT_MOST("within", "above", "below", "higher"),
  AT_LEAST("at least", "below", "above", "lower");

  private final String held;
  private final String worse;
  private final String better;
  private final String worseComparative;

  Bound(String held, String worse, String better, String worseComparative) {
    this.held = held;
    this.worse = worse;
    this.better = better;
    this.worseComparative = worseComparative;
  }

  boolean holds(double value, double limit) {
    return this == AT_MOST ? value <= limit : value >= limit;
  }

  /** ", within " or ", above " (", at least " or ", below "): joins a value to its limit. */
  String verdict(boolean held) {
    return ", " + (held ? this.held : worse) + " ";
  }

  /**
   * How much worse {@code now} is than {@code before}, as a fraction of {@code before}; negative
   * when it is better.
   */
  double worsening(double now, double before) {
    double change = (now - before) / before;
    return this == AT_MOST ? change : -change;
  }

  /** "above" for a p99 that rose, "below" for a throughput that fell; the opposite when better. */
  String direction(double worsening) {
    return worsening >= 0 ? worse : better;
  }

  /** "higher" for a p99, "lower" for a throughput: the way the measure gets worse. */
  String worseComparative() {
    return worseComparative;
  }

  /** The value {@code allowed} (a fraction) worse than {@code before}. */
  double worsened(double before, double allowed) {
    return this == AT_MOST ? before * (1 + allowed) : before * (1 - allowed);
  }
}
