package dev.vtbench.sut.orders;

import dev.vtbench.sut.api.Delays;
import dev.vtbench.sut.errors.Params;
import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
class OrderSummaryController {

  private final OrderSummaryService service;

  OrderSummaryController(OrderSummaryService service) {
    this.service = service;
  }

  /** GET /api/order-summary/{id}[?delayMs=N]: the order, its customer and the downstream answer. */
  @GetMapping("/api/order-summary/{id}")
  Map<String, Object> summary(
      @PathVariable("id") String id,
      @RequestParam(name = "delayMs", required = false) String delayMs) {
    Long delay = Delays.orderSummary(delayMs);
    return service.summary(Params.id("id", id), delay);
  }
}
