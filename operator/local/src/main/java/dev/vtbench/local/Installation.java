package dev.vtbench.local;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import picocli.CommandLine;

/**
 * Where vtbench is installed: the checkout its CLI jar was built in, from which it takes its own
 * jars (the SUT, the reactive SUT, the stub), never from the working directory, so {@code vtbench
 * run} works from a user's own folder. {@code hack/vtbench} exports {@value #HOME_ENV}; without it
 * the home is the folder above the CLI jar (or classes) that holds {@value #MARKER}.
 *
 * @param home the checkout
 * @param cli the CLI jar, or the classes folder it runs from in tests; null when unknown
 */
record Installation(Path home, Path cli) {

  static final String HOME_ENV = "VTBENCH_HOME";

  /** The launcher, which only a checkout has; the CLI jar is at operator/local/target/ in it. */
  static final String MARKER = "hack/vtbench";

  static final String SUT_JAR = "sut/target/vtbench-sut.jar";
  static final String REACTIVE_SUT_JAR = "sut/reactive/target/vtbench-sut-reactive.jar";
  static final String STUB_JAR = "stub/target/vtbench-stub.jar";

  /** This process's installation. */
  static Installation find() {
    return find(System.getenv(HOME_ENV), codeSource());
  }

  /**
   * The installation {@code homeEnv} names, else the nearest folder above {@code cli} holding
   * {@value #MARKER}, else {@code cli}'s own folder (where the jars are then reported missing).
   *
   * @throws IllegalStateException when neither says where vtbench is
   */
  static Installation find(String homeEnv, Path cli) {
    if (homeEnv != null && !homeEnv.isBlank()) {
      return new Installation(Path.of(homeEnv).toAbsolutePath().normalize(), cli);
    }
    if (cli == null) {
      throw new IllegalStateException(
          "cannot tell where vtbench is installed: set " + HOME_ENV + " to its checkout");
    }
    for (Path p = cli.getParent(); p != null; p = p.getParent()) {
      if (Files.isRegularFile(p.resolve(MARKER))) {
        return new Installation(p, cli);
      }
    }
    return new Installation(cli.getParent(), cli);
  }

  Path sutJar() {
    return home.resolve(SUT_JAR);
  }

  Path reactiveSutJar() {
    return home.resolve(REACTIVE_SUT_JAR);
  }

  Path stubJar() {
    return home.resolve(STUB_JAR);
  }

  /** What a missing jar of vtbench's own needs, said from any folder. */
  String buildHint() {
    return make("build");
  }

  /** {@code make target} in the checkout, from any folder; outside one, where to run it. */
  String make(String target) {
    return Files.isRegularFile(home.resolve("Makefile"))
        ? "run 'make -C " + home + " " + target + "'"
        : "run 'make " + target + "' in vtbench's checkout and set " + HOME_ENV + " to it";
  }

  private static Path codeSource() {
    try {
      var source = Installation.class.getProtectionDomain().getCodeSource();
      return source == null ? null : Path.of(source.getLocation().toURI()).toAbsolutePath();
    } catch (URISyntaxException | SecurityException | IllegalArgumentException e) {
      return null;
    }
  }

  /**
   * {@code vtbench --version}: the build (version and the commit it was built from, stamped by
   * Maven as {@code build.properties}) and where each of its parts is.
   */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return lines(find(), Main.Run.findK6()).toArray(String[]::new);
    }

    static List<String> lines(Installation in, Path k6) {
      Properties build = build();
      List<String> out = new ArrayList<>();
      out.add(
          "vtbench "
              + build.getProperty("version", "unknown")
              + ", commit "
              + build.getProperty("commit", "unknown"));
      out.add("home:         " + in.home());
      out.add("CLI:          " + (in.cli() == null ? "unknown" : in.cli()));
      out.add("SUT jar:      " + part(in.sutJar(), in));
      out.add("reactive SUT: " + part(in.reactiveSutJar(), in));
      out.add("stub jar:     " + part(in.stubJar(), in));
      out.add(
          "k6:           " + (k6 == null ? "not found: " + in.make("k6") + ", or pass --k6" : k6));
      out.add("java:         " + Runtime.version() + " (" + System.getProperty("java.home") + ")");
      return out;
    }

    private static String part(Path jar, Installation in) {
      return jar + (Files.isRegularFile(jar) ? "" : " (not built: " + in.buildHint() + ")");
    }

    private static Properties build() {
      Properties p = new Properties();
      try (InputStream in = Installation.class.getResourceAsStream("build.properties")) {
        if (in != null) {
          p.load(in);
        }
      } catch (IOException e) {
        // an unreadable stamp reads as unknown, as a missing one does
      }
      // unfiltered (an IDE's build): the placeholder is no answer
      p.stringPropertyNames().stream()
          .filter(k -> p.getProperty(k).startsWith("${"))
          .forEach(p::remove);
      return p;
    }
  }
}
