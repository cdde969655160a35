package dev.vtbench.operator;

import com.sun.net.httpserver.HttpServer;
import dev.vtbench.operator.reconciler.BenchmarkRunReconciler;
import dev.vtbench.operator.reconciler.PassTimes;
import dev.vtbench.operator.reconciler.observation.ManagedFieldsDropped;
import dev.vtbench.operator.results.ResultsStore;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.javaoperatorsdk.operator.Operator;
import io.javaoperatorsdk.operator.api.config.LeaderElectionConfiguration;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Starts the operator: the BenchmarkRun controller, leader election and the health endpoints. */
public final class OperatorMain {

  /** Not a static field: --help must not start the logging system (or anything else). */
  private static Logger log() {
    return LoggerFactory.getLogger(OperatorMain.class);
  }

  static final String USAGE =
      """
      vtbench operator: reconciles BenchmarkRun resources (vtbench.dev/v1alpha1).

      Configuration (environment):
        WATCH_NAMESPACES   comma-separated namespaces to watch; empty: all namespaces
        LEADER_ELECTION    true: only the Lease holder reconciles (default true in a pod)
        POD_NAMESPACE      namespace of the leader-election Lease (set by the Helm chart)
        LEADER_ELECTION_EXIT_ON_LOSS
                           false: keep running when the Lease is lost or the operator stops
                           (default true: exit, so the pod restarts and waits for the Lease)
        HTTP_PORT          port of /healthz, /readyz and /metrics (default 8080)
        RECONCILE_THREADS  runs reconciled at once, 1 to 100 (default two per CPU the JVM sees)
      The Kubernetes connection comes from the pod's service account, or ~/.kube/config.
      """;

  private OperatorMain() {}

  public static void main(String[] args) throws IOException {
    if (Arrays.asList(args).contains("--help") || Arrays.asList(args).contains("-h")) {
      System.out.print(USAGE);
      System.out.flush();
      System.exit(0);
    }
    try {
      ReconcileThreads.of(System.getenv(), Runtime.getRuntime().availableProcessors());
    } catch (IllegalArgumentException e) {
      System.err.println("vtbench operator: " + e.getMessage());
      System.exit(2);
    }
    KubernetesClient client = new KubernetesClientBuilder().build();
    OperatorMetrics metrics = new OperatorMetrics();
    Operator operator = start(client, System.getenv(), metrics);
    int port = Integer.parseInt(System.getenv().getOrDefault("HTTP_PORT", "8080"));
    http(
        port,
        () -> operator.getRuntimeInfo().isStarted(),
        () -> operator.getRuntimeInfo().allEventSourcesAreHealthy(),
        metrics);
    log().info("vtbench operator started; /healthz, /readyz and /metrics on :{}", port);
  }

  /** Registers the controller with {@code env}'s settings and starts it, without metrics. */
  public static Operator start(KubernetesClient client, java.util.Map<String, String> env) {
    return start(client, env, null);
  }

  /**
   * Registers the controller with {@code env}'s settings and starts it; java-operator-sdk and the
   * run gauges report to {@code metrics} unless it is null.
   */
  public static Operator start(
      KubernetesClient client, java.util.Map<String, String> env, OperatorMetrics metrics) {
    boolean leaderElection =
        Boolean.parseBoolean(env.getOrDefault("LEADER_ELECTION", "false"))
            && env.get("POD_NAMESPACE") != null;
    int threads = ReconcileThreads.of(env, Runtime.getRuntime().availableProcessors());
    Operator operator =
        new Operator(
            o -> {
              // Not server-side apply for the BenchmarkRun itself: the operator's copy carries the
              // spec's Java defaults, and applying it would change the (immutable) spec. The
              // finalizer goes in with a JSON patch, the status through the status subresource.
              o.withKubernetesClient(client)
                  .withStopOnInformerErrorDuringStartup(true)
                  .withUseSSAToPatchPrimaryResource(false)
                  .withConcurrentReconciliationThreads(threads);
              if (metrics != null) {
                o.withMetrics(metrics.josdk());
              }
              if (leaderElection) {
                // Losing the Lease ends the process (the pod restarts and waits for it again);
                // an in-process operator in a test keeps its JVM.
                boolean exitOnLoss =
                    !"false".equals(env.getOrDefault("LEADER_ELECTION_EXIT_ON_LOSS", "true"));
                o.withLeaderElectionConfiguration(
                    new LeaderElectionConfiguration(
                        "vtbench-operator",
                        env.get("POD_NAMESPACE"),
                        LeaderElectionConfiguration.LEASE_DURATION_DEFAULT_VALUE,
                        LeaderElectionConfiguration.RENEW_DEADLINE_DEFAULT_VALUE,
                        LeaderElectionConfiguration.RETRY_PERIOD_DEFAULT_VALUE,
                        null,
                        null,
                        exitOnLoss));
              }
            });
    var capabilities = dev.vtbench.operator.reconciler.observation.Capabilities.discover(client);
    log()
        .info(
            "CloudNativePG {}, k6-operator {}; {} reconciles at once",
            capabilities.cnpg() ? "found" : "NOT installed (runs will fail until it is)",
            capabilities.k6Operator() ? "found" : "not installed (loads run as plain Jobs)",
            threads);
    Set<String> namespaces =
        Arrays.stream(env.getOrDefault("WATCH_NAMESPACES", "").split(","))
            .map(String::strip)
            .filter(s -> !s.isEmpty())
            .collect(Collectors.toSet());
    var controller =
        operator.register(
            new BenchmarkRunReconciler(
                client,
                capabilities,
                new ResultsStore(client),
                Clock.systemUTC(),
                metrics == null ? PassTimes.NONE : metrics.passTimes()),
            o -> {
              if (!namespaces.isEmpty()) {
                o.settingNamespaces(namespaces);
              }
              o.withItemStore(new ManagedFieldsDropped<>());
            });
    if (metrics != null) {
      metrics.watch(controller);
    }
    operator.start();
    return operator;
  }

  /**
   * The operator's HTTP server: /healthz, /readyz and, when {@code metrics} is not null, /metrics
   * in the Prometheus text format. Port 0 picks a free port; the server is returned running.
   */
  static HttpServer http(
      int port, BooleanSupplier live, BooleanSupplier ready, OperatorMetrics metrics)
      throws IOException {
    HttpServer server = HttpServer.create(new InetSocketAddress(port), 0);
    server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
    server.createContext("/healthz", e -> answer(e, live.getAsBoolean()));
    server.createContext("/readyz", e -> answer(e, ready.getAsBoolean()));
    if (metrics != null) {
      server.createContext(
          "/metrics",
          e -> {
            byte[] body = metrics.scrape().getBytes(StandardCharsets.UTF_8);
            e.getResponseHeaders().set("Content-Type", "text/plain; version=0.0.4; charset=utf-8");
            e.sendResponseHeaders(200, body.length);
            try (OutputStream out = e.getResponseBody()) {
              out.write(body);
            }
          });
    }
    server.start();
    return server;
  }

  private static void answer(com.sun.net.httpserver.HttpExchange e, boolean ok) throws IOException {
    byte[] body = (ok ? "ok\n" : "not ready\n").getBytes(StandardCharsets.UTF_8);
    e.sendResponseHeaders(ok ? 200 : 503, body.length);
    try (OutputStream out = e.getResponseBody()) {
      out.write(body);
    }
  }
}
