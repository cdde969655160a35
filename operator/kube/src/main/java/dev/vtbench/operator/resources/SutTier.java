package dev.vtbench.operator.resources;

import dev.vtbench.engine.model.spec.SutSpec;
import dev.vtbench.engine.plan.JvmOptions;
import dev.vtbench.engine.plan.SutConfig;
import dev.vtbench.engine.seed.DbCpuSql;
import dev.vtbench.operator.api.BenchmarkRunResource;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The system under test: one Deployment per SUT config, and its Service. vtbench's own SUT (or its
 * reactive SUT) unless the spec names the user's service ({@link UserServiceSut}).
 */
public final class SutTier {

  /** On the SUT's pod template: the {@link SutConfig#key()} of the config it runs. */
  public static final String CONFIG_ANNOTATION = "vtbench.dev/sut-config";

  public static final String COMPONENT = "sut";

  /**
   * The volume a user's service's configtree is mounted from ({@link UserServiceSut}): the kubelet
   * names it when it cannot mount the Secret behind it.
   */
  public static final String SERVICE_CONFIG_VOLUME = "service-config";

  /** The SUT's node name from the downward API; the SUT's runtime-info reports it. */
  static final String NODE_NAME_ENV = "NODE_NAME";

  /** Where the SUT reads CloudNativePG's application credentials. */
  private static final String DB_SECRET_DIR = "/etc/vtbench/db";

  private SutTier() {}

  /**
   * The SUT for {@code config}. A changed config changes the pod template (env and the config hash
   * annotation) and so restarts the SUT; an unchanged one leaves it running.
   */
  public static Deployment deployment(BenchmarkRunResource run, SutConfig config) {
    SutSpec sut = run.getSpec().sut;
    if (sut.service != null) {
      return UserServiceSut.deployment(run, config);
    }
    Map<String, String> env = new LinkedHashMap<>(config.env());
    env.put("SERVER_PORT", Integer.toString(AppTier.HTTP_PORT));
    env.put("SERVER_ADDRESS", "0.0.0.0");
    env.put("STUB_URL", StubTier.url(run));
    env.put("DB_SECRET_DIR", DB_SECRET_DIR);
    // the database's CPU and throttling over the hold, which only the SUT can reach (DatabaseTier
    // installs the functions)
    env.put(DbCpuSql.FUNCTION_ENV, DbCpuSql.FUNCTION);
    env.put(DbCpuSql.CFS_FUNCTION_ENV, DbCpuSql.CFS_FUNCTION);
    // the JVM sized to the container, then the config's own options (spec.matrix.jvmOptions)
    env.put(JvmOptions.TOOL_OPTIONS, JvmOptions.toolOptions(AppTier.jvmOptions(sut.cpu), config));
    Volume secret =
        new VolumeBuilder()
            .withName("db")
            .withNewSecret()
            .withSecretName(ResourceNames.databaseAppSecret(run))
            .withDefaultMode(0440)
            .endSecret()
            .build();
    Container c =
        AppTier.container(
                COMPONENT,
                // the servlet SUT's image, or the reactive SUT's for the thread mode reactive
                sut.image(config.threadMode()),
                sut.cpu,
                sut.memory,
                env,
                List.of(PodHardening.mount("db", DB_SECRET_DIR, true)))
            // the node it runs on, which the SUT reports in /api/runtime-info for every row
            .addNewEnv()
            .withName(NODE_NAME_ENV)
            .withNewValueFrom()
            .withNewFieldRef()
            .withFieldPath("spec.nodeName")
            .endFieldRef()
            .endValueFrom()
            .endEnv()
            .build();
    return AppTier.deployment(
        run,
        ResourceNames.sut(run),
        COMPONENT,
        Map.of(CONFIG_ANNOTATION, config.key()),
        PodHardening.pod(c, List.of(secret), sut.nodeSelector)
            .withAffinity(Placement.sut(run))
            .build());
  }

  public static Service service(BenchmarkRunResource run) {
    return AppTier.service(run, ResourceNames.sut(run), COMPONENT);
  }

  /** The port the SUT's container listens on: the user's service's, or vtbench's SUT's. */
  public static int containerPort(BenchmarkRunResource run) {
    var service = run.getSpec().sut.service;
    return service == null ? AppTier.HTTP_PORT : service.port;
  }

  /** Where k6 reaches the SUT. */
  public static String url(BenchmarkRunResource run) {
    return AppTier.url(ResourceNames.sut(run));
  }
}
