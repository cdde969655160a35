package dev.vtbench.engine.k6;

/**
 * Which k6 images carry vtbench's k6 extension {@code k6/x/vtbench} (hack/k6/: k6's own CPU time
 * and cgroup, which a k6 script cannot read at a hold's edges on its own): vtbench's k6 image,
 * whose repository is {@value #REPOSITORY} (hack/offline/e2e-images.sh builds it). The cluster
 * script asks for the extension only from those: k6 1.x fails a script that asks for a module it
 * lacks, even inside a try, so with any other {@code spec.load.image} (the default {@code
 * grafana/k6} among them) the rows leave {@code load_cpu_pct} and {@code load_throttled_pct} empty,
 * with a note.
 */
public final class K6Image {

  /** The repository of vtbench's k6 image, with or without a registry in front. */
  public static final String REPOSITORY = "vtbench/k6";

  private K6Image() {}

  /**
   * Whether {@code image} (e.g. {@code vtbench/k6:1.8.1}, {@code reg:5000/vtbench/k6@sha256:…}) is
   * vtbench's k6.
   */
  public static boolean reportsItself(String image) {
    if (image == null) {
      return false;
    }
    String repo = image;
    int at = repo.indexOf('@');
    if (at >= 0) {
      repo = repo.substring(0, at);
    }
    int colon = repo.lastIndexOf(':');
    if (colon > repo.lastIndexOf('/')) {
      repo = repo.substring(0, colon);
    }
    return repo.equals(REPOSITORY) || repo.endsWith("/" + REPOSITORY);
  }
}
