package dev.vtbench.engine.results.row;

import java.lang.reflect.Array;
import java.time.Instant;

/**
 * Builds a {@link ResultRow} field by field; dozens of positional arguments are too easy to get
 * wrong. The values live in one array in column order ({@link Columns}), so the only per-column
 * code here is the typed setter, which names its record component (ResultRowBuilderTest checks that
 * every component has one and that it sets that component).
 */
public final class ResultRowBuilder {

  private final Object[] values;

  ResultRowBuilder(Object[] values) {
    this.values = values;
  }

  /** The defaults {@link ResultRow#builder()} promises; primitives start at zero. */
  static ResultRowBuilder withDefaults() {
    Object[] zero = new Object[Columns.ALL.size()];
    for (Columns.Entry e : Columns.ALL) {
      Class<?> type = e.component().getType();
      // a primitive component cannot take null: start it at its zero, as a field would
      zero[e.index()] = type.isPrimitive() ? Array.get(Array.newInstance(type, 1), 0) : null;
    }
    return new ResultRowBuilder(zero)
        .pathMode(ResultRow.NORMAL)
        .connMode(ResultRow.RELEASED)
        .rep(1)
        .throughputRps(Double.NaN);
  }

  private ResultRowBuilder set(String component, Object value) {
    values[Columns.of(component).index()] = value;
    return this;
  }

  public ResultRow build() {
    return Columns.construct(values.clone());
  }

  public ResultRowBuilder ts(Instant v) {
    return set("ts", v);
  }

  public ResultRowBuilder threadMode(String v) {
    return set("threadMode", v);
  }

  public ResultRowBuilder hikariPool(int v) {
    return set("hikariPool", v);
  }

  public ResultRowBuilder pathMode(String v) {
    return set("pathMode", v);
  }

  public ResultRowBuilder connMode(String v) {
    return set("connMode", v);
  }

  public ResultRowBuilder concurrency(int v) {
    return set("concurrency", v);
  }

  public ResultRowBuilder rep(int v) {
    return set("rep", v);
  }

  public ResultRowBuilder throughputRps(double v) {
    return set("throughputRps", v);
  }

  public ResultRowBuilder p50Ms(Double v) {
    return set("p50Ms", v);
  }

  public ResultRowBuilder p95Ms(Double v) {
    return set("p95Ms", v);
  }

  public ResultRowBuilder p99Ms(Double v) {
    return set("p99Ms", v);
  }

  public ResultRowBuilder p999Ms(Double v) {
    return set("p999Ms", v);
  }

  public ResultRowBuilder maxMs(Double v) {
    return set("maxMs", v);
  }

  public ResultRowBuilder errorRate(Double v) {
    return set("errorRate", v);
  }

  public ResultRowBuilder httpReqs(Long v) {
    return set("httpReqs", v);
  }

  public ResultRowBuilder appCpuPct(Double v) {
    return set("appCpuPct", v);
  }

  public ResultRowBuilder pgCpuPct(Double v) {
    return set("pgCpuPct", v);
  }

  public ResultRowBuilder loadCpuPct(Double v) {
    return set("loadCpuPct", v);
  }

  public ResultRowBuilder hikariActiveMax(Integer v) {
    return set("hikariActiveMax", v);
  }

  public ResultRowBuilder hikariPendingMax(Integer v) {
    return set("hikariPendingMax", v);
  }

  public ResultRowBuilder jvmThreadsMax(Integer v) {
    return set("jvmThreadsMax", v);
  }

  public ResultRowBuilder rssMbMax(Double v) {
    return set("rssMbMax", v);
  }

  public ResultRowBuilder pinnedEvents(Long v) {
    return set("pinnedEvents", v);
  }

  public ResultRowBuilder scenarioId(String v) {
    return set("scenarioId", v);
  }

  public ResultRowBuilder workload(String v) {
    return set("workload", v);
  }

  public ResultRowBuilder executor(String v) {
    return set("executor", v);
  }

  public ResultRowBuilder tomcatThreads(Integer v) {
    return set("tomcatThreads", v);
  }

  public ResultRowBuilder stubDelayMs(Double v) {
    return set("stubDelayMs", v);
  }

  public ResultRowBuilder sutCpuset(String v) {
    return set("sutCpuset", v);
  }

  public ResultRowBuilder littlesLawBoundRps(Double v) {
    return set("littlesLawBoundRps", v);
  }

  public ResultRowBuilder littlesLawRatio(Double v) {
    return set("littlesLawRatio", v);
  }

  public ResultRowBuilder generatorSaturated(Boolean v) {
    return set("generatorSaturated", v);
  }

  public ResultRowBuilder bottleneck(Bottleneck v) {
    return set("bottleneck", v);
  }

  public ResultRowBuilder meanMs(Double v) {
    return set("meanMs", v);
  }

  public ResultRowBuilder stubCpuPct(Double v) {
    return set("stubCpuPct", v);
  }

  public ResultRowBuilder vtbenchCpuPct(Double v) {
    return set("vtbenchCpuPct", v);
  }

  public ResultRowBuilder loadCoreBusyPct(Double v) {
    return set("loadCoreBusyPct", v);
  }

  public ResultRowBuilder stealPct(Double v) {
    return set("stealPct", v);
  }

  public ResultRowBuilder cpuBusyPct(String v) {
    return set("cpuBusyPct", v);
  }

  public ResultRowBuilder node(String v) {
    return set("node", v);
  }

  public ResultRowBuilder tierNodes(String v) {
    return set("tierNodes", v);
  }

  public ResultRowBuilder cpuModel(String v) {
    return set("cpuModel", v);
  }

  public ResultRowBuilder kernel(String v) {
    return set("kernel", v);
  }

  public ResultRowBuilder jdkVersion(String v) {
    return set("jdkVersion", v);
  }

  public ResultRowBuilder sutArtifact(String v) {
    return set("sutArtifact", v);
  }

  public ResultRowBuilder warmupS(Double v) {
    return set("warmupS", v);
  }

  public ResultRowBuilder steadyState(Boolean v) {
    return set("steadyState", v);
  }

  public ResultRowBuilder holdCv(Double v) {
    return set("holdCv", v);
  }

  public ResultRowBuilder serviceFloorMs(Double v) {
    return set("serviceFloorMs", v);
  }

  public ResultRowBuilder targetRps(Double v) {
    return set("targetRps", v);
  }

  public ResultRowBuilder droppedIterations(Long v) {
    return set("droppedIterations", v);
  }

  public ResultRowBuilder overloaded(Boolean v) {
    return set("overloaded", v);
  }

  public ResultRowBuilder heapMbMax(Double v) {
    return set("heapMbMax", v);
  }

  public ResultRowBuilder handlerThread(String v) {
    return set("handlerThread", v);
  }

  public ResultRowBuilder notes(String v) {
    return set("notes", v);
  }

  public ResultRowBuilder jvmOptions(String v) {
    return set("jvmOptions", v);
  }

  public ResultRowBuilder buildName(String v) {
    return set("buildName", v);
  }

  public ResultRowBuilder loadRunners(Integer v) {
    return set("loadRunners", v);
  }

  public ResultRowBuilder sutThrottledPct(Double v) {
    return set("sutThrottledPct", v);
  }

  public ResultRowBuilder stubThrottledPct(Double v) {
    return set("stubThrottledPct", v);
  }

  public ResultRowBuilder loadThrottledPct(Double v) {
    return set("loadThrottledPct", v);
  }

  public ResultRowBuilder pgThrottledPct(Double v) {
    return set("pgThrottledPct", v);
  }

  public ResultRowBuilder jvmProcessors(Integer v) {
    return set("jvmProcessors", v);
  }

  public ResultRowBuilder vtParallelism(Integer v) {
    return set("vtParallelism", v);
  }

  public ResultRowBuilder tomcatBusyMax(Integer v) {
    return set("tomcatBusyMax", v);
  }

  public ResultRowBuilder tomcatMaxThreads(Integer v) {
    return set("tomcatMaxThreads", v);
  }

  public ResultRowBuilder requestsActiveMax(Integer v) {
    return set("requestsActiveMax", v);
  }

  public ResultRowBuilder cpuWorkUs(Long v) {
    return set("cpuWorkUs", v);
  }

  public ResultRowBuilder cpuWorkIterationNs(Double v) {
    return set("cpuWorkIterationNs", v);
  }

  public ResultRowBuilder holdWindows(String v) {
    return set("holdWindows", v);
  }

  public ResultRowBuilder warmupSteady(Boolean v) {
    return set("warmupSteady", v);
  }

  public ResultRowBuilder warmupTpNoise(Double v) {
    return set("warmupTpNoise", v);
  }

  public ResultRowBuilder warmupCpuNoise(Double v) {
    return set("warmupCpuNoise", v);
  }
}
