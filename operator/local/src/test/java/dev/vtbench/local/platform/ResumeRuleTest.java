package dev.vtbench.local.platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Rows resume only on the machine and for the spec that recorded them; nothing is deleted. */
class ResumeRuleTest {

  @TempDir Path results;

  Path runWithRows(String machine, String spec) throws Exception {
    Path dir = results.resolve("quickstart");
    ResumeRule.apply(dir, machine, spec, false);
    Files.writeString(dir.resolve("matrix.csv"), "header\nrow\n");
    return dir;
  }

  @Test
  void aNewFolderStartsFreshAndRecordsWhoWritesIt() throws Exception {
    Path dir = results.resolve("quickstart");
    ResumeRule.Decision d = ResumeRule.apply(dir, "m1", "s1", false);
    assertThat(d.resume()).isFalse();
    assertThat(d.movedTo()).isNull();
    assertThat(Files.readString(dir.resolve(ResumeRule.FILE))).contains("machine=m1", "spec=s1");
  }

  @Test
  void theSameMachineAndSpecResume() throws Exception {
    Path dir = runWithRows("m1", "s1");
    ResumeRule.Decision d = ResumeRule.apply(dir, "m1", "s1", false);
    assertThat(d.resume()).isTrue();
    assertThat(dir.resolve("matrix.csv")).hasContent("header\nrow");
  }

  @Test
  void anotherMachinesRowsAreMovedAsideNotResumed() throws Exception {
    Path dir = runWithRows("m1", "s1");
    ResumeRule.Decision d = ResumeRule.apply(dir, "m2", "s1", false);
    assertThat(d.resume()).isFalse();
    assertThat(d.reason()).contains("another machine");
    assertThat(d.movedTo().getFileName().toString()).startsWith("quickstart.previous-");
    assertThat(d.movedTo().resolve("matrix.csv")).hasContent("header\nrow");
    assertThat(dir.resolve("matrix.csv")).doesNotExist();
    assertThat(Files.readString(dir.resolve(ResumeRule.FILE))).contains("machine=m2");
  }

  @Test
  void rowsWithAnEarlierVtbenchsColumnsAreMovedAside() throws Exception {
    Path dir = runWithRows("m1", "s1");
    // resume.properties as the first version of this rule wrote it: no columns
    Files.writeString(dir.resolve(ResumeRule.FILE), "machine=m1\nspec=s1\n");
    ResumeRule.Decision d = ResumeRule.apply(dir, "m1", "s1", false);
    assertThat(d.resume()).isFalse();
    assertThat(d.reason()).contains("another version of vtbench's columns");
    assertThat(d.movedTo().resolve("matrix.csv")).exists();
    assertThat(Files.readString(dir.resolve(ResumeRule.FILE))).contains("columns=");
  }

  @Test
  void anotherSpecsRowsAreMovedAside() throws Exception {
    Path dir = runWithRows("m1", "s1");
    ResumeRule.Decision d = ResumeRule.apply(dir, "m1", "s2", false);
    assertThat(d.resume()).isFalse();
    assertThat(d.reason()).contains("another version of the spec");
    assertThat(d.movedTo().resolve("matrix.csv")).exists();
  }

  @Test
  void rowsWithoutAnIdentityAreNotTrusted() throws Exception {
    Path dir = results.resolve("quickstart");
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("matrix.csv"), "committed elsewhere\n");
    ResumeRule.Decision d = ResumeRule.apply(dir, "m1", "s1", false);
    assertThat(d.resume()).isFalse();
    assertThat(d.reason()).contains("missing");
    assertThat(d.movedTo().resolve("matrix.csv")).hasContent("committed elsewhere");
  }

  @Test
  void freshMovesEvenMatchingRowsAsideAndTwoInOneSecondDoNotCollide() throws Exception {
    Path dir = runWithRows("m1", "s1");
    Path first = ResumeRule.apply(dir, "m1", "s1", true).movedTo();
    Files.writeString(dir.resolve("matrix.csv"), "again\n");
    Path second = ResumeRule.apply(dir, "m1", "s1", true).movedTo();
    assertThat(first).isNotEqualTo(second);
    assertThat(first.resolve("matrix.csv")).hasContent("header\nrow");
    assertThat(second.resolve("matrix.csv")).hasContent("again");
  }
}
