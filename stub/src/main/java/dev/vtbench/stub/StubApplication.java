package dev.vtbench.stub;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The downstream every SUT request calls: answers after a fixed delay without holding a thread. */
@SpringBootApplication
public class StubApplication {

  public static void main(String[] args) {
    StubSettings settings;
    try {
      settings = StubSettings.fromEnv(System.getenv());
    } catch (IllegalArgumentException e) {
      System.err.println("vtbench-stub: " + e.getMessage());
      System.exit(2);
      return;
    }
    SpringApplication app = new SpringApplication(StubApplication.class);
    app.addInitializers(ctx -> ctx.getBeanFactory().registerSingleton("stubSettings", settings));
    app.run(args);
  }
}
