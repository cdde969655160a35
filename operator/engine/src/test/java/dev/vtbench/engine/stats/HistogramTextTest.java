package dev.vtbench.engine.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The compact text of a histogram: written by hand where the answer is known, and refused. */
class HistogramTextTest {

  static final String S = HistogramText.SCHEME;

  /** Counts in the given buckets (bucket, count, bucket, count, …), plus below and above. */
  static LatencyHistogram buckets(long below, long above, long... bucketAndCount) {
    long[] slots = new long[LatencyHistogram.SLOTS];
    slots[0] = below;
    slots[LatencyHistogram.SLOTS - 1] = above;
    for (int i = 0; i < bucketAndCount.length; i += 2) {
      slots[(int) bucketAndCount[i] + 1] = bucketAndCount[i + 1];
    }
    return LatencyHistogram.ofSlots(slots);
  }

  @Test
  void theSchemeNamesTheBuckets() {
    assertThat(S).isEqualTo("log:0.01ms:2%:" + LatencyHistogram.BUCKETS);
    assertThat(LatencyHistogram.BUCKETS).isEqualTo(493);
  }

  @Test
  void writtenByHand() {
    assertThat(HistogramText.encode(new LatencyHistogram())).isEqualTo(S + ";0;0;");
    // buckets 0 and 1 side by side; 4 after a gap of two (bridged by dots); 10 after a gap of
    // five (a new run, at bucket "a"); 36 ("10") with 1,000,000 requests ("lfls")
    LatencyHistogram h = buckets(3, 0, 0, 1, 1, 35, 4, 2, 10, 1, 36, 1_000_000);
    assertThat(HistogramText.encode(h)).isEqualTo(S + ";3;0;0:1.z...2,a:1,10:lfls");
    assertThat(HistogramText.parse(S + ";3;0;0:1.z...2,a:1,10:lfls")).isEqualTo(h);
    // a gap of three is a new run: ",4:" is no longer than the "...." bridging it would take
    assertThat(HistogramText.encode(buckets(0, 7, 0, 1, 4, 1))).isEqualTo(S + ";0;7;0:1,4:1");
    assertThat(HistogramText.encode(buckets(0, 0, LatencyHistogram.BUCKETS - 1, 2)))
        .isEqualTo(S + ";0;0;do:2");
  }

  @Test
  void otherSplitsOfTheSameRunsReadTheSame() {
    LatencyHistogram h = buckets(0, 0, 0, 1, 1, 35, 4, 2, 10, 1);
    for (String text :
        new String[] {
          S + ";0;0;0:1,1:z,4:2,a:1",
          S + ";0;0;0:1.z.0.0.2......1",
          S + ";0;0;0:1.z,2:..2,a:1.0",
          S + ";0;0;0:01.z...2,a:1"
        }) {
      assertThat(HistogramText.parse(text)).as(text).isEqualTo(h);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("dev.vtbench.engine.stats.LatencyHistogramTest#distributions")
  void everyDistributionRoundTrips(String name, double[] ms) {
    LatencyHistogram h = LatencyHistogram.of(ms);
    String text = HistogramText.encode(h);
    assertThat(HistogramText.parse(text)).isEqualTo(h);
    assertThat(HistogramText.encode(HistogramText.parse(text))).isEqualTo(text);
    assertThat(h.toString()).isEqualTo(text);
  }

  /**
   * Wide latencies at realistic counts stay near a kilobyte: a million requests log-normal around
   * 50 ms (sigma 1.2: 99.9 % within 1 ms to 2.5 s), or spread evenly over 1 ms to 30 s. {@code
   * ClusterSummarySizeTest} puts them into the largest cluster summaries.
   */
  @Test
  void wideDistributionsAtAMillionRequestsTakeAboutAKilobyte() {
    assertThat(HistogramText.encode(WideLatencies.logNormal()).length()).isBetween(600, 1000);
    assertThat(HistogramText.encode(WideLatencies.logUniform()).length()).isBetween(600, 1100);
  }

  @Test
  void malformedTextIsRefusedSayingWhy() {
    refused(null, "latency histogram: empty");
    refused("", "latency histogram: empty");
    refused(S + ";0;0", "expected <scheme>;<below>;<above>;<runs>, 4 fields, not 3");
    refused(S + ";0;0;;", "4 fields, not 5");
    refused(
        "log:0.1ms:5%:163;0;0;",
        "its buckets 'log:0.1ms:5%:163' are not this vtbench's '"
            + S
            + "' (a histogram from another vtbench version?)");
    refused(S + ";-1;0;", "below-range count '-1' is not a base-36 number (0-9, a-z)");
    refused(S + ";0;A;", "above-range count 'A' is not a base-36 number");
    refused(S + ";;0;", "below-range count '' is not a base-36 number");
    refused(S + ";0;0;3", "run '3' has no ':' between its first bucket and counts");
    refused(S + ";0;0;3:1.x!", "count in run '3:1.x!' 'x!' is not a base-36 number");
    refused(S + ";0;0;:1", "first bucket of run ':1' '' is not a base-36 number");
    refused(S + ";0;0;3:1 ", "count in run '3:1 ' '1 ' is not a base-36 number");
    refused(
        S + ";0;0;5:1,3:1",
        "run '3:1' starts at bucket 3, but runs must ascend without overlapping (the next free"
            + " bucket is 6)");
    refused(S + ";0;0;3:1.1,4:1", "run '4:1' starts at bucket 4, but runs must ascend");
    refused(S + ";0;0;dp:1", "run 'dp:1' starts at bucket 493, past the last bucket 492");
    refused(S + ";0;0;dn:1.1.1", "run 'dn:1.1.1' reaches past the last bucket 492");
    refused(S + ";0;0;zzzzzzzzzzzzz:1", "'zzzzzzzzzzzzz' is not a base-36 number");
    refused(S + ";zzzzzzzzzzzz;zzzzzzzzzzzz;", "latency histogram counts overflow a long");
    // the text is echoed, cut at 80 characters
    assertThatThrownBy(() -> HistogramText.parse(S + ";0;0;" + "1:".repeat(100)))
        .hasMessageStartingWith("latency histogram '" + S + ";0;0;1:1:")
        .hasMessageContaining("...': ");
  }

  static void refused(String text, String why) {
    assertThatThrownBy(() -> HistogramText.parse(text))
        .as(text)
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(why);
  }
}
