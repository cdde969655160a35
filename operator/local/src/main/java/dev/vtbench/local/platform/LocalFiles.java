package dev.vtbench.local.platform;

import dev.vtbench.engine.model.BenchmarkRun;
import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.model.spec.BuildSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import tools.jackson.databind.json.JsonMapper;

/**
 * The spec's local files (the service's and each build's jar, the k6 module, the SQL files, the
 * baseline) as a user writes them: relative to the spec file's own folder unless absolute, {@code
 * ~/} for the home folder, symlinks followed, as Compose and kustomize read theirs. The spec names
 * a jar vtbench then starts, so whoever writes it already runs code as the user: refusing a path
 * outside a folder protected nothing. What cannot work (missing, a folder, unreadable) is refused
 * before anything starts, naming the field.
 */
public final class LocalFiles {

  private LocalFiles() {}

  /** The folder a spec file's paths are read from: its own. */
  static Path folderOf(Path specFile) {
    return specFile.toAbsolutePath().normalize().getParent();
  }

  /** {@code ref} as a path of this machine: absolute as written, else from {@code folder}. */
  static Path resolve(Path folder, String ref) {
    Path home = Path.of(System.getProperty("user.home"));
    if (ref.equals("~")) {
      return home;
    }
    if (ref.startsWith("~/")) {
      return home.resolve(ref.substring(2)).normalize();
    }
    return folder.resolve(ref).normalize();
  }

  /**
   * A copy of {@code run} whose file fields are absolute paths, read from {@code specFile}'s
   * folder; the rest is as written. {@code run} itself stays as written: its hash, the experiment's
   * identity that a resumed run must match, is what it was before paths were read this way.
   */
  public static BenchmarkRun resolved(BenchmarkRun run, Path specFile) {
    Path folder = folderOf(specFile);
    BenchmarkRun copy = JsonMapper.shared().convertValue(run, BenchmarkRun.class);
    UnaryOperator<String> abs = ref -> ref == null ? null : resolve(folder, ref).toString();
    BenchmarkRunSpec s = copy.spec;
    if (s.sut != null && s.sut.service != null) {
      s.sut.service.jar = abs.apply(s.sut.service.jar);
    }
    if (s.matrix != null && s.matrix.builds != null) {
      s.matrix.builds.forEach(b -> b.jar = abs.apply(b.jar));
    }
    if (s.workload != null && s.workload.script != null) {
      s.workload.script.file = abs.apply(s.workload.script.file);
    }
    if (s.database != null && s.database.sql != null && s.database.sql.files != null) {
      s.database.sql.files = s.database.sql.files.stream().map(abs).toList();
    }
    if (s.thresholds != null && s.thresholds.baseline != null) {
      s.thresholds.baseline.file = abs.apply(s.thresholds.baseline.file);
    }
    return copy;
  }

  /**
   * The files a local run of {@code spec} reads before its first scenario, by field in the spec's
   * order: the jars it starts (the service's only where a build runs it), the k6 module, the SQL.
   * The baseline is read, and reported, with the thresholds ({@code Main.Run.baseline}).
   */
  static Map<String, String> references(BenchmarkRunSpec spec) {
    Map<String, String> refs = new LinkedHashMap<>();
    if (spec.sut.service == null) {
      return refs;
    }
    List<BuildSpec> builds = spec.matrix.builds == null ? List.of() : spec.matrix.builds;
    boolean serviceStarts =
        builds.isEmpty() || builds.stream().anyMatch(b -> b.jar == null && b.command == null);
    if (spec.sut.service.jar != null && serviceStarts) {
      refs.put("spec.sut.service.jar", spec.sut.service.jar);
    }
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
   * What keeps a local run of {@code spec}, written in {@code specFile}, from reading its files,
   * one sentence each naming the field and the file: missing, a folder, unreadable.
   */
  public static List<String> problems(BenchmarkRunSpec spec, Path specFile) {
    Path folder = folderOf(specFile);
    List<String> problems = new ArrayList<>();
    references(spec)
        .forEach(
            (field, ref) -> {
              Path file = resolve(folder, ref);
              String where =
                  ref.startsWith("/") || ref.startsWith("~")
                      ? ""
                      : " (" + ref + " from the spec's folder " + folder + ")";
              if (!Files.exists(file)) {
                problems.add(
                    field
                        + ": "
                        + file
                        + " not found"
                        + where
                        + (field.endsWith(".jar") ? ": build your service first" : ""));
              } else if (Files.isDirectory(file)) {
                problems.add(field + ": " + file + " is a folder, not a file" + where);
              } else if (!Files.isReadable(file)) {
                problems.add(field + ": " + file + " cannot be read: no read permission" + where);
              }
            });
    return problems;
  }
}
