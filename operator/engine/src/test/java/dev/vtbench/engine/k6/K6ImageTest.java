package dev.vtbench.engine.k6;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class K6ImageTest {

  @Test
  void vtbenchsK6WithAnyTagDigestOrRegistryReportsItself() {
    assertThat(K6Image.reportsItself("vtbench/k6:1.8.1")).isTrue();
    assertThat(K6Image.reportsItself("vtbench/k6")).isTrue();
    assertThat(K6Image.reportsItself("registry.local:5000/vtbench/k6:1.8.1")).isTrue();
    assertThat(K6Image.reportsItself("ghcr.io/acme/vtbench/k6@sha256:0123abcd")).isTrue();
  }

  @Test
  void everyOtherK6DoesNot() {
    assertThat(K6Image.reportsItself("grafana/k6:1.8.1")).isFalse();
    assertThat(K6Image.reportsItself("acme/vtbench-k6:1")).isFalse();
    assertThat(K6Image.reportsItself("vtbench/k6-fork:1")).isFalse();
    assertThat(K6Image.reportsItself("localhost:5000/k6")).isFalse();
    assertThat(K6Image.reportsItself(null)).isFalse();
  }
}
