package dev.vtbench.engine.model;

import java.util.regex.Pattern;

/**
 * {@link SpecValidator}'s checks of {@code spec.load.prometheusRemoteWrite} ({@link SpecRules}).
 */
final class RemoteWriteChecks {

  private static final Pattern REMOTE_WRITE_URL =
      Pattern.compile(SpecRules.celRegex(SpecRules.REMOTE_WRITE_URL_CEL));
  private static final Pattern FORBIDDEN_REMOTE_WRITE =
      Pattern.compile(SpecRules.FORBIDDEN_REMOTE_WRITE);

  private RemoteWriteChecks() {}

  static void check(FieldChecks check, PrometheusRemoteWriteSpec rw) {
    String field = "spec.load.prometheusRemoteWrite.url";
    if (rw.url == null
        || rw.url.length() > SpecRules.URL_MAX
        || !REMOTE_WRITE_URL.matcher(rw.url).matches()) {
      check.add(
          field
              + ": "
              + SpecRules.REMOTE_WRITE_URL_MESSAGE
              + " (got "
              + (rw.url == null ? "nothing" : "'" + rw.url + "'")
              + ")");
    } else if (FORBIDDEN_REMOTE_WRITE.matcher(rw.url).matches()) {
      check.add(field + ": '" + rw.url + "' " + SpecRules.FORBIDDEN_REMOTE_WRITE_MESSAGE);
    }
    if (rw.credentialsSecretRef != null) {
      String secret = "spec.load.prometheusRemoteWrite.credentialsSecretRef.name";
      check.text(secret, rw.credentialsSecretRef.name, SpecRules.KUBE_NAME_MAX);
      if (rw.credentialsSecretRef.name != null) {
        check.matches(
            secret,
            rw.credentialsSecretRef.name,
            SpecValidator.SUBDOMAIN,
            SpecRules.SUBDOMAIN_MESSAGE);
      }
    }
  }
}
