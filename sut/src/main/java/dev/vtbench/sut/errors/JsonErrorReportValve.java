package dev.vtbench.sut.errors;

import java.io.IOException;
import java.io.Writer;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.coyote.ActionCode;
import org.springframework.http.HttpStatus;

/**
 * Tomcat's last word on an error nothing else answered, as the same JSON as every other error
 * ({@link ErrorBody#fields}) instead of Tomcat's HTML page. What gets here: requests Tomcat refuses
 * before any servlet runs — bad bytes in the request line or path, an HTTP/1.1 request without
 * Host, a header Tomcat cannot parse. Their path may be the very bytes that were refused, so it is
 * not echoed.
 */
final class JsonErrorReportValve extends ErrorReportValve {

  @Override
  protected void report(Request request, Response response, Throwable throwable) {
    int code = response.getStatus();
    if (code < 400 || response.getContentWritten() > 0) {
      return;
    }
    AtomicBoolean ioAllowed = new AtomicBoolean(true);
    response.getCoyoteResponse().action(ActionCode.IS_IO_ALLOWED, ioAllowed);
    if (!ioAllowed.get()) {
      return;
    }
    HttpStatus status = HttpStatus.resolve(code);
    if (status == null) {
      status = HttpStatus.BAD_REQUEST;
    }
    String message =
        status == HttpStatus.BAD_REQUEST
            ? "malformed request: the request line, path or headers are not valid HTTP/1.1"
            : status.getReasonPhrase();
    try {
      response.setContentType("application/json");
      response.setCharacterEncoding("UTF-8");
      Writer writer = response.getReporter();
      if (writer != null) {
        writer.write(ErrorBody.json(ErrorBody.fields(status, message, null)));
        response.finishResponse();
      }
    } catch (IOException | IllegalStateException e) {
      // The connection is going away: nothing left to tell the client.
    }
  }
}
