package dev.vtbench.sut.reactive.web;

import dev.vtbench.sut.errors.ApiException;
import dev.vtbench.sut.errors.ErrorBody;
import java.nio.charset.StandardCharsets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.annotation.Order;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.stereotype.Component;
import org.springframework.web.server.MethodNotAllowedException;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebExceptionHandler;
import reactor.core.publisher.Mono;

/**
 * Every error answers the servlet SUT's JSON ({@link ErrorBody}), whatever raised it: a controller,
 * the pool, the stub, or routing (no such endpoint, wrong method). Ordered before Spring Boot's
 * error handler (-2), which would answer its own fields.
 */
@Component
@Order(-3)
class JsonErrors implements WebExceptionHandler {

  private static final Logger log = LoggerFactory.getLogger(JsonErrors.class);

  @Override
  public Mono<Void> handle(ServerWebExchange exchange, Throwable e) {
    ServerHttpResponse response = exchange.getResponse();
    if (response.isCommitted()) {
      return Mono.error(e);
    }
    String path = exchange.getRequest().getPath().value();
    HttpStatus status;
    String message;
    switch (e) {
      case ApiException api -> {
        status = api.status();
        message = api.getMessage();
      }
      case MethodNotAllowedException m -> {
        status = HttpStatus.METHOD_NOT_ALLOWED;
        message = ErrorBody.methodNotAllowed(m.getHttpMethod());
      }
      case ResponseStatusException r when r.getStatusCode().value() == 404 -> {
        status = HttpStatus.NOT_FOUND;
        message = ErrorBody.NO_SUCH_ENDPOINT;
      }
      case ResponseStatusException r when HttpStatus.resolve(r.getStatusCode().value()) != null -> {
        status = HttpStatus.valueOf(r.getStatusCode().value());
        message = status.getReasonPhrase();
      }
      default -> {
        log.error("unexpected error on {}", path, e);
        status = HttpStatus.INTERNAL_SERVER_ERROR;
        message = ErrorBody.INTERNAL;
      }
    }
    response.setStatusCode(status);
    response.getHeaders().setContentType(MediaType.APPLICATION_JSON);
    byte[] body =
        ErrorBody.json(ErrorBody.fields(status, message, path)).getBytes(StandardCharsets.UTF_8);
    DataBuffer buffer = response.bufferFactory().wrap(body);
    return response.writeWith(Mono.just(buffer));
  }
}
