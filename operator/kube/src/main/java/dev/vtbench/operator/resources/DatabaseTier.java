package dev.vtbench.operator.resources;

import dev.vtbench.engine.model.spec.DatabaseSpec;
import dev.vtbench.engine.model.spec.SeedSpec;
import dev.vtbench.engine.model.spec.SqlSpec;
import dev.vtbench.engine.seed.DbCpuSql;
import dev.vtbench.engine.seed.HandOverSql;
import dev.vtbench.engine.seed.SeedSql;
import dev.vtbench.operator.api.BenchmarkRunResource;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The database: a CloudNativePG Cluster, seeded once from a ConfigMap of SQL. */
public final class DatabaseTier {

  public static final String CNPG_API = "postgresql.cnpg.io/v1";

  public static final String COMPONENT = "database";
  static final String SEED_KEY = "seed.sql";
  static final String DB_CPU_KEY = "db-cpu.sql";
  static final String HAND_OVER_KEY = "hand-over.sql";
  static final String DATABASE_NAME = "bench";
  static final String DATABASE_OWNER = "bench";

  private DatabaseTier() {}

  /**
   * The SQL of the run's own that CloudNativePG runs once after initdb, as the superuser in the
   * application database: for vtbench's SUT the schema and data, then the function through which
   * the SUT reads the database's CPU time; for a user's service only the hand-over of what its own
   * SQL (the user's ConfigMap, run before it) created to the owner it connects as.
   */
  public static ConfigMap seed(BenchmarkRunResource run) {
    SeedSpec seed = run.getSpec().database.seed;
    Map<String, String> data =
        run.getSpec().sut.service != null
            ? Map.of(HAND_OVER_KEY, HandOverSql.SQL)
            : Map.of(
                SEED_KEY,
                SeedSql.render(seed.customers, seed.orders),
                DB_CPU_KEY,
                DbCpuSql.render(DATABASE_OWNER));
    return new ConfigMapBuilder()
        .withMetadata(RunMeta.of(run, ResourceNames.seed(run), COMPONENT, true))
        .withData(data)
        .build();
  }

  /**
   * What CloudNativePG runs after initdb, in order: vtbench's seed, then the CPU function it grants
   * to the owner; or the user's SQL files from their ConfigMap (read, never changed), then the
   * hand-over. A user's service reads no database CPU, so it gets no function.
   */
  static List<Map<String, Object>> bootstrapSql(BenchmarkRunResource run) {
    String own = ResourceNames.seed(run);
    if (run.getSpec().sut.service == null) {
      return List.of(Map.of("name", own, "key", SEED_KEY), Map.of("name", own, "key", DB_CPU_KEY));
    }
    List<Map<String, Object>> refs = new ArrayList<>();
    SqlSpec sql = run.getSpec().database.sql;
    if (sql != null) {
      sql.keys().forEach(k -> refs.add(Map.of("name", sql.configMap, "key", k)));
    }
    refs.add(Map.of("name", own, "key", HAND_OVER_KEY));
    return refs;
  }

  /** The JDBC URL of the run's database, through CloudNativePG's read-write Service. */
  static String jdbcUrl(BenchmarkRunResource run) {
    return "jdbc:postgresql://"
        + ResourceNames.databaseService(run)
        + ":"
        + NetworkPolicyTier.POSTGRES_PORT
        + "/"
        + DATABASE_NAME;
  }

  /**
   * A one-instance CloudNativePG Cluster with Guaranteed resources, bootstrapped with the seed SQL;
   * the application owner's credentials are the run's own Secret ({@link DatabaseCredentials}).
   */
  public static GenericKubernetesResource cluster(BenchmarkRunResource run) {
    DatabaseSpec db = run.getSpec().database;
    Map<String, Object> spec = new LinkedHashMap<>();
    spec.put("instances", 1);
    if (db.image != null && !db.image.isBlank()) {
      spec.put("imageName", db.image);
    }
    spec.put("storage", Map.of("size", db.storage));
    // The largest Hikari pool must fit, plus CloudNativePG's own and a psql or two.
    int maxPool =
        run.getSpec().matrix.hikariPoolSizes.stream().mapToInt(Integer::intValue).max().orElse(0);
    spec.put(
        "postgresql",
        Map.of(
            "parameters",
            Map.of("max_connections", Integer.toString(Math.max(100, maxPool + 20)))));
    spec.put("resources", Guaranteed.resourceMap(db.cpu, db.memory));
    // CloudNativePG's default, spelled out: its pods are otherwise restricted already (non-root
    // uid 26, no privilege escalation, drop ALL); only their token stays, the instance manager's.
    spec.put("seccompProfile", Map.of("type", "RuntimeDefault"));
    Map<String, Object> affinity = new LinkedHashMap<>();
    if (!db.nodeSelector.isEmpty()) {
      affinity.put("nodeSelector", new TreeMap<>(db.nodeSelector));
    }
    Map<String, Object> offSutNodes = Placement.databaseNodeAffinity(run);
    if (offSutNodes != null) {
      affinity.put("nodeAffinity", offSutNodes);
    }
    if (!affinity.isEmpty()) {
      spec.put("affinity", affinity);
    }
    // part-of and the tier on CloudNativePG's pods too, so one PodMonitor finds vtbench's
    // databases (and takes the run from cnpg.io/cluster).
    spec.put("inheritedMetadata", Map.of("labels", Labels.inherited(COMPONENT)));
    spec.put(
        "bootstrap",
        Map.of(
            "initdb",
            Map.of(
                "database",
                DATABASE_NAME,
                "owner",
                DATABASE_OWNER,
                "secret",
                Map.of("name", ResourceNames.databaseAppSecret(run)),
                "postInitApplicationSQLRefs",
                Map.of("configMapRefs", bootstrapSql(run)))));
    GenericKubernetesResource cluster = new GenericKubernetesResource();
    cluster.setApiVersion(CNPG_API);
    cluster.setKind("Cluster");
    cluster.setMetadata(RunMeta.of(run, ResourceNames.database(run), COMPONENT, true));
    cluster.setAdditionalProperty("spec", spec);
    return cluster;
  }
}
