package dev.vtbench.operator.reconciler.steps;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.Collection;
import java.util.Map;

/**
 * A ConfigMap the user owns and a run reads (its SQL, its k6 module): get only, never written. One
 * place says what a user is told when it cannot be read, is missing, or lacks a key.
 */
final class UserConfigMap {

  /** The ConfigMap cannot be used; the message names the spec field and what to create or fix. */
  static final class Unavailable extends RuntimeException {
    Unavailable(String message) {
      super(message);
    }
  }

  private final KubernetesClient client;
  private final String namespace;
  private final String name;
  private final String source;
  private final String create;

  /**
   * @param field the spec field that names it, e.g. {@code spec.database.sql.configMap}
   * @param create the {@code kubectl create configmap} line that makes it right
   */
  UserConfigMap(
      KubernetesClient client, String namespace, String name, String field, String create) {
    this.client = client;
    this.namespace = namespace;
    this.name = name;
    this.source = field + " " + namespace + "/" + name;
    this.create = create;
  }

  /** How messages name it: the spec field, the namespace and the name. */
  String source() {
    return source;
  }

  /**
   * Its data, every key present in {@code keys}.
   *
   * @param why what the keys are, for the message when some are missing
   * @throws Unavailable when it cannot be read (403), does not exist, or lacks a key
   * @throws KubernetesClientException on any other API error: transient, the reconcile is retried
   */
  Map<String, String> data(Collection<String> keys, String why) {
    ConfigMap cm;
    try {
      cm = client.configMaps().inNamespace(namespace).withName(name).get();
    } catch (KubernetesClientException e) {
      if (e.getCode() != 403) {
        throw e;
      }
      throw new Unavailable(
          source
              + " is not readable by the operator (403 Forbidden): the chart grants it in the"
              + " namespaces it watches; add this one to watchNamespaces");
    }
    if (cm == null) {
      throw new Unavailable(
          source + " not found: create it (" + create + "), then create the BenchmarkRun again");
    }
    Map<String, String> data = cm.getData() == null ? Map.of() : cm.getData();
    var missing = keys.stream().filter(k -> !data.containsKey(k)).toList();
    if (!missing.isEmpty()) {
      throw new Unavailable(
          source
              + " has no key "
              + String.join(", ", missing)
              + " (it has "
              + (data.isEmpty() ? "no data keys" : data.keySet())
              + "): "
              + why
              + " ("
              + create
              + ")");
    }
    return data;
  }
}
