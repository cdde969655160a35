package dev.vtbench.operator.resources;

import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.model.spec.ExternalDatabaseSpec;
import dev.vtbench.engine.model.spec.ServiceSpec;
import dev.vtbench.engine.plan.JvmOptions;
import dev.vtbench.engine.plan.ServiceBuild;
import dev.vtbench.engine.plan.ServiceWiring;
import dev.vtbench.engine.plan.SutConfig;
import dev.vtbench.operator.api.BenchmarkRunResource;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A user's own service ({@code spec.sut.service}) as the SUT: its image (the config's build's,
 * {@link ServiceBuild}) on its port, ready while its health path answers, the matrix and the wiring
 * as Spring Boot properties ({@link ServiceWiring}) and the database password as the one file of a
 * configtree, mounted from the run's own credentials Secret (or, for the user's own database, its
 * URL, user and password from the user's Secret). Nothing of vtbench runs inside it.
 */
final class UserServiceSut {

  /**
   * The configtree folder: it holds {@value ServiceWiring#PASSWORD_PROPERTY} and nothing else, or
   * with the user's own database the three files of {@link ServiceWiring#EXTERNAL_KEYS}.
   */
  static final String CONFIG_TREE = "/etc/vtbench/service-config";

  private UserServiceSut() {}

  static Deployment deployment(BenchmarkRunResource run, SutConfig config) {
    BenchmarkRunSpec spec = run.getSpec();
    ServiceSpec service = spec.sut.service;
    boolean database = spec.database.enabled;
    ExternalDatabaseSpec external = spec.database.external;
    ServiceWiring.Datasource db =
        !database
            ? null
            : external != null
                ? ServiceWiring.Datasource.inConfigTree(CONFIG_TREE)
                : new ServiceWiring.Datasource(
                    DatabaseTier.jdbcUrl(run), DatabaseTier.DATABASE_OWNER, CONFIG_TREE);
    Map<String, String> env =
        new LinkedHashMap<>(ServiceWiring.env(service, config, db, StubTier.url(run)));
    // the JVM sized to the container, as vtbench's own tiers (harmless to a service of no JVM),
    // then the config's own options (spec.matrix.jvmOptions)
    env.put(
        JvmOptions.TOOL_OPTIONS, JvmOptions.toolOptions(AppTier.jvmOptions(spec.sut.cpu), config));
    List<Volume> volumes =
        !database
            ? List.of()
            : List.of(external != null ? usersSecret(external) : passwordFile(run));
    List<VolumeMount> mounts =
        database
            ? List.of(PodHardening.mount(SutTier.SERVICE_CONFIG_VOLUME, CONFIG_TREE, true))
            : List.of();
    Container c =
        AppTier.container(
                SutTier.COMPONENT,
                ServiceBuild.of(spec, config).image(),
                spec.sut.cpu,
                spec.sut.memory,
                env,
                mounts,
                service.port,
                service.healthPath,
                service.healthPath)
            .build();
    var pod = PodHardening.pod(c, volumes, spec.sut.nodeSelector).withAffinity(Placement.sut(run));
    if (spec.sut.pinned) {
      // the service cannot say which cores it got: the probe reads them for the row and the check
      pod.withInitContainers(CpusetProbe.container(spec.load.image, spec.sut.cpu));
    }
    return AppTier.deployment(
        run,
        ResourceNames.sut(run),
        SutTier.COMPONENT,
        Map.of(SutTier.CONFIG_ANNOTATION, config.key()),
        pod.build());
  }

  /** Only the password, under the property's name: a configtree maps file names to properties. */
  private static Volume passwordFile(BenchmarkRunResource run) {
    return new VolumeBuilder()
        .withName(SutTier.SERVICE_CONFIG_VOLUME)
        .withNewSecret()
        .withSecretName(ResourceNames.databaseAppSecret(run))
        .addNewItem()
        .withKey("password")
        .withPath(ServiceWiring.PASSWORD_PROPERTY)
        .endItem()
        .withDefaultMode(0440)
        .endSecret()
        .build();
  }

  /**
   * The user's own database (spec.database.external): their Secret's url, username and password
   * under the properties' names. The kubelet reads it, the operator never does; a missing Secret or
   * key keeps the pod from starting, which {@code SecretMountCheck} turns into the run's failure.
   */
  private static Volume usersSecret(ExternalDatabaseSpec external) {
    var secret =
        new VolumeBuilder()
            .withName(SutTier.SERVICE_CONFIG_VOLUME)
            .withNewSecret()
            .withSecretName(external.secret)
            .withDefaultMode(0440);
    for (ServiceWiring.SecretKey k : ServiceWiring.EXTERNAL_KEYS) {
      secret.addNewItem().withKey(k.key()).withPath(k.property()).endItem();
    }
    return secret.endSecret().build();
  }
}
