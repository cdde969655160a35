package dev.vtbench.sut.errors;

import org.apache.catalina.Pipeline;
import org.apache.catalina.Valve;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.valves.ErrorReportValve;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;

/**
 * Puts {@link JsonErrorReportValve} in place of the host's ErrorReportValve. Ordered last, so its
 * context customizer runs after Spring Boot's, which adds an HTML ErrorReportValve (without the
 * stack trace) when {@code server.error.include-stacktrace} is never: that one is removed, and the
 * host is told this is its error valve, or it would add Tomcat's default (HTML with the full
 * report) when it starts.
 */
@Component
@Order(Ordered.LOWEST_PRECEDENCE)
class JsonErrorReportValveInstaller
    implements WebServerFactoryCustomizer<TomcatServletWebServerFactory> {

  @Override
  public void customize(TomcatServletWebServerFactory factory) {
    factory.addContextCustomizers(
        context -> {
          StandardHost host = (StandardHost) context.getParent();
          Pipeline pipeline = host.getPipeline();
          for (Valve v : pipeline.getValves()) {
            if (v instanceof ErrorReportValve) {
              pipeline.removeValve(v);
            }
          }
          pipeline.addValve(new JsonErrorReportValve());
          // The host adds its own ErrorReportValve at start unless one of this class is there.
          host.setErrorReportValveClass(JsonErrorReportValve.class.getName());
        });
  }
}
