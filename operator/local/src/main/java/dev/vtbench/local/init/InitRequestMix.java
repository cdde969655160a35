package dev.vtbench.local.init;

import dev.vtbench.local.init.ActuatorMappings.Endpoint;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A starting request mix for {@code vtbench init}: one GET per endpoint of the service, each path
 * variable drawn from a whole-number range. The range is the ids of the table the variable names
 * ({@code /orders/{id}}: table {@code orders} or {@code order}; {@code {customerId}}: {@code
 * customers}), read from the database the service was started on; else {@value #GUESS_FROM} to
 * {@value #GUESS_TO}, marked as a guess for the user to set.
 */
final class InitRequestMix {

  static final long GUESS_FROM = 1;
  static final long GUESS_TO = 100;

  private InitRequestMix() {}

  /** A variable's values; {@code source} says where they came from, null for a guess. */
  record Range(long from, long to, String source) {}

  /** The ids of the first of {@code tables} that exists with a whole-number id, or null. */
  interface IdRanges {
    Range of(List<String> tables);
  }

  /** No database: every range is a guess. */
  static final IdRanges NONE = tables -> null;

  /**
   * One request of the mix as written: its endpoint, each variable's range, what the spec's comment
   * says about it, and whether it is written commented out (it cannot be sent as it is).
   */
  record Draft(Endpoint endpoint, Map<String, Range> params, List<String> notes, boolean active) {

    /**
     * This draft after one GET with each variable at its range's start answered {@code status} (0:
     * no answer): a 400 or 405 means the request needs what the mappings do not show (a required
     * query parameter, a header), so it is written commented out; 2xx adds nothing.
     */
    Draft probed(int status, String url) {
      List<String> more = new ArrayList<>(notes);
      boolean stays = active;
      if (status == 400 || status == 405) {
        more.add(
            "answered "
                + status
                + " to GET "
                + url
                + " at init: it needs what the mappings do not show (a required query"
                + " parameter?); add it (?name={name} with params) and uncomment");
        stays = false;
      } else if (status == 0) {
        more.add("no answer to GET " + url + " at init");
      } else if (status == 404 && !params.isEmpty()) {
        more.add("answered 404 to GET " + url + " at init: set the range to ids that exist");
      } else if (status >= 300) {
        more.add(
            "answered "
                + status
                + " to GET "
                + url
                + " at init"
                + (status >= 500 ? " (a downstream call with nowhere to go? see stubUrlEnv)" : ""));
      }
      return new Draft(endpoint, params, more, stays);
    }

    /** The request's path with each variable at its range's start, as the probe sends it. */
    String firstPath() {
      String p = endpoint.path();
      for (var e : params.entrySet()) {
        p = p.replace("{" + e.getKey() + "}", Long.toString(e.getValue().from()));
      }
      return p;
    }
  }

  /** One draft per endpoint, in the order given. */
  static List<Draft> of(List<Endpoint> endpoints, IdRanges ids) {
    List<Draft> out = new ArrayList<>();
    for (Endpoint e : endpoints) {
      Map<String, Range> params = new LinkedHashMap<>();
      List<String> notes = new ArrayList<>();
      for (String variable : e.variables()) {
        Range r = ids.of(tables(variable, segmentBefore(e.path(), variable)));
        if (r == null) {
          r = new Range(GUESS_FROM, GUESS_TO, null);
          notes.add(
              "{"
                  + variable
                  + "}: "
                  + (looksLikeId(variable) ? "" : "a number? ")
                  + "no table of ids found for it: set the range (or values: [a, b]) your data"
                  + " has");
        } else {
          notes.add("{" + variable + "}: " + r.source());
        }
        params.put(variable, r);
      }
      out.add(new Draft(e, params, notes, true));
    }
    return out;
  }

  /** Whether a variable's name says it is an id: id, orderId, order_id, ownerID. */
  static boolean looksLikeId(String variable) {
    String v = variable.toLowerCase(Locale.ROOT);
    return v.equals("id") || v.endsWith("id") && variable.length() > 2;
  }

  /**
   * The path segment before {@code {variable}}, e.g. {@code orders} for {@code /orders/{id}}; empty
   * when the variable comes first or sits in the query.
   */
  static String segmentBefore(String path, String variable) {
    int at = path.indexOf("{" + variable + "}");
    int query = path.indexOf('?');
    if (at <= 0 || query >= 0 && at > query || path.charAt(at - 1) != '/') {
      return "";
    }
    String before = path.substring(0, at - 1);
    String segment = before.substring(before.lastIndexOf('/') + 1);
    return segment.contains("{") ? "" : segment;
  }

  /**
   * The tables a variable's ids may be in, most likely first: named by the variable ({@code
   * customerId}: customers, customer) unless it is a bare id, then by the segment before it ({@code
   * orders}: orders, order), each as PostgreSQL folds a name (lower case, - as _).
   */
  static List<String> tables(String variable, String segment) {
    List<String> out = new ArrayList<>();
    String v = snake(variable);
    if (looksLikeId(variable) && !v.equals("id")) {
      String noun = v.substring(0, v.length() - 2).replaceAll("_+$", "");
      if (!noun.isEmpty()) {
        addForms(out, noun);
      }
    }
    if (!segment.isEmpty()) {
      addForms(out, snake(segment).replace('-', '_').replace('.', '_'));
    }
    return out;
  }

  private static void addForms(List<String> out, String noun) {
    List<String> forms = new ArrayList<>(List.of(noun));
    if (noun.endsWith("ies")) {
      forms.add(noun.substring(0, noun.length() - 3) + "y");
    } else if (noun.endsWith("ses") || noun.endsWith("xes") || noun.endsWith("ches")) {
      forms.add(noun.substring(0, noun.length() - 2));
    } else if (noun.endsWith("s")) {
      forms.add(noun.substring(0, noun.length() - 1));
    } else if (noun.endsWith("y")) {
      forms.add(noun.substring(0, noun.length() - 1) + "ies");
    } else {
      forms.add(noun + "s");
    }
    forms.stream().filter(f -> !out.contains(f)).forEach(out::add);
  }

  private static String snake(String name) {
    return name.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT);
  }
}
