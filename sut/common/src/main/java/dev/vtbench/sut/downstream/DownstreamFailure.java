package dev.vtbench.sut.downstream;

import dev.vtbench.sut.errors.ApiException;
import org.springframework.http.HttpStatus;

/**
 * How a failed call to the stub answers, the same whichever HTTP client made it: 504 when the stub
 * did not answer in time, 502 when it refused, failed or answered badly.
 */
public final class DownstreamFailure {

  private DownstreamFailure() {}

  public static ApiException timedOut(String baseUrl, Throwable cause) {
    return new ApiException(
        HttpStatus.GATEWAY_TIMEOUT, "downstream " + baseUrl + " did not answer in time", cause);
  }

  /** The connection failed: refused (nothing listens) or otherwise. */
  public static ApiException unreachable(String baseUrl, boolean refused, Throwable cause) {
    String why = refused ? "refused the connection" : "failed";
    return new ApiException(HttpStatus.BAD_GATEWAY, "downstream " + baseUrl + " " + why, cause);
  }

  public static ApiException answered(String baseUrl, int status, Throwable cause) {
    return new ApiException(
        HttpStatus.BAD_GATEWAY, "downstream " + baseUrl + " answered " + status, cause);
  }

  public static ApiException unreadable(String baseUrl, Throwable cause) {
    return new ApiException(
        HttpStatus.BAD_GATEWAY, "downstream " + baseUrl + " sent an unreadable answer", cause);
  }

  /** Whether {@code e} or one of its causes is a {@code type}. */
  public static boolean causedBy(Throwable e, Class<? extends Throwable> type) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (type.isInstance(t)) {
        return true;
      }
    }
    return false;
  }
}
