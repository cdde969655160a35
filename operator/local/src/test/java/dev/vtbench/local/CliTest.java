package dev.vtbench.local;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/**
 * A command-line test's harness: {@link #run} executes vtbench's CLI into {@link #out}/{@link
 * #err}.
 */
abstract class CliTest {

  final StringWriter out = new StringWriter();
  final StringWriter err = new StringWriter();

  /** vtbench with {@code args}, its output kept; the exit code. */
  int run(String... args) {
    CommandLine cli = Main.cli();
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(err, true));
    return cli.execute(args);
  }
}
