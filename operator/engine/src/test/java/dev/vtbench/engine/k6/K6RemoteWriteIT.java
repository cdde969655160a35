package dev.vtbench.engine.k6;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.vtbench.engine.k6.K6Plan.Executor;
import dev.vtbench.engine.model.spec.PrometheusRemoteWriteSpec;
import java.io.ByteArrayOutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real k6 binary with the remote-write output switched on the way the spec switches it on,
 * writing to a receiver on loopback that decodes what arrives (snappy-compressed protobuf
 * WriteRequests): every series carries the run and scenario tags, and http_req_duration arrives as
 * a native histogram.
 */
class K6RemoteWriteIT {

  @TempDir Path dir;

  @BeforeAll
  static void findK6() {
    K6ScriptIT.findK6();
  }

  /** One decoded time series: its labels and whether it carries native histogram samples. */
  record Series(Map<String, String> labels, boolean histogram) {}

  @Test
  void k6WritesTaggedNativeHistogramsToTheEndpoint() throws Exception {
    List<Series> received = new CopyOnWriteArrayList<>();
    List<String> headers = new CopyOnWriteArrayList<>();
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
    server.createContext(
        "/item",
        exchange -> {
          byte[] body = "{}".getBytes(StandardCharsets.UTF_8);
          exchange.sendResponseHeaders(200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    server.createContext(
        "/api/v1/write",
        exchange -> {
          headers.add(
              exchange.getRequestHeaders().getFirst("Content-Encoding")
                  + " "
                  + exchange.getRequestHeaders().getFirst("Content-Type"));
          received.addAll(writeRequest(snappy(exchange.getRequestBody().readAllBytes())));
          exchange.sendResponseHeaders(204, -1);
          exchange.close();
        });
    server.start();
    try {
      String base = "http://127.0.0.1:" + server.getAddress().getPort();
      K6Plan plan = K6ScriptIT.plan(base + "/item?id={id}", 1, Executor.RAMPING_VUS, 2, 200);
      Path script = Files.writeString(dir.resolve("load.js"), K6Script.render(plan));
      PrometheusRemoteWriteSpec rw = new PrometheusRemoteWriteSpec();
      rw.url = base + "/api/v1/write";

      List<String> command = new ArrayList<>();
      command.add(K6ScriptIT.k6.toString());
      List<String> args =
          new ArrayList<>(K6Script.commandLine(script, dir.resolve("summary.json")));
      // After "run" and before the script, as the operator's Job puts them.
      args.addAll(args.size() - 1, K6RemoteWrite.args(rw, "team", "hero", "s-3"));
      command.addAll(args);
      ProcessBuilder pb =
          new ProcessBuilder(command)
              .directory(dir.toFile())
              .redirectErrorStream(true)
              .redirectOutput(dir.resolve("k6.log").toFile());
      pb.environment().put("K6_NO_USAGE_REPORT", "true");
      pb.environment().putAll(K6RemoteWrite.env(rw));
      // Flush often, so a short run still sends several requests.
      pb.environment().put("K6_PROMETHEUS_RW_PUSH_INTERVAL", "1s");
      Process p = pb.start();
      Duration limit = K6Script.totalDuration(plan).plusSeconds(60);
      assertThat(p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
      String log = Files.readString(dir.resolve("k6.log"));
      assertThat(p.exitValue()).as("k6 run%n%s", log).isZero();

      assertThat(headers).isNotEmpty().allMatch(h -> h.equals("snappy application/x-protobuf"));
      assertThat(received).isNotEmpty();
      assertThat(received)
          .allSatisfy(
              s ->
                  assertThat(s.labels())
                      .containsEntry("run", "hero")
                      .containsEntry("testid", "s-3")
                      .containsEntry("namespace", "team"));
      assertThat(received)
          .anySatisfy(
              s -> {
                assertThat(s.labels())
                    .containsEntry("__name__", "k6_http_req_duration_seconds")
                    .containsEntry("phase", "hold");
                assertThat(s.histogram()).isTrue();
              });
      assertThat(received)
          .anySatisfy(s -> assertThat(s.labels()).containsEntry("__name__", "k6_http_reqs_total"));
    } finally {
      server.stop(0);
    }
  }

  // --- just enough snappy and protobuf to read a remote-write request --------------------------

  /** Decodes a snappy block (not framed): a varint length, then literals and back-references. */
  static byte[] snappy(byte[] in) {
    int[] pos = {0};
    int length = (int) varint(in, pos);
    ByteArrayOutputStream out = new ByteArrayOutputStream(length);
    byte[] buf = new byte[length];
    int n = 0;
    while (pos[0] < in.length) {
      int tag = in[pos[0]++] & 0xff;
      int type = tag & 3;
      if (type == 0) {
        int len = tag >>> 2;
        if (len >= 60) {
          int bytes = len - 59;
          len = 0;
          for (int i = 0; i < bytes; i++) {
            len |= (in[pos[0]++] & 0xff) << (8 * i);
          }
        }
        len += 1;
        System.arraycopy(in, pos[0], buf, n, len);
        pos[0] += len;
        n += len;
      } else {
        int len;
        int offset;
        if (type == 1) {
          len = ((tag >>> 2) & 7) + 4;
          offset = ((tag >>> 5) << 8) | (in[pos[0]++] & 0xff);
        } else {
          len = (tag >>> 2) + 1;
          int bytes = type == 2 ? 2 : 4;
          offset = 0;
          for (int i = 0; i < bytes; i++) {
            offset |= (in[pos[0]++] & 0xff) << (8 * i);
          }
        }
        for (int i = 0; i < len; i++, n++) {
          buf[n] = buf[n - offset];
        }
      }
    }
    assertThat(n).as("snappy length").isEqualTo(length);
    out.write(buf, 0, n);
    return out.toByteArray();
  }

  static long varint(byte[] in, int[] pos) {
    long v = 0;
    for (int shift = 0; ; shift += 7) {
      int b = in[pos[0]++] & 0xff;
      v |= (long) (b & 0x7f) << shift;
      if (b < 0x80) {
        return v;
      }
    }
  }

  /** The fields of one protobuf message: field number to its length-delimited values. */
  static Map<Integer, List<byte[]>> fields(byte[] msg) {
    Map<Integer, List<byte[]>> fields = new HashMap<>();
    int[] pos = {0};
    while (pos[0] < msg.length) {
      long key = varint(msg, pos);
      int field = (int) (key >>> 3);
      switch ((int) (key & 7)) {
        case 0 -> varint(msg, pos);
        case 1 -> pos[0] += 8;
        case 5 -> pos[0] += 4;
        case 2 -> {
          int len = (int) varint(msg, pos);
          byte[] value = new byte[len];
          System.arraycopy(msg, pos[0], value, 0, len);
          pos[0] += len;
          fields.computeIfAbsent(field, f -> new ArrayList<>()).add(value);
        }
        default -> throw new IllegalArgumentException("wire type " + (key & 7));
      }
    }
    return fields;
  }

  /** prometheus.WriteRequest: timeseries = 1; TimeSeries: labels = 1, histograms = 4. */
  static List<Series> writeRequest(byte[] request) {
    List<Series> series = new ArrayList<>();
    for (byte[] ts : fields(request).getOrDefault(1, List.of())) {
      Map<Integer, List<byte[]>> f = fields(ts);
      Map<String, String> labels = new HashMap<>();
      for (byte[] label : f.getOrDefault(1, List.of())) {
        Map<Integer, List<byte[]>> l = fields(label);
        labels.put(
            new String(l.get(1).getFirst(), StandardCharsets.UTF_8),
            new String(l.getOrDefault(2, List.of(new byte[0])).getFirst(), StandardCharsets.UTF_8));
      }
      series.add(new Series(labels, f.containsKey(4)));
    }
    return series;
  }
}
