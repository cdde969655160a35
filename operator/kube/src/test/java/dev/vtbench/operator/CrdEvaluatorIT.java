package dev.vtbench.operator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.crd.CrdValidator;
import dev.vtbench.engine.model.BenchmarkRun;
import dev.vtbench.engine.model.SpecLoader;
import dev.vtbench.operator.SpecCase.Scope;
import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.reconciler.BenchmarkRunValidation;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The CRD evaluator ({@link CrdValidator}: the CRD's schema and CEL rules, run in Java) against the
 * real API server (kube-apiserver + etcd, the CRD from {@code crds/}) on one table of specs: for
 * every case both accept, or both refuse naming the case's field. The same table then goes to the
 * two judges built on the evaluator, the operator's {@link BenchmarkRunValidation} and a local
 * run's {@link SpecLoader}, which see the spec with its defaults filled in and each platform's
 * inputs ({@link Scope} says where their answer differs from the API server's, and why).
 */
class CrdEvaluatorIT {

  static String ns;

  @BeforeAll
  static void namespace() {
    ns = KubeApi.namespace("crd-evaluator");
  }

  static Stream<SpecCase> table() {
    return Stream.of(
            SpecCases.firstTable(), BoundsCases.cases(), HostileCases.cases(), ServiceCases.cases())
        .flatMap(s -> s);
  }

  static String yaml(SpecCase c) {
    return AdmissionIT.yaml(c.name(), c.spec());
  }

  /** What one judge said: no problems means accepted. */
  record Answer(String judge, List<String> problems) {
    boolean accepted() {
      return problems.isEmpty();
    }

    boolean names(String field) {
      return problems.stream().anyMatch(p -> p.contains(field));
    }

    @Override
    public String toString() {
      return judge + ": " + (accepted() ? "accepted" : "refused " + problems);
    }
  }

  /** The API server's answer, the object as sent, and the run as the operator would read it. */
  record Admission(Answer answer, Map<String, Object> written, BenchmarkRunResource stored) {}

  /** Sent as written, the way kubectl sends it: no Java default filled in. */
  @SuppressWarnings("unchecked")
  static Admission apiServer(SpecCase c) {
    KubernetesClient k8s = KubeApi.client();
    KubernetesSerialization json = k8s.getKubernetesSerialization();
    GenericKubernetesResource written = json.unmarshal(yaml(c), GenericKubernetesResource.class);
    Map<String, Object> asMap = json.convertValue(written, Map.class);
    try {
      GenericKubernetesResource stored =
          k8s.genericKubernetesResources(BenchmarkRun.API_VERSION, BenchmarkRun.KIND)
              .inNamespace(ns)
              .resource(written)
              .dryRun()
              .create();
      return new Admission(
          new Answer("API server", List.of()),
          asMap,
          json.convertValue(stored, BenchmarkRunResource.class));
    } catch (KubernetesClientException e) {
      assertThat(e.getCode())
          .as("the API server's answer to %s: %s", c, e.getMessage())
          .isEqualTo(422);
      return new Admission(
          new Answer("API server", List.of(e.getMessage())),
          asMap,
          c.scope() == Scope.WRONG_TYPE
              ? null
              : json.convertValue(written, BenchmarkRunResource.class));
    }
  }

  /** {@code vtbench run}'s judgement: the strict reader, then the CRD with defaults and files. */
  static Answer local(SpecCase c) {
    List<String> problems = new ArrayList<>();
    try {
      SpecLoader.parse(c.name(), yaml(c));
    } catch (SpecLoader.InvalidSpecException e) {
      problems.addAll(e.problems());
    }
    return new Answer("local", problems);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("table")
  void theEvaluatorAnswersAsTheApiServerAndItsJudgesAsTheirScopeSays(SpecCase c) {
    Admission admission = apiServer(c);
    Answer api = admission.answer();
    Answer evaluator =
        new Answer("CRD evaluator", CrdValidator.benchmarkRun().validate(admission.written()));
    Answer operator =
        c.scope() == Scope.WRONG_TYPE
            ? api
            : new Answer("operator", BenchmarkRunValidation.problems(admission.stored()));
    Answer local = local(c);

    boolean apiAccepts =
        c.valid() || c.scope() == Scope.ENGINE_ONLY || c.scope() == Scope.CLUSTER_RENDERED;
    boolean localAccepts =
        switch (c.scope()) {
          case PER_PLATFORM -> !c.valid();
          case CLUSTER_RENDERED -> true;
          default -> c.valid();
        };
    String all = "\n" + yaml(c) + "\n" + api + "\n" + evaluator + "\n" + operator + "\n" + local;

    assertThat(api.accepted())
        .as("API server, expected %s%s", apiAccepts, all)
        .isEqualTo(apiAccepts);
    assertThat(evaluator.accepted())
        .as("the evaluator answers as the API server%s", all)
        .isEqualTo(api.accepted());
    assertThat(operator.accepted())
        .as("operator, expected %s%s", c.valid(), all)
        .isEqualTo(c.valid());
    assertThat(local.accepted())
        .as("local, expected %s%s", localAccepts, all)
        .isEqualTo(localAccepts);
    // Each refusal is for the rule the case is about, not for a typo elsewhere in the spec.
    for (Answer a : List.of(api, evaluator, operator, local)) {
      if (!a.accepted()) {
        assertThat(a.names(c.field())).as("%s names %s%s", a.judge(), c.field(), all).isTrue();
      }
    }
  }

  /** The table exercises both answers, at least 100 refusals, each naming its field. */
  @Test
  void theTableCoversAcceptedAndRefusedSpecs() {
    List<SpecCase> cases = table().toList();
    assertThat(cases).anyMatch(SpecCase::valid).anyMatch(c -> !c.valid());
    assertThat(cases.stream().filter(c -> !c.valid()).count()).isGreaterThanOrEqualTo(100);
    cases.stream().filter(c -> !c.valid()).forEach(c -> assertThat(c.field()).isNotBlank());
  }
}
