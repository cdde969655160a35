package dev.vtbench.engine.results.row;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Where each tier of a row ran: the one home of {@code tier_nodes}'s format, written by both
 * platforms and read by whoever needs it back.
 *
 * <p>The column is one string without commas: {@code
 * sut=<node>;stub=<node>;database=<node>;load=<node>[+<node>...]}, the tiers always in that order.
 * The load's part lists the distinct nodes of its runners, sorted, joined by {@code +}. A tier
 * whose node is not known (no stub, the service's own database, a pod not yet scheduled) is left
 * out, and a row where none is known has an empty field. A node is a Kubernetes node name or,
 * locally, the host name: neither contains {@code ;}, {@code =}, {@code +}, a comma or white space,
 * and a name that does is refused rather than written as something that reads back differently.
 *
 * @param sut the SUT's node, as the row's {@code node} column names it; null when not known
 * @param stub the downstream stub's node; null when not known or the run has no stub
 * @param database the database's node (on a cluster CloudNativePG's primary); null when not known
 *     or the database is the service's own ({@code spec.database.external})
 * @param load the load generator's nodes, distinct and sorted; empty when none is known
 */
public record TierNodes(String sut, String stub, String database, List<String> load) {

  static final String SUT = "sut";
  static final String STUB = "stub";
  static final String DATABASE = "database";
  static final String LOAD = "load";

  /** What a node name cannot hold: the column's separators and the CSV's. */
  private static final String SEPARATORS = ";=+,";

  /** The tiers, in the order the column names them. */
  static final List<String> TIERS = List.of(SUT, STUB, DATABASE, LOAD);

  /** No tier's node known: an empty field. */
  public static final TierNodes NONE = new TierNodes(null, null, null, List.of());

  public TierNodes {
    sut = node(sut);
    stub = node(stub);
    database = node(database);
    TreeSet<String> nodes = new TreeSet<>();
    for (String n : load == null ? List.<String>of() : load) {
      String node = node(n);
      if (node != null) {
        nodes.add(node);
      }
    }
    load = List.copyOf(nodes);
  }

  /** Every tier on one node or host, as locally: the stub and database where they run. */
  public static TierNodes allOn(String host, boolean stub, boolean database) {
    return new TierNodes(host, stub ? host : null, database ? host : null, List.of(host));
  }

  /** Whether no tier's node is known. */
  public boolean isEmpty() {
    return sut == null && stub == null && database == null && load.isEmpty();
  }

  /**
   * The column's value, e.g. {@code sut=node-a;stub=node-b;load=node-b+node-c}; null when no tier's
   * node is known (an empty field).
   */
  public String format() {
    List<String> parts = new ArrayList<>(4);
    add(parts, SUT, sut);
    add(parts, STUB, stub);
    add(parts, DATABASE, database);
    add(parts, LOAD, load.isEmpty() ? null : String.join("+", load));
    return parts.isEmpty() ? null : String.join(";", parts);
  }

  private static void add(List<String> parts, String tier, String node) {
    if (node != null) {
      parts.add(tier + "=" + node);
    }
  }

  /**
   * The tiers a {@code tier_nodes} value names; {@link #NONE} for an empty or absent one (a row
   * written before the column).
   *
   * @throws IllegalArgumentException for a part that is not {@code tier=node}, an unknown or
   *     repeated tier, or an empty node
   */
  public static TierNodes parse(String value) {
    if (value == null || value.isBlank()) {
      return NONE;
    }
    Map<String, String> parts = new HashMap<>();
    for (String part : value.strip().split(";", -1)) {
      int eq = part.indexOf('=');
      if (eq <= 0 || eq == part.length() - 1) {
        throw new IllegalArgumentException(
            "tier_nodes '" + value + "': '" + part + "' is not tier=node");
      }
      String tier = part.substring(0, eq);
      if (!TIERS.contains(tier)) {
        throw new IllegalArgumentException(
            "tier_nodes '" + value + "': unknown tier '" + tier + "' (one of " + TIERS + ")");
      }
      if (parts.put(tier, part.substring(eq + 1)) != null) {
        throw new IllegalArgumentException("tier_nodes '" + value + "': " + tier + " twice");
      }
    }
    List<String> load =
        parts.containsKey(LOAD) ? List.of(parts.get(LOAD).split("\\+", -1)) : List.of();
    if (load.contains("")) {
      throw new IllegalArgumentException("tier_nodes '" + value + "': an empty load node");
    }
    return new TierNodes(parts.get(SUT), parts.get(STUB), parts.get(DATABASE), load);
  }

  /** {@code n} stripped, null when absent or blank; refused when it holds a separator. */
  private static String node(String n) {
    if (n == null || n.isBlank()) {
      return null;
    }
    String node = n.strip();
    if (node.chars().anyMatch(c -> SEPARATORS.indexOf(c) >= 0 || Character.isWhitespace(c))) {
      throw new IllegalArgumentException(
          "node name '" + node + "' holds a separator of tier_nodes (; = + , or white space)");
    }
    return node;
  }
}
