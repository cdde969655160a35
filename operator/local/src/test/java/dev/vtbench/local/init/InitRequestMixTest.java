package dev.vtbench.local.init;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.local.init.InitRequestMix.Draft;
import dev.vtbench.local.init.InitRequestMix.Range;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Mappings to a request mix: which table a variable's ids come from, and what a probe changes. */
class InitRequestMixTest {

  @Test
  void aVariableNamesItsTableOrTheSegmentBeforeItDoes() {
    assertThat(InitRequestMix.tables("id", "orders")).containsExactly("orders", "order");
    assertThat(InitRequestMix.tables("customerId", "customers"))
        .containsExactly("customer", "customers");
    assertThat(InitRequestMix.tables("owner_id", "")).containsExactly("owner", "owners");
    assertThat(InitRequestMix.tables("id", "categories")).containsExactly("categories", "category");
    assertThat(InitRequestMix.tables("id", "order-lines"))
        .containsExactly("order_lines", "order_line");
    assertThat(InitRequestMix.tables("slug", "")).isEmpty();
    assertThat(InitRequestMix.segmentBefore("/owners/{id}", "id")).isEqualTo("owners");
    assertThat(InitRequestMix.segmentBefore("/a/{x}/b/{y}", "y")).isEqualTo("b");
    assertThat(InitRequestMix.segmentBefore("/{x}", "x")).isEmpty();
    assertThat(InitRequestMix.segmentBefore("/search?q={q}", "q")).isEmpty();
    assertThat(InitRequestMix.looksLikeId("ownerID")).isTrue();
    assertThat(InitRequestMix.looksLikeId("lastName")).isFalse();
  }

  @Test
  void recordedByoOrdersGetsTheIdsOfItsTableAndAGuessElsewhere() throws IOException {
    var endpoints =
        ActuatorMappings.of(ActuatorMappingsTest.recorded("orders-mappings.json"), "/actuator")
            .endpoints();
    Map<String, Range> tables = Map.of("orders", new Range(1, 50_000, "ids 1..50000 of orders"));
    List<Draft> drafts =
        InitRequestMix.of(
            endpoints,
            candidates ->
                candidates.stream()
                    .map(tables::get)
                    .filter(r -> r != null)
                    .findFirst()
                    .orElse(null));

    assertThat(drafts)
        .extracting(d -> d.endpoint().path())
        .containsExactly("/orders", "/orders/{id}");
    assertThat(drafts.get(1).params())
        .containsEntry("id", new Range(1, 50_000, "ids 1..50000 of orders"));
    assertThat(drafts.get(1).firstPath()).isEqualTo("/orders/1");
    assertThat(drafts.get(1).notes()).containsExactly("{id}: ids 1..50000 of orders");

    List<Draft> guessed = InitRequestMix.of(endpoints, InitRequestMix.NONE);
    assertThat(guessed.get(1).params().get("id"))
        .isEqualTo(new Range(InitRequestMix.GUESS_FROM, InitRequestMix.GUESS_TO, null));
    assertThat(guessed.get(1).notes().get(0)).contains("no table of ids found").contains("{id}");
  }

  @Test
  void aProbeAnswered400CommentsTheRequestOutAndOthersAddANote() throws IOException {
    var endpoints =
        ActuatorMappings.of(ActuatorMappingsTest.recorded("orders-mappings.json"), "/actuator")
            .endpoints();
    List<Draft> drafts = InitRequestMix.of(endpoints, InitRequestMix.NONE);

    Draft list = drafts.get(0).probed(400, "/orders");
    assertThat(list.active()).isFalse();
    assertThat(list.notes()).anyMatch(n -> n.contains("answered 400 to GET /orders"));

    Draft order = drafts.get(1).probed(200, "/orders/1");
    assertThat(order.active()).isTrue();
    assertThat(order.notes()).isEqualTo(drafts.get(1).notes());

    assertThat(drafts.get(1).probed(404, "/orders/1").notes())
        .anyMatch(n -> n.contains("set the range to ids that exist"));
    assertThat(drafts.get(1).probed(500, "/orders/1").notes())
        .anyMatch(n -> n.contains("answered 500") && n.contains("stubUrlEnv"));
    assertThat(drafts.get(1).probed(0, "/orders/1").notes()).anyMatch(n -> n.contains("no answer"));
  }
}
