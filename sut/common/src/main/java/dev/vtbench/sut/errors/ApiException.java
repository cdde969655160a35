package dev.vtbench.sut.errors;

import org.springframework.http.HttpStatus;

/** A failure with the HTTP status and message the client should get, as JSON. */
public class ApiException extends RuntimeException {

  private final HttpStatus status;

  public ApiException(HttpStatus status, String message) {
    super(message);
    this.status = status;
  }

  public ApiException(HttpStatus status, String message, Throwable cause) {
    super(message, cause);
    this.status = status;
  }

  public HttpStatus status() {
    return status;
  }

  public static ApiException badParameter(String name, String value, String expected) {
    return new ApiException(
        HttpStatus.BAD_REQUEST,
        "parameter '" + name + "' must be " + expected + ", got '" + value + "'");
  }

  public static ApiException notFound(String what) {
    return new ApiException(HttpStatus.NOT_FOUND, what + " not found");
  }
}
