package dev.vtbench.local.init;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The SQL init finds beside the spec, in the order it must run. */
class InitSqlTest {

  @TempDir Path folder;

  @Test
  void theFirstFolderWithSqlWinsSchemaFirstMigrationsByVersionDataLast() throws Exception {
    assertThat(InitSql.find(folder)).isEmpty();
    Path flyway = Files.createDirectories(folder.resolve("src/main/resources/db/migration"));
    for (String f : new String[] {"V10__more.sql", "V2__b.sql", "V1__init.sql", "data.sql"}) {
      Files.writeString(flyway.resolve(f), "select 1;");
    }
    assertThat(InitSql.find(folder))
        .extracting(p -> p.getFileName().toString())
        .containsExactly("V1__init.sql", "V2__b.sql", "V10__more.sql", "data.sql");

    Path db = Files.createDirectories(folder.resolve("db"));
    Files.writeString(db.resolve("seed.sql"), "select 1;");
    Files.writeString(db.resolve("schema.sql"), "select 1;");
    Files.writeString(db.resolve("README.md"), "not sql");
    assertThat(InitSql.find(folder))
        .containsExactly(db.resolve("schema.sql"), db.resolve("seed.sql"));
  }
}
