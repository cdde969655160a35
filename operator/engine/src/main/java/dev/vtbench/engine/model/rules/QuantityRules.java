package dev.vtbench.engine.model.rules;

/**
 * The validation rules of quantities: CPU (whole CPUs while pinned, the load's QoS class), memory
 * and storage ranges, percentages. Constants the CRD's schema and CEL rules are built from, which
 * {@link dev.vtbench.engine.model.SpecValidation} applies ({@link SpecRules} says where each part's
 * rules live).
 */
public final class QuantityRules {

  private QuantityRules() {}

  /** A Kubernetes CPU quantity of at least 1m: 2, 1.5 or 500m (not 0, 0m or 0.0001). */
  public static final String CPU =
      "^([0-9]*[1-9][0-9]*m|[0-9]*[1-9][0-9]*([.][0-9]+)?|[0-9]+[.][0-9]{0,2}[1-9][0-9]*)$";

  /** Whole CPUs, as the static CPU manager needs for exclusive cores: 2 or 2000m. */
  public static final String WHOLE_CPU = "^[1-9][0-9]*(000m)?$";

  /** Most CPUs a tier may ask for: more than any node has, and -XX:ActiveProcessorCount's range. */
  public static final int CPU_MAX = 1024;

  public static final int QUANTITY_MAX = 16;

  /** A Kubernetes memory quantity: 512Mi, 2Gi, 1G. */
  public static final String MEMORY = "^[0-9]+(Ki|Mi|Gi|Ti|k|M|G|T)?$";

  /** A percentage: 10%, 0.5%. */
  public static final String PERCENT = "^[0-9]+(\\.[0-9]+)?%$";

  /** A percentage from 0% to 100%: an error rate or a regression beyond 100% means nothing. */
  public static final String PERCENT_TO_100 = "^(100([.]0+)?|[0-9]{1,2}([.][0-9]+)?)%$";

  public static final String PERCENT_TO_100_RULE = "self.matches('" + PERCENT_TO_100 + "')";
  public static final String PERCENT_TO_100_MESSAGE =
      "must be a percentage from 0% to 100%, e.g. 1% or 0.5%";

  // cpu may arrive as an integer (cpu: 4) or a string; pinned and cpu may be left out (defaults).
  public static final String WHOLE_CPU_RULE =
      "!has(self.cpu) || (has(self.pinned) && !self.pinned)"
          + " || string(self.cpu).matches('"
          + WHOLE_CPU
          + "')";
  public static final String WHOLE_CPU_MESSAGE =
      "cpu must be a whole number of CPUs (e.g. 2 or 2000m) while pinned is true: the static"
          + " CPU manager gives exclusive cores only to whole CPUs";

  private static final String CPU_VALUE =
      "(string(self.cpu).endsWith('m')"
          + " ? double(string(self.cpu).substring(0, size(string(self.cpu)) - 1)) / 1000.0"
          + " : double(string(self.cpu)))";

  // The schema's pattern checks only strings; this also covers cpu written as an integer (cpu: 0).
  public static final String CPU_RULE =
      "!has(self.cpu) || string(self.cpu).matches('"
          + CPU
          + "') && "
          + CPU_VALUE
          + " <= "
          + CPU_MAX
          + ".0";
  public static final String CPU_MESSAGE =
      "cpu must be a CPU quantity from 1m to " + CPU_MAX + ", e.g. 1, 1.5 or 500m";

  /**
   * spec.load.qos: the k6 runner's CPU limit equal to its request (Kubernetes' Guaranteed QoS
   * class, every tier's), or a request alone (Burstable: k6 may use whatever the node's shared pool
   * has free, as a local k6 does, and is never throttled). Memory keeps its limit either way.
   */
  public static final String GUARANTEED = "Guaranteed";

  public static final String BURSTABLE = "Burstable";

  public static final String QOS_CLASSES = "['" + GUARANTEED + "', '" + BURSTABLE + "']";
  public static final String QOS_CLASSES_MESSAGE =
      "must be " + GUARANTEED + " or " + BURSTABLE + " (Kubernetes QoS classes)";

  // pinned may be left out: its default is true.
  public static final String QOS_RULE =
      "!has(self.qos) || self.qos != '" + BURSTABLE + "' || (has(self.pinned) && !self.pinned)";
  public static final String QOS_MESSAGE =
      "qos "
          + BURSTABLE
          + " needs pinned false: a pinned load needs whole cores of its own, which the static CPU"
          + " manager gives only to Guaranteed pods; set pinned false, or qos "
          + GUARANTEED
          + " (qos must be "
          + GUARANTEED
          + " or "
          + BURSTABLE
          + ")";

  /** The least memory a JVM tier (the SUT, the stub) starts and serves with. */
  public static final String JVM_MEMORY_MIN = "256Mi";

  /** The least memory PostgreSQL runs the benchmark's queries with (shared_buffers is 128MB). */
  public static final String DATABASE_MEMORY_MIN = "256Mi";

  /** The least memory for the k6 runner: its own start-up plus a few hundred VUs. */
  public static final String LOAD_MEMORY_MIN = "128Mi";

  /** The most memory for any tier: more than nodes have, and within the JVM flags' long range. */
  public static final String MEMORY_MAX = "1Ti";

  /** PostgreSQL's volume: the seed and WAL need at least a gigabyte. */
  public static final String STORAGE_MIN = "1Gi";

  public static final String STORAGE_MAX = "64Ti";

  // The bytes a valid MEMORY stands for, as a CEL double (no overflow for 16 characters), computed
  // once in a one-element list the range rules then read as b. The suffixes and factors are
  // Quantities.MEMORY_UNITS (SpecRulesTest keeps them equal).
  static final String MEMORY_BYTES =
      "double(int(self.find('^[0-9]+')))"
          + " * (self.endsWith('Ki') ? 1024.0 : self.endsWith('Mi') ? 1048576.0"
          + " : self.endsWith('Gi') ? 1073741824.0 : self.endsWith('Ti') ? 1099511627776.0"
          + " : self.endsWith('k') ? 1000.0 : self.endsWith('M') ? 1000000.0"
          + " : self.endsWith('G') ? 1000000000.0 : self.endsWith('T') ? 1000000000000.0 : 1.0)";

  private static final String MEMORY_FORM = "!self.matches('" + MEMORY + "') || ";

  // Bytes as CEL double literals: 256Mi, 128Mi, 1Gi, 1Ti, 64Ti.
  private static final String B_128MI = "134217728.0";
  private static final String B_256MI = "268435456.0";
  private static final String B_1GI = "1073741824.0";
  private static final String B_1TI = "1099511627776.0";
  private static final String B_64TI = "70368744177664.0";

  public static final String JVM_MEMORY_RULE =
      MEMORY_FORM + "[" + MEMORY_BYTES + "].all(b, b >= " + B_256MI + " && b <= " + B_1TI + ")";
  public static final String JVM_MEMORY_MESSAGE =
      "must be from " + JVM_MEMORY_MIN + " to " + MEMORY_MAX + ": a JVM needs at least that";
  public static final String DATABASE_MEMORY_RULE = JVM_MEMORY_RULE;
  public static final String DATABASE_MEMORY_MESSAGE =
      "must be from "
          + DATABASE_MEMORY_MIN
          + " to "
          + MEMORY_MAX
          + ": PostgreSQL needs at least that";
  public static final String LOAD_MEMORY_RULE =
      MEMORY_FORM + "[" + MEMORY_BYTES + "].all(b, b >= " + B_128MI + " && b <= " + B_1TI + ")";
  public static final String LOAD_MEMORY_MESSAGE =
      "must be from " + LOAD_MEMORY_MIN + " to " + MEMORY_MAX + ": k6 needs at least that";
  public static final String STORAGE_RULE =
      MEMORY_FORM + "[" + MEMORY_BYTES + "].all(b, b >= " + B_1GI + " && b <= " + B_64TI + ")";
  public static final String STORAGE_MESSAGE =
      "must be from "
          + STORAGE_MIN
          + " to "
          + STORAGE_MAX
          + ": the seed and WAL need at least that";
}
