package dev.vtbench.engine.results.row;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vtbench.engine.results.Rows;
import dev.vtbench.engine.results.csv.ResultsCsv;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class TierNodesTest {

  @Test
  void everyTierInItsOrderTheRunnersDistinctAndSorted() {
    TierNodes nodes =
        new TierNodes("node-a", "node-b", "node-c", List.of("node-c", "node-b", "node-c"));

    assertThat(nodes.load()).containsExactly("node-b", "node-c");
    assertThat(nodes.format())
        .isEqualTo("sut=node-a;stub=node-b;database=node-c;load=node-b+node-c");
    assertThat(TierNodes.parse(nodes.format())).isEqualTo(nodes);
  }

  @Test
  void aTierNotKnownIsLeftOutAndNothingKnownIsAnEmptyField() {
    TierNodes external = new TierNodes("node-a", "node-b", null, List.of("node-b"));
    TierNodes noStub = new TierNodes("node-a", " ", "node-c", Arrays.asList(null, "", "node-d"));

    assertThat(external.format()).isEqualTo("sut=node-a;stub=node-b;load=node-b");
    assertThat(noStub.format()).isEqualTo("sut=node-a;database=node-c;load=node-d");
    assertThat(new TierNodes(null, null, null, null)).isEqualTo(TierNodes.NONE);
    assertThat(TierNodes.NONE.isEmpty()).isTrue();
    assertThat(external.isEmpty()).isFalse();
    assertThat(TierNodes.NONE.format()).isNull();
    assertThat(TierNodes.parse(external.format())).isEqualTo(external);
    assertThat(TierNodes.parse(noStub.format())).isEqualTo(noStub);
    // a row from before the column
    assertThat(TierNodes.parse(null)).isEqualTo(TierNodes.NONE);
    assertThat(TierNodes.parse("")).isEqualTo(TierNodes.NONE);
  }

  @Test
  void locallyEveryTierIsThisHostTheStubAndDatabaseWhereTheyRun() {
    assertThat(TierNodes.allOn("box", true, true).format())
        .isEqualTo("sut=box;stub=box;database=box;load=box");
    assertThat(TierNodes.allOn("box", true, false).format()).isEqualTo("sut=box;stub=box;load=box");
    assertThat(TierNodes.allOn("box", false, true).format())
        .isEqualTo("sut=box;database=box;load=box");
  }

  @Test
  void readsTheTiersInAnyOrder() {
    assertThat(TierNodes.parse("load=n2+n1;sut=n0"))
        .isEqualTo(new TierNodes("n0", null, null, List.of("n1", "n2")));
  }

  @Test
  void refusesWhatItCouldNotWriteBack() {
    assertThatThrownBy(() -> TierNodes.parse("sut=a;gpu=b"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("unknown tier 'gpu'");
    assertThatThrownBy(() -> TierNodes.parse("sut=a;sut=b"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("sut twice");
    assertThatThrownBy(() -> TierNodes.parse("sut"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("is not tier=node");
    assertThatThrownBy(() -> TierNodes.parse("stub="))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("is not tier=node");
    assertThatThrownBy(() -> TierNodes.parse("load=a++b"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("an empty load node");
    for (String bad : List.of("a;b", "a=b", "a+b", "a,b", "a b")) {
      assertThatThrownBy(() -> new TierNodes(bad, null, null, List.of()))
          .as(bad)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("holds a separator");
    }
  }

  /**
   * tier_nodes comes right after node, as {@link TierNodes} writes it: no comma, so no quotes; a
   * file written before it (its header without it) reads with it empty.
   */
  @Test
  void tierNodesComesAfterNodeAndAFileWithoutItReads() {
    ResultRow row = Rows.full("t");
    String csv = ResultsCsv.toCsv(List.of(row));
    int at = ResultRow.COLUMNS.indexOf("tier_nodes");

    assertThat(ResultRow.COLUMNS.get(at - 1)).isEqualTo("node");
    assertThat(csv).contains(",node-a,sut=node-a;stub=node-b;database=node-b;load=node-b+node-c,");
    assertThat(ResultsCsv.parseAsStored(csv).getFirst().tierNodes()).isEqualTo(row.tierNodes());
    String without =
        csv.lines()
            .map(l -> l.replace(",tier_nodes,", ",").replace("," + row.tierNodes() + ",", ","))
            .reduce("", (a, l) -> a + l + "\n");
    assertThat(without).doesNotContain("tier_nodes").doesNotContain("load=");
    assertThat(ResultsCsv.parseAsStored(without))
        .containsExactly(row.toBuilder().tierNodes(null).build());
  }
}
