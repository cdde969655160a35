package dev.vtbench.engine.plan;

/**
 * One cell of the matrix in one repetition.
 *
 * @param index position in the run, from 0
 * @param id stable name, e.g. {@code r1-platform-pool50-c500}: the same spec always yields the same
 *     ids, so a resumed run knows which rows it already has
 * @param rep repetition, from 1
 * @param concurrency VUs (closed model) or requests per second (open model)
 * @param cpuUs microseconds of CPU each request computes besides its own work ({@code
 *     spec.matrix.cpuPerRequest}, the SUT's {@code ?cpuUs=}); 0 without the axis
 */
public record Scenario(int index, String id, int rep, int concurrency, long cpuUs, SutConfig sut) {

  /** The scenario with another id: a warm-up of it, as the runner names its loads. */
  public Scenario withId(String id) {
    return new Scenario(index, id, rep, concurrency, cpuUs, sut);
  }

  public String threadMode() {
    return sut.threadMode();
  }

  public int hikariPool() {
    return sut.hikariPool();
  }
}
