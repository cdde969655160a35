package dev.vtbench.sut.db;

import dev.vtbench.sut.SutSettings;
import dev.vtbench.sut.errors.ApiException;
import dev.vtbench.sut.errors.Params;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The pool size of the running SUT: vtbench sets it between scenarios of a pool sweep ({@link
 * PoolResizer}). Reachable only by the run's load generator on a cluster (the run's NetworkPolicy)
 * and on loopback locally, like /api/runtime-info/reset.
 */
@RestController
class PoolController {

  private final PoolResizer resizer;

  PoolController(PoolResizer resizer) {
    this.resizer = resizer;
  }

  @GetMapping("/api/pool")
  Map<String, Object> pool() {
    return resizer.state();
  }

  @PostMapping("/api/pool")
  Map<String, Object> resize(@RequestParam(name = "size", required = false) String size)
      throws InterruptedException {
    int n = Params.integer("size", size, 1, SutSettings.POOL_MAX);
    try {
      return resizer.resize(n);
    } catch (IllegalStateException e) {
      throw new ApiException(HttpStatus.SERVICE_UNAVAILABLE, e.getMessage(), e);
    }
  }
}
