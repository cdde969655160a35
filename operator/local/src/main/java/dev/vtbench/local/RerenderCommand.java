package dev.vtbench.local;

import dev.vtbench.engine.results.Rerender;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code vtbench rerender}: recorded runs' summary.md and figures drawn again in place from their
 * matrix.csv by today's rules ({@link Rerender}); {@code make rerender} runs it on every folder of
 * results/reference/.
 */
@Command(
    name = "rerender",
    mixinStandardHelpOptions = true,
    description = {
      "Draw recorded runs' summary.md and figures again, in place, from their matrix.csv with"
          + " today's rules: every label, verdict and bottleneck derived again from the rows'"
          + " measured columns; the heading and the measured facts (wall-clock, cross-checks)"
          + " kept from the old summary.md.",
      "  hack/vtbench rerender results/reference/*"
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:drawn",
      "1:a folder could not be read or written",
      "2:a folder has no matrix.csv"
    })
final class RerenderCommand implements Callable<Integer> {

  @Parameters(paramLabel = "DIR", arity = "1..*", description = "Run folders holding matrix.csv.")
  List<Path> dirs;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    List<Path> missing =
        dirs.stream().filter(d -> !Files.isRegularFile(d.resolve("matrix.csv"))).toList();
    if (!missing.isEmpty()) {
      err.println("vtbench rerender: no matrix.csv in " + missing);
      return 2;
    }
    List<String> notes = new ArrayList<>();
    for (Path dir : dirs) {
      try {
        List<Path> written = Rerender.inPlace(dir, notes::add);
        out.println(dir + ": " + written.size() + " files drawn");
      } catch (IOException | RuntimeException e) {
        err.println("vtbench rerender: " + dir + ": " + e.getMessage());
        return 1;
      }
    }
    notes.forEach(out::println);
    return 0;
  }
}
