package com.example.orders;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.data.domain.PageRequest;
import org.springframework.http.HttpStatus;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/** Orders by id (with a shipping quote) and a customer's orders, a page at a time. */
@RestController
class OrderController {

  static final int MAX_PAGE_SIZE = 100;

  private final OrderRepository orders;
  private final ShippingClient shipping;

  OrderController(OrderRepository orders, ShippingClient shipping) {
    this.orders = orders;
    this.shipping = shipping;
  }

  /**
   * One order, its customer and a shipping quote. The database work ends before the quote is asked
   * for, so the connection is back in the pool while this thread waits on the network.
   */
  @GetMapping("/orders/{id}")
  Map<String, Object> order(@PathVariable long id) {
    Map<String, Object> body =
        orders
            .findWithCustomerById(id)
            .map(OrderController::view)
            .orElseThrow(() -> new ResponseStatusException(HttpStatus.NOT_FOUND, "no order " + id));
    body.put("shipping", shipping.quote(id));
    return body;
  }

  /** A customer's orders, newest first. */
  @GetMapping("/orders")
  @Transactional(readOnly = true)
  List<Map<String, Object>> page(
      @RequestParam long customerId,
      @RequestParam(defaultValue = "0") int page,
      @RequestParam(defaultValue = "20") int size) {
    if (page < 0 || size < 1 || size > MAX_PAGE_SIZE) {
      throw new ResponseStatusException(
          HttpStatus.BAD_REQUEST, "page >= 0 and size from 1 to " + MAX_PAGE_SIZE);
    }
    return orders
        .findByCustomerIdOrderByCreatedAtDesc(customerId, PageRequest.of(page, size))
        .map(OrderController::summary)
        .getContent();
  }

  private static Map<String, Object> view(PurchaseOrder o) {
    Map<String, Object> m = summary(o);
    m.put("customer", Map.of("id", o.getCustomer().getId(), "name", o.getCustomer().getName()));
    m.put("tier", o.getCustomer().getTier());
    return m;
  }

  private static Map<String, Object> summary(PurchaseOrder o) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("id", o.getId());
    m.put("status", o.getStatus());
    m.put("totalCents", o.getTotalCents());
    m.put("createdAt", o.getCreatedAt().toString());
    return m;
  }
}
