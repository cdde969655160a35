package dev.vtbench.operator.resources;

import dev.vtbench.operator.api.BenchmarkRunResource;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The run's own database credentials: a Secret the operator creates once, owned by the run, handed
 * to CloudNativePG as the application owner's initial credentials ({@code bootstrap.initdb.secret})
 * and mounted by the SUT. CloudNativePG creates no {@code -app} Secret of its own then, so no
 * Secret the run did not create can point the SUT at another database or hand it someone else's
 * password. The password exists only in this Secret: not in env, status, Events, logs or the CSV.
 */
public final class DatabaseCredentials {

  /** The Secret type CloudNativePG expects for a user's credentials. */
  static final String TYPE = "kubernetes.io/basic-auth";

  /** 24 random bytes: 192 bits, 32 URL-safe characters that need no quoting in a JDBC URL. */
  private static final int PASSWORD_BYTES = 24;

  private static final SecureRandom RANDOM = new SecureRandom();

  private DatabaseCredentials() {}

  /** A new password, from {@link SecureRandom}. */
  public static String newPassword() {
    byte[] bytes = new byte[PASSWORD_BYTES];
    RANDOM.nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  /**
   * The Secret for {@code run} with {@code password}: the keys CloudNativePG reads ({@code
   * username}, which must be the database owner, and {@code password}) and those the SUT reads to
   * connect ({@code host}, {@code port}, {@code dbname}). Immutable: nobody rewrites the
   * credentials under a running database.
   */
  public static Secret secret(BenchmarkRunResource run, String password) {
    Map<String, String> data = new LinkedHashMap<>();
    data.put("username", DatabaseTier.DATABASE_OWNER);
    data.put("password", password);
    data.put("host", ResourceNames.databaseService(run));
    data.put("port", Integer.toString(NetworkPolicyTier.POSTGRES_PORT));
    data.put("dbname", DatabaseTier.DATABASE_NAME);
    return new SecretBuilder()
        .withMetadata(
            RunMeta.of(run, ResourceNames.databaseAppSecret(run), DatabaseTier.COMPONENT, true))
        .withType(TYPE)
        .withImmutable(true)
        .withStringData(data)
        .build();
  }
}
