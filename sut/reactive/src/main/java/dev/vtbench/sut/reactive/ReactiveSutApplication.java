package dev.vtbench.sut.reactive;

import dev.vtbench.sut.SutSettings;
import dev.vtbench.sut.runtime.CpuWork;
import dev.vtbench.sut.runtime.HandlerThreadSample;
import dev.vtbench.sut.runtime.LoadWindows;
import dev.vtbench.sut.runtime.Peaks;
import dev.vtbench.sut.runtime.RuntimeInfoController;
import java.util.Map;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.MapPropertySource;

/**
 * Seed 002's reactive baseline: the servlet SUT's endpoints on Spring WebFlux, R2DBC and WebClient,
 * so that no request ever holds a thread while it waits. Its settings are the servlet SUT's ({@link
 * SutSettings}), validated before Spring starts; /api/runtime-info is the servlet SUT's controller.
 */
@SpringBootApplication
@Import({
  RuntimeInfoController.class,
  Peaks.class,
  LoadWindows.class,
  HandlerThreadSample.class,
  CpuWork.class
})
public class ReactiveSutApplication {

  public static void main(String[] args) {
    SutSettings settings;
    try {
      settings = ReactiveSettings.check(SutSettings.fromEnv(System.getenv()));
    } catch (IllegalArgumentException e) {
      System.err.println("vtbench-sut-reactive: " + e.getMessage());
      System.exit(2);
      return;
    }
    SpringApplication app = new SpringApplication(ReactiveSutApplication.class);
    app.addInitializers(
        ctx -> {
          ctx.getBeanFactory().registerSingleton("sutSettings", settings);
          ctx.getEnvironment()
              .getPropertySources()
              .addFirst(
                  new MapPropertySource(
                      "vtbench-settings", Map.<String, Object>of("server.port", settings.port())));
        });
    app.run(args);
  }
}
