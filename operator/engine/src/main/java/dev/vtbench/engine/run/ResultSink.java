package dev.vtbench.engine.run;

import dev.vtbench.engine.results.row.ResultRow;
import java.util.List;

/**
 * Where finished rows go, one at a time, before the next scenario starts — a CSV file locally, a
 * ConfigMap on Kubernetes — so a crash or restart loses nothing and a resume duplicates nothing.
 */
public interface ResultSink {

  /** Rows already recorded for this run (a resumed run skips their scenario ids). */
  List<ResultRow> existing();

  void append(ResultRow row);
}
