package dev.vtbench.sut.reactive;

import dev.vtbench.sut.SutSettings;
import dev.vtbench.sut.reactive.db.PgUrl;

/**
 * The servlet SUT's settings that have no meaning here are refused at start-up, naming the
 * variable, rather than silently ignored: a run that asked for them would measure something else.
 */
final class ReactiveSettings {

  private ReactiveSettings() {}

  /**
   * {@code settings} if the reactive SUT can honour them.
   *
   * @throws IllegalArgumentException naming the variable, the bad value and the allowed values
   */
  static SutSettings check(SutSettings settings) {
    if (settings.virtualThreads()) {
      throw new IllegalArgumentException(
          "VT_ENABLED=true is invalid for the reactive SUT; allowed: false (requests run on"
              + " Reactor Netty's event loop, not on a thread each)");
    }
    if (settings.pathMode() == SutSettings.PathMode.SYNCHRONIZED) {
      throw new IllegalArgumentException(
          "PATH_MODE=synchronized is invalid for the reactive SUT; allowed: normal (no request"
              + " blocks a thread, so there is no blocking section to synchronize)");
    }
    // R2DBC takes the database's parts, not the JDBC URL: a URL it cannot take apart stops here.
    PgUrl.parse(settings.database().jdbcUrl());
    return settings;
  }
}
