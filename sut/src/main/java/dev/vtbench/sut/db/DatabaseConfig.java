package dev.vtbench.sut.db;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.metrics.micrometer.MicrometerMetricsTrackerFactory;
import dev.vtbench.sut.SutSettings;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/** The HikariCP pool, sized and timed by the settings. */
@Configuration(proxyBeanMethods = false)
class DatabaseConfig {

  @Bean
  PoolTracker poolTracker() {
    return new PoolTracker();
  }

  @Bean
  HikariDataSource dataSource(
      SutSettings settings, PoolTracker tracker, MeterRegistry registry, Environment spring) {
    HikariDataSource ds = new HikariDataSource();
    ds.setPoolName("vtbench");
    ds.setJdbcUrl(settings.database().jdbcUrl());
    if (settings.database().username() != null) {
      ds.setUsername(settings.database().username());
    }
    // Without a DB_* password, Spring's own property: a configtree file when vtbench runs the SUT
    // as a user's service (SPRING_CONFIG_IMPORT), so the password is never in the environment.
    String password =
        settings.database().password() != null
            ? settings.database().password()
            : spring.getProperty("spring.datasource.password");
    if (password != null) {
      ds.setPassword(password);
    }
    // Fixed-size pool, as in the reference rig: min = max, so no pool growth during a run.
    ds.setMaximumPoolSize(settings.hikariPoolSize());
    ds.setMinimumIdle(settings.hikariPoolSize());
    ds.setConnectionTimeout(settings.hikariConnectionTimeout().toMillis());
    // Start even when the database is down: /readyz reports it and requests answer 503.
    ds.setInitializationFailTimeout(-1);
    // Exact active-connection peaks for /api/runtime-info, and the usual hikaricp_* meters.
    ds.setMetricsTrackerFactory(tracker.wrapping(new MicrometerMetricsTrackerFactory(registry)));
    tracker.attach(ds);
    return ds;
  }

  @Bean
  JdbcTemplate jdbcTemplate(HikariDataSource ds) {
    return new JdbcTemplate(ds);
  }

  @Bean
  DataSourceTransactionManager transactionManager(HikariDataSource ds) {
    return new DataSourceTransactionManager(ds);
  }

  @Bean
  TransactionTemplate transactionTemplate(DataSourceTransactionManager tm) {
    TransactionTemplate tx = new TransactionTemplate(tm);
    tx.setReadOnly(true);
    return tx;
  }
}
