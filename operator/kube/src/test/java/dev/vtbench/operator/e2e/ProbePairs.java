package dev.vtbench.operator.e2e;

import dev.vtbench.operator.e2e.NetworkProbes.From;
import dev.vtbench.operator.e2e.NetworkProbes.Target;
import java.util.List;
import java.util.Optional;

/**
 * Judges {@link NetworkPolicyE2E}'s probes so that "blocked" is told from "down": a connection the
 * policies refuse counts as refused only when, in the same round, a pod the policies allow reached
 * the same address and port. With no such probe, or with every such probe failing too (the target
 * is down), the refusal check fails rather than passing as blocked.
 */
final class ProbePairs {

  /**
   * One connection tried: in which round (empty for the ordinary one, else the tier opened on
   * purpose), from where, to where, whether the policies should let it open, and whether it did.
   */
  record Probe(String round, From from, Target to, boolean allowed, boolean reached) {}

  /** A check to make: whether it holds, and the line to print. */
  record Verdict(boolean ok, String what) {}

  private ProbePairs() {}

  static List<Verdict> judge(List<Probe> probes) {
    return probes.stream().map(p -> judge(p, probes)).toList();
  }

  private static Verdict judge(Probe p, List<Probe> all) {
    String prefix = p.round().isEmpty() ? "" : "[" + p.round() + "] ";
    String to = p.to().what() + " (" + p.to().ip() + ":" + p.to().port() + ")";
    String tried = p.from().what() + (p.reached() ? " reached " : " could not reach ") + to;
    if (p.allowed()) {
      return new Verdict(p.reached(), prefix + tried + ", as the policies allow");
    }
    List<Probe> pairs =
        all.stream()
            .filter(q -> q.allowed() && q.round().equals(p.round()))
            .filter(q -> q.to().ip().equals(p.to().ip()) && q.to().port() == p.to().port())
            .toList();
    if (pairs.isEmpty()) {
      return new Verdict(
          false,
          prefix
              + tried
              + ", which the policies refuse; no pod the policies allow tried the same address,"
              + " so blocked is not told from down");
    }
    Optional<Probe> up = pairs.stream().filter(Probe::reached).findFirst();
    if (up.isEmpty()) {
      return new Verdict(
          false,
          prefix
              + tried
              + ", but neither could "
              + pairs.getFirst().from().what()
              + ", which the policies allow: the target is down, not shown blocked");
    }
    return new Verdict(
        !p.reached(),
        prefix + tried + ", which the policies refuse (" + up.get().from().what() + " reached it)");
  }
}
