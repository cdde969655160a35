package dev.vtbench.sut.errors;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import java.sql.SQLTransientConnectionException;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.CannotGetJdbcConnectionException;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.servlet.resource.NoResourceFoundException;

/**
 * Every error is a small JSON document with the status and a message the caller can act on: never a
 * stack trace, never an HTML page, never a password.
 */
@RestControllerAdvice
class ApiErrors {

  private static final Logger log = LoggerFactory.getLogger(ApiErrors.class);

  static ResponseEntity<Map<String, Object>> body(HttpStatus status, String message, String path) {
    return ResponseEntity.status(status)
        .contentType(MediaType.APPLICATION_JSON)
        .body(ErrorBody.fields(status, message, path));
  }

  @ExceptionHandler(ApiException.class)
  ResponseEntity<Map<String, Object>> api(ApiException e, HttpServletRequest req) {
    return body(e.status(), e.getMessage(), req.getRequestURI());
  }

  @ExceptionHandler(MissingServletRequestParameterException.class)
  ResponseEntity<Map<String, Object>> missing(
      MissingServletRequestParameterException e, HttpServletRequest req) {
    return body(
        HttpStatus.BAD_REQUEST,
        "parameter '" + e.getParameterName() + "' is required",
        req.getRequestURI());
  }

  @ExceptionHandler({
    CannotGetJdbcConnectionException.class,
    CannotCreateTransactionException.class,
    DataAccessResourceFailureException.class,
    QueryTimeoutException.class,
    SQLTransientConnectionException.class
  })
  ResponseEntity<Map<String, Object>> database(Exception e, HttpServletRequest req) {
    return body(
        HttpStatus.SERVICE_UNAVAILABLE, ErrorBody.databaseUnavailable(e), req.getRequestURI());
  }

  @ExceptionHandler(NoResourceFoundException.class)
  ResponseEntity<Map<String, Object>> noRoute(NoResourceFoundException e, HttpServletRequest req) {
    return body(HttpStatus.NOT_FOUND, ErrorBody.NO_SUCH_ENDPOINT, req.getRequestURI());
  }

  @ExceptionHandler(HttpRequestMethodNotSupportedException.class)
  ResponseEntity<Map<String, Object>> method(
      HttpRequestMethodNotSupportedException e, HttpServletRequest req) {
    return body(
        HttpStatus.METHOD_NOT_ALLOWED,
        ErrorBody.methodNotAllowed(e.getMethod()),
        req.getRequestURI());
  }

  @ExceptionHandler(Exception.class)
  ResponseEntity<Map<String, Object>> unexpected(Exception e, HttpServletRequest req) {
    log.error("unexpected error on {}", req.getRequestURI(), e);
    return body(HttpStatus.INTERNAL_SERVER_ERROR, ErrorBody.INTERNAL, req.getRequestURI());
  }

  /** Errors that never reach a controller (bad URLs, container errors) answer JSON too. */
  @RestController
  static class JsonErrorController implements ErrorController {

    @RequestMapping("/error")
    ResponseEntity<Map<String, Object>> error(HttpServletRequest req) {
      Object code = req.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
      HttpStatus status =
          code instanceof Integer i && HttpStatus.resolve(i) != null
              ? HttpStatus.valueOf(i)
              : HttpStatus.INTERNAL_SERVER_ERROR;
      Object uri = req.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
      return body(status, status.getReasonPhrase(), uri == null ? null : uri.toString());
    }
  }
}
