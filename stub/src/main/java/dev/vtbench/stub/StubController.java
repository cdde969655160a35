package dev.vtbench.stub;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * Non-blocking responses after a delay: the delay runs on a Reactor timer, so no thread waits and
 * the stub is never the bottleneck it is there to simulate.
 */
@RestController
class StubController {

  private final StubSettings settings;

  StubController(StubSettings settings) {
    this.settings = settings;
  }

  /** The order-summary downstream: a small JSON document after {@code delayMs}. */
  @GetMapping("/downstream")
  Mono<ResponseEntity<Map<String, Object>>> downstream(
      @RequestParam(name = "id", required = false) String id,
      @RequestParam(name = "delayMs", required = false) String delayMs) {
    return respond(
        delayMs,
        delay -> {
          Map<String, Object> body = new LinkedHashMap<>();
          body.put("id", id);
          body.put("shipping", "standard");
          body.put("etaDays", id == null ? 3 : 1 + Math.floorMod(id.hashCode(), 5));
          body.put("delayMs", delay);
          return body;
        });
  }

  /** Seed 002's downstream: the value upper-cased. */
  @GetMapping("/upper")
  Mono<ResponseEntity<Map<String, Object>>> upper(
      @RequestParam(name = "value") String value,
      @RequestParam(name = "delayMs", required = false) String delayMs) {
    return respond(
        delayMs,
        delay -> {
          Map<String, Object> body = new LinkedHashMap<>();
          body.put("value", value.toUpperCase(Locale.ROOT));
          body.put("delayMs", delay);
          return body;
        });
  }

  private Mono<ResponseEntity<Map<String, Object>>> respond(
      String delayParam, java.util.function.LongFunction<Map<String, Object>> body) {
    long delay;
    try {
      delay =
          delayParam == null || delayParam.isBlank()
              ? settings.delayMs()
              : Long.parseLong(delayParam);
    } catch (NumberFormatException e) {
      delay = -1;
    }
    if (delay < 0 || delay > StubSettings.MAX_DELAY_MS) {
      return Mono.just(
          ResponseEntity.badRequest()
              .body(
                  error(
                      "delayMs must be an integer from 0 to "
                          + StubSettings.MAX_DELAY_MS
                          + ", got '"
                          + delayParam
                          + "'")));
    }
    boolean fail =
        settings.errorRate() > 0 && ThreadLocalRandom.current().nextDouble() < settings.errorRate();
    ResponseEntity<Map<String, Object>> response =
        fail
            ? ResponseEntity.status(HttpStatus.INTERNAL_SERVER_ERROR)
                .body(error("injected failure (STUB_ERROR_RATE=" + settings.errorRate() + ")"))
            : ResponseEntity.ok(body.apply(delay));
    return delay == 0
        ? Mono.just(response)
        : Mono.just(response).delayElement(Duration.ofMillis(delay));
  }

  private static Map<String, Object> error(String message) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("error", message);
    return body;
  }
}
