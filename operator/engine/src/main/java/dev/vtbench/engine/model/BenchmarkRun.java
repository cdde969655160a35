package dev.vtbench.engine.model;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;

/** A benchmark run as written in YAML: {@code apiVersion}, {@code kind}, a name and a spec. */
public class BenchmarkRun {

  public static final String API_VERSION = "vtbench.dev/v1alpha1";
  public static final String KIND = "BenchmarkRun";

  public String apiVersion = API_VERSION;
  public String kind = KIND;
  public Metadata metadata = new Metadata();

  @JsonPropertyDescription("What to measure.")
  public BenchmarkRunSpec spec = new BenchmarkRunSpec();

  /** Just the parts of Kubernetes metadata local mode uses. */
  public static class Metadata {
    public String name;
    public String namespace;
    public java.util.Map<String, String> labels;
    public java.util.Map<String, String> annotations;
  }
}
