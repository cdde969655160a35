package dev.vtbench.local;

import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.model.BuildSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The spec's local file references (the service's and each build's jar, the k6 module, the SQL
 * files) stay inside the folder {@code vtbench run} starts in: the spec's grammar keeps them there
 * by name ({@code SpecRules.FILE}), this keeps them there through symlinks, which only exist on
 * this machine when the run starts. vtbench reads these files and copies some into {@code
 * results/}, so a link to {@code ~/.ssh/id_rsa} named {@code k6/orders.js} must not be followed.
 */
final class LocalFiles {

  private LocalFiles() {}

  /** Each file reference of {@code spec} by its field, in the spec's order. */
  static Map<String, String> references(BenchmarkRunSpec spec) {
    Map<String, String> refs = new LinkedHashMap<>();
    if (spec.sut.service != null && spec.sut.service.jar != null) {
      refs.put("spec.sut.service.jar", spec.sut.service.jar);
    }
    List<BuildSpec> builds = spec.matrix.builds == null ? List.of() : spec.matrix.builds;
    for (int i = 0; i < builds.size(); i++) {
      if (builds.get(i).jar != null) {
        refs.put("spec.matrix.builds[" + i + "].jar", builds.get(i).jar);
      }
    }
    if (spec.workload.script != null && spec.workload.script.file != null) {
      refs.put("spec.workload.script.file", spec.workload.script.file);
    }
    if (spec.database.sql != null && spec.database.sql.files != null) {
      List<String> files = spec.database.sql.files;
      for (int i = 0; i < files.size(); i++) {
        refs.put("spec.database.sql.files[" + i + "]", files.get(i));
      }
    }
    return refs;
  }

  /**
   * The references of {@code spec} that resolve, through symlinks, outside {@code root}, one
   * sentence each naming the field, the file and where it leads. A file that does not exist is not
   * this check's to report.
   */
  static List<String> outside(BenchmarkRunSpec spec, Path root) {
    List<String> problems = new ArrayList<>();
    Path base;
    try {
      base = root.toRealPath();
    } catch (IOException e) {
      return List.of("cannot resolve the working directory " + root + ": " + e.getMessage());
    }
    references(spec)
        .forEach(
            (field, ref) -> {
              Path file = base.resolve(ref);
              if (!Files.exists(file)) {
                return;
              }
              try {
                Path real = file.toRealPath();
                if (!real.startsWith(base)) {
                  problems.add(
                      field
                          + ": "
                          + ref
                          + " leads to "
                          + real
                          + " through a symlink, outside "
                          + base
                          + ": local runs read files only inside the folder vtbench run starts in");
                }
              } catch (IOException e) {
                problems.add(field + ": cannot resolve " + file + ": " + e.getMessage());
              }
            });
    return problems;
  }
}
