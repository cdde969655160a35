package dev.vtbench.operator.resources;

import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.model.ServiceSpec;
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
 * configtree, mounted from the run's own credentials Secret. Nothing of vtbench runs inside it.
 */
final class UserServiceSut {

  /** The configtree folder: it holds {@value ServiceWiring#PASSWORD_PROPERTY} and nothing else. */
  static final String CONFIG_TREE = "/etc/vtbench/service-config";

  private UserServiceSut() {}

  static Deployment deployment(BenchmarkRunResource run, SutConfig config) {
    BenchmarkRunSpec spec = run.getSpec();
    ServiceSpec service = spec.sut.service;
    boolean database = spec.database.enabled;
    ServiceWiring.Datasource db =
        database
            ? new ServiceWiring.Datasource(
                DatabaseTier.jdbcUrl(run), DatabaseTier.DATABASE_OWNER, CONFIG_TREE)
            : null;
    Map<String, String> env =
        new LinkedHashMap<>(ServiceWiring.env(service, config, db, StubTier.url(run)));
    // the JVM sized to the container, as vtbench's own tiers (harmless to a service of no JVM),
    // then the config's own options (spec.matrix.jvmOptions)
    env.put(
        JvmOptions.TOOL_OPTIONS, JvmOptions.toolOptions(AppTier.jvmOptions(spec.sut.cpu), config));
    List<Volume> volumes = database ? List.of(passwordFile(run)) : List.of();
    List<VolumeMount> mounts =
        database ? List.of(PodHardening.mount("service-config", CONFIG_TREE, true)) : List.of();
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
    var pod = PodHardening.pod(c, volumes, spec.sut.nodeSelector);
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
        .withName("service-config")
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
}
