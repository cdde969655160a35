package dev.vtbench.engine.results.summary;

import dev.vtbench.engine.results.derived.Overload;
import dev.vtbench.engine.results.derived.Rederive;
import dev.vtbench.engine.results.figures.Crossover;
import dev.vtbench.engine.results.figures.CrossoverPlacement;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.results.verdict.CpuPerRequestSpread;
import java.util.Collection;
import java.util.List;

/**
 * {@code summary.md}, the one writer of it: a heading, the platform-vs-virtual {@link SummaryTable}
 * in Markdown with a line on its method ({@link SummaryTable#method()}) and one on how far the
 * SUT's CPU per request spread across repetitions ({@link CpuPerRequestSpread}), for each {@link
 * Axis} with two or more values their comparison ({@link AxisTable}) and its method line, then
 * facts about the run, each on its own line. Local runs, {@code vtbench figures} and the operator's
 * figures ConfigMap all take their text from here, so the file reads the same wherever it was made.
 *
 * @param heading the first line's text, usually the run's name; {@code null} for none
 * @param table the rows, aggregated
 * @param spread the rows' CPU per request across repetitions
 * @param axes each axis's values against its first, in {@link Axis} order; a table is empty with
 *     one value
 * @param overloaded how many rows are labelled {@code overloaded} ({@link Overload})
 * @param headline the run's answer in one line ({@link Headline}, the operator's {@code
 *     status.summary}); null without rows
 * @param relabelled the rows whose labels today's rules changed since they were recorded ({@link
 *     Rederive#sentence}); null when none
 * @param facts sentences about the run (e.g. its wall-clock time), in order; may be empty
 * @param placement where a user's service sits on the crossover ({@link CrossoverPlacement}); null
 *     for vtbench's SUT
 * @param crossover where virtual threads stop helping, under the CPU per request table ({@link
 *     Crossover#sentence}); null when the rows do not sweep CPU per request
 */
public record SummaryReport(
    String heading,
    SummaryTable table,
    CpuPerRequestSpread spread,
    List<AxisTable> axes,
    long overloaded,
    String headline,
    String relabelled,
    List<String> facts,
    CrossoverPlacement placement,
    String crossover) {

  /** The report's file name, and its key in the figures ConfigMap. */
  public static final String FILE_NAME = "summary.md";

  /** How the headline's line begins. */
  public static final String HEADLINE = "Headline: ";

  public SummaryReport {
    axes = List.copyOf(axes);
    facts = List.copyOf(facts);
  }

  public static SummaryReport of(String heading, Collection<ResultRow> rows, String... facts) {
    return new SummaryReport(
        heading,
        SummaryTable.of(rows),
        CpuPerRequestSpread.of(rows),
        AxisTable.all(rows),
        rows.stream().filter(Overload::labelled).count(),
        rows.isEmpty() ? null : Headline.of(List.copyOf(rows)),
        Rederive.sentence(rows),
        List.of(facts),
        CrossoverPlacement.of(List.copyOf(rows)),
        Crossover.applies(rows) ? Crossover.of(rows).sentence() : null);
  }

  /**
   * The Markdown text. The method line follows the table after a blank line, facts follow it after
   * two, as in the summary.md files committed under results/; keeping that layout keeps them
   * reproducible.
   */
  /** What the overloaded rows are and what the summary does with them; only when there are some. */
  public String overloadSentence() {
    return overloaded
        + " overloaded row(s): "
        + Overload.RULE
        + ". They stay in the table, labelled; the headline takes the highest level without them.";
  }

  public String toMarkdown() {
    StringBuilder sb = new StringBuilder();
    if (heading != null) {
      sb.append("# ").append(heading).append("\n\n");
    }
    sb.append(table.toMarkdown());
    sb.append('\n').append(table.method()).append('\n');
    sb.append('\n').append(spread.sentence()).append('\n');
    if (placement != null) {
      sb.append('\n').append(placement.sentence()).append('\n');
    }
    if (headline != null) {
      sb.append('\n').append(HEADLINE).append(headline).append('\n');
    }
    if (relabelled != null) {
      sb.append('\n').append(relabelled).append('\n');
    }
    for (AxisTable axis : axes) {
      if (axis.isEmpty()) {
        // only with two or more values: every other summary stays as it was, byte for byte
        continue;
      }
      sb.append("\n## ").append(axis.axis().title()).append("\n\n");
      sb.append(axis.toMarkdown());
      sb.append('\n').append(axis.method()).append('\n');
      if (axis.axis() == Axis.CPU_WORK && crossover != null && !crossover.isEmpty()) {
        sb.append('\n').append(crossover).append('\n');
      }
    }
    if (overloaded > 0) {
      sb.append('\n').append(overloadSentence()).append('\n');
    }
    if (!facts.isEmpty()) {
      sb.append("\n\n").append(String.join("\n", facts)).append('\n');
    }
    return sb.toString();
  }
}
