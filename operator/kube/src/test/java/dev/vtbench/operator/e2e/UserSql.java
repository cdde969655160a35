package dev.vtbench.operator.e2e;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The user's SQL as a user hands it to a run on a cluster: a ConfigMap they create themselves,
 * keyed by each file's base name ({@code kubectl create configmap byo-orders-sql
 * --from-file=examples/byo-orders/db/}), named by the spec's {@code database.sql.configMap}. The
 * run only reads it; it is the user's, not the run's. The files are where a local run reads them:
 * relative to the spec file's folder.
 */
final class UserSql {

  private UserSql() {}

  /**
   * Creates the ConfigMap from the {@code sql.files} of {@code spec}, read from {@code specFile};
   * returns it as the server has it.
   */
  static ConfigMap create(E2eContext e2e, RunSpec spec, Path specFile) {
    Map<String, String> data = new LinkedHashMap<>();
    for (String file : spec.sqlFiles()) {
      Path path = specFile.toAbsolutePath().getParent().resolve(file);
      try {
        // the key kubectl's --from-file gives a file: its base name
        data.put(path.getFileName().toString(), Files.readString(path));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    ConfigMap cm =
        new ConfigMapBuilder()
            .withNewMetadata()
            .withName(spec.sqlConfigMap())
            .withNamespace(e2e.namespace())
            .endMetadata()
            .withData(data)
            .build();
    ConfigMap created = e2e.k8s.configMaps().resource(cm).create();
    System.out.printf(
        "  created the user's ConfigMap %s (keys %s)%n",
        created.getMetadata().getName(), data.keySet());
    return created;
  }
}
