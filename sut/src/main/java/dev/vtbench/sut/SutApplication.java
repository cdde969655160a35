package dev.vtbench.sut;

import java.util.HashMap;
import java.util.Map;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.core.env.MapPropertySource;

/**
 * The blocking service under test. Its settings come from the environment (see {@link
 * SutSettings}); they are validated before Spring starts so a typo stops start-up with one line
 * naming the variable instead of a stack trace.
 */
@SpringBootApplication
public class SutApplication {

  public static void main(String[] args) {
    SutSettings settings;
    try {
      settings = SutSettings.fromEnv(System.getenv());
    } catch (IllegalArgumentException e) {
      System.err.println("vtbench-sut: " + e.getMessage());
      System.exit(2);
      return;
    }
    // Read once when HikariCP loads: how soon it refills the pool after a live resize evicts it.
    System.setProperty(
        "com.zaxxer.hikari.housekeeping.periodMs",
        Long.toString(dev.vtbench.sut.db.PoolResizer.HOUSEKEEPING_MS));
    SpringApplication app = new SpringApplication(SutApplication.class);
    app.addInitializers(
        ctx -> {
          ctx.getBeanFactory().registerSingleton("sutSettings", settings);
          ctx.getEnvironment().getPropertySources().addFirst(springProperties(settings));
        });
    app.run(args);
  }

  /** The Spring properties the settings decide; they win over any other source. */
  static MapPropertySource springProperties(SutSettings s) {
    Map<String, Object> p = new HashMap<>();
    p.put("spring.threads.virtual.enabled", s.virtualThreads());
    p.put("server.tomcat.threads.max", s.tomcatMaxThreads());
    p.put("server.port", s.port());
    return new MapPropertySource("vtbench-settings", p);
  }
}
