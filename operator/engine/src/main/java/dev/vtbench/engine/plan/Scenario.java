package dev.vtbench.engine.plan;

/**
 * One cell of the matrix in one repetition.
 *
 * @param index position in the run, from 0
 * @param id stable name, e.g. {@code r1-platform-pool50-c500}: the same spec always yields the same
 *     ids, so a resumed run knows which rows it already has
 * @param rep repetition, from 1
 * @param concurrency VUs (closed model) or requests per second (open model)
 */
public record Scenario(int index, String id, int rep, int concurrency, SutConfig sut) {

  public String threadMode() {
    return sut.threadMode();
  }

  public int hikariPool() {
    return sut.hikariPool();
  }
}
