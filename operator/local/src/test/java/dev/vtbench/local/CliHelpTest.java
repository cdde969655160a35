package dev.vtbench.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Every command's {@code --help} renders as written: picocli formats each description line with
 * {@link String#format}, so a bare {@code %} (as in "95 % intervals") makes it warn and print the
 * line raw, {@code %n} unreplaced.
 */
class CliHelpTest {

  @Test
  void everyDescriptionIsAFormatString() {
    List<CommandSpec> commands = new ArrayList<>();
    collect(new CommandLine(new Main()), commands);
    assertThat(commands).extracting(CommandSpec::name).contains("run", "history", "figures");
    for (CommandSpec c : commands) {
      List<String> lines = new ArrayList<>(List.of(c.usageMessage().description()));
      c.options().forEach(o -> lines.addAll(List.of(o.description())));
      c.positionalParameters().forEach(p -> lines.addAll(List.of(p.description())));
      for (String line : lines) {
        assertThatCode(() -> String.format(Locale.ROOT, line))
            .as("%s: %s", c.qualifiedName(), line)
            .doesNotThrowAnyException();
      }
    }
  }

  private static void collect(CommandLine cl, List<CommandSpec> into) {
    into.add(cl.getCommandSpec());
    cl.getSubcommands().values().forEach(sub -> collect(sub, into));
  }
}
