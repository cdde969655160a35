package dev.vtbench.sut.reactive.db;

import dev.vtbench.sut.SutSettings;
import dev.vtbench.sut.errors.ApiException;
import dev.vtbench.sut.errors.ErrorBody;
import dev.vtbench.sut.errors.Params;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * The pool size of the running SUT, as the servlet SUT's /api/pool: vtbench sets it between the
 * scenarios of a pool sweep ({@link R2dbcPool#resize}).
 */
@RestController
class PoolController {

  private final R2dbcPool pool;

  PoolController(R2dbcPool pool) {
    this.pool = pool;
  }

  @GetMapping("/api/pool")
  Map<String, Object> pool() {
    return pool.state();
  }

  @PostMapping("/api/pool")
  Mono<Map<String, Object>> resize(@RequestParam(name = "size", required = false) String size) {
    int n = Params.integer("size", size, 1, SutSettings.POOL_MAX);
    return pool.resize(n)
        .onErrorMap(
            e -> !(e instanceof ApiException),
            e ->
                new ApiException(
                    HttpStatus.SERVICE_UNAVAILABLE,
                    "the pool cannot start: " + ErrorBody.rootMessage(e),
                    e));
  }
}
