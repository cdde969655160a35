package dev.vtbench.local.init;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The SQL that builds a service's database, found where projects keep it: the first of {@link
 * #FOLDERS} (from the spec's folder) holding .sql files, in the order they must run: a schema
 * first, Flyway's versioned migrations by version, then the rest, data and seeds last.
 */
final class InitSql {

  static final List<String> FOLDERS =
      List.of(
          "db",
          "sql",
          "src/main/resources/db/postgres",
          "src/main/resources/db/postgresql",
          "src/main/resources/db/migration",
          "src/main/resources/db",
          "src/main/resources");

  private static final Pattern FLYWAY = Pattern.compile("(?i)V(\\d+(?:[._]\\d+)*)__.*");

  private InitSql() {}

  /** Where {@link #find} looks, for the spec's comment. */
  static String searched() {
    return String.join(", ", FOLDERS.stream().map(f -> f + "/").toList());
  }

  /** The SQL files under {@code folder}, in running order; empty when none is found. */
  static List<Path> find(Path folder) {
    for (String candidate : FOLDERS) {
      Path dir = folder.resolve(candidate);
      if (!Files.isDirectory(dir)) {
        continue;
      }
      try (Stream<Path> files = Files.list(dir)) {
        List<Path> sql =
            files
                .filter(Files::isRegularFile)
                .filter(f -> f.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".sql"))
                .sorted(RUN_ORDER)
                .toList();
        if (!sql.isEmpty()) {
          return sql;
        }
      } catch (IOException e) {
        throw new UncheckedIOException("cannot list " + dir, e);
      }
    }
    return List.of();
  }

  /** Schema, then versioned migrations by version, then others, then data and seeds. */
  static final Comparator<Path> RUN_ORDER =
      Comparator.comparingInt((Path p) -> rank(name(p)))
          .thenComparing(p -> version(name(p)), InitSql::compareVersions)
          .thenComparing(InitSql::name);

  private static String name(Path p) {
    return p.getFileName().toString();
  }

  private static int rank(String name) {
    String n = name.toLowerCase(Locale.ROOT);
    if (n.contains("schema") || n.contains("ddl")) {
      return 0;
    }
    if (FLYWAY.matcher(name).matches()) {
      return 1;
    }
    if (n.contains("data") || n.contains("seed") || n.contains("populate")) {
      return 3;
    }
    return 2;
  }

  private static long[] version(String name) {
    Matcher m = FLYWAY.matcher(name);
    if (!m.matches()) {
      return new long[0];
    }
    String[] parts = m.group(1).split("[._]");
    long[] v = new long[parts.length];
    for (int i = 0; i < parts.length; i++) {
      v[i] = Long.parseLong(parts[i]);
    }
    return v;
  }

  private static int compareVersions(long[] a, long[] b) {
    for (int i = 0; i < Math.min(a.length, b.length); i++) {
      int c = Long.compare(a[i], b[i]);
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(a.length, b.length);
  }
}
