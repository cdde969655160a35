package dev.vtbench.local.platform;

import dev.vtbench.engine.steady.SutReset;
import dev.vtbench.local.process.HttpJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;

/**
 * How the local platform sees the SUT over one hold: its peaks and load windows in {@code
 * /api/runtime-info}'s shape, kept in a file beside k6's summary so the hold's steady-state verdict
 * can be checked. vtbench's SUT reports them itself; a user's service is watched from outside
 * ({@link ActuatorSampler}).
 */
interface HoldWatch {

  /**
   * The hold will start at {@code epochMs} (this host's clock), {@link SutReset#lead} from now:
   * vtbench's SUT is told now, so that a busy core cannot delay its windows.
   */
  void holdStartsAt(long epochMs);

  /** The hold starts now. */
  void holdStarts();

  /** What it has seen so far, in the same shape, while the hold goes on. */
  Map<String, Object> peek();

  /** The hold has ended: what it saw, also written to {@code keepAs}. */
  Map<String, Object> holdEnded(Path keepAs) throws IOException, InterruptedException;

  /**
   * The watch for the SUT at {@code baseUrl}: vtbench's own, cutting windows of {@code window}, or
   * {@code sampler}'s service.
   */
  static HoldWatch of(String baseUrl, Duration window, ActuatorSampler sampler) {
    return sampler == null ? new RuntimeInfo(baseUrl, window) : new Outside(sampler);
  }

  /**
   * vtbench's SUT: reset ahead of the start (windows of {@code window} from the start), its own
   * report at the end.
   */
  record RuntimeInfo(String baseUrl, Duration window) implements HoldWatch {
    @Override
    public void holdStartsAt(long epochMs) {
      HttpJson.post(baseUrl + SutReset.path(window, epochMs));
    }

    @Override
    public void holdStarts() {
      // the SUT opens its windows itself, at the time it was given
    }

    @Override
    @SuppressWarnings("unchecked")
    public Map<String, Object> peek() {
      return (Map<String, Object>) HttpJson.get(baseUrl + "/api/runtime-info").at("peaks");
    }

    @Override
    public Map<String, Object> holdEnded(Path keepAs) throws IOException, InterruptedException {
      Thread.sleep(1_500); // JFR hands pinned events over about a second late
      HttpJson.Response info = HttpJson.get(baseUrl + "/api/runtime-info");
      Files.writeString(keepAs, info.body());
      @SuppressWarnings("unchecked")
      Map<String, Object> peaks = (Map<String, Object>) info.at("peaks");
      return peaks;
    }
  }

  /** A user's service: Actuator and /proc sampled from outside it. */
  record Outside(ActuatorSampler sampler) implements HoldWatch {
    @Override
    public void holdStartsAt(long epochMs) {
      // sampled from outside, from the start on this host's clock
    }

    @Override
    public void holdStarts() {
      sampler.start();
    }

    @Override
    public Map<String, Object> peek() {
      return sampler.peek();
    }

    @Override
    public Map<String, Object> holdEnded(Path keepAs) throws IOException {
      Map<String, Object> peaks = sampler.stop();
      Files.writeString(
          keepAs,
          JsonMapper.shared()
              .writerWithDefaultPrettyPrinter()
              .writeValueAsString(Map.of("peaks", peaks)));
      return peaks;
    }
  }
}
