package dev.vtbench.engine.crd;

import com.google.re2j.Matcher;
import com.google.re2j.Pattern;
import dev.cel.bundle.Cel;
import dev.cel.bundle.CelFactory;
import dev.cel.common.CelFunctionDecl;
import dev.cel.common.CelOptions;
import dev.cel.common.CelOverloadDecl;
import dev.cel.common.CelValidationException;
import dev.cel.common.types.ListType;
import dev.cel.common.types.SimpleType;
import dev.cel.extensions.CelExtensions;
import dev.cel.parser.CelStandardMacro;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelFunctionBinding;
import dev.cel.runtime.CelRuntime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * CEL as the API server offers it to {@code x-kubernetes-validations}: the standard library and
 * macros ({@code has}, {@code all}, {@code exists_one}, {@code filter}, {@code matches}, {@code
 * duration}), the strings extension ({@code indexOf}, {@code lastIndexOf}, {@code substring}, …)
 * and the parts of Kubernetes' own libraries the CRD's rules use: the regex functions {@code find}
 * and {@code findAll}. {@code self} and {@code oldSelf} are dynamic, as the walker hands over plain
 * maps, lists, strings, longs, doubles and booleans.
 */
final class KubernetesCel {

  private static final Cel CEL =
      CelFactory.standardCelBuilder()
          .setOptions(CelOptions.current().enableRegexPartialMatch(true).build())
          .setStandardMacros(CelStandardMacro.STANDARD_MACROS)
          .addCompilerLibraries(CelExtensions.strings())
          .addRuntimeLibraries(CelExtensions.strings())
          .addVar("self", SimpleType.DYN)
          .addVar("oldSelf", SimpleType.DYN)
          .addFunctionDeclarations(
              CelFunctionDecl.newFunctionDeclaration(
                  "find",
                  CelOverloadDecl.newMemberOverload(
                      "string_find_string",
                      SimpleType.STRING,
                      SimpleType.STRING,
                      SimpleType.STRING)),
              CelFunctionDecl.newFunctionDeclaration(
                  "findAll",
                  CelOverloadDecl.newMemberOverload(
                      "string_find_all_string",
                      ListType.create(SimpleType.STRING),
                      SimpleType.STRING,
                      SimpleType.STRING)))
          .addFunctionBindings(
              CelFunctionBinding.from(
                  "string_find_string", String.class, String.class, KubernetesCel::find),
              CelFunctionBinding.from(
                  "string_find_all_string", String.class, String.class, KubernetesCel::findAll))
          .build();

  /** Compiled programs by expression: the CRD repeats one rule on many fields. */
  private static final Map<String, CelRuntime.Program> PROGRAMS = new ConcurrentHashMap<>();

  private KubernetesCel() {}

  /** {@code expression} compiled, once. */
  static CelRuntime.Program program(String expression) {
    return PROGRAMS.computeIfAbsent(expression, KubernetesCel::compile);
  }

  private static CelRuntime.Program compile(String expression) {
    try {
      return CEL.createProgram(CEL.compile(expression).getAst());
    } catch (CelValidationException | CelEvaluationException e) {
      throw new IllegalArgumentException("the CRD's rule does not compile: " + expression, e);
    }
  }

  /** {@code expression} evaluated with {@code self} bound. */
  static Object eval(String expression, Object self) throws CelEvaluationException {
    return program(expression).eval(Map.of("self", self));
  }

  /** Kubernetes' {@code <string>.find(<regex>)}: the first match, or "" when there is none. */
  static String find(String text, String regex) {
    Matcher m = Pattern.compile(regex).matcher(text);
    return m.find() ? m.group() : "";
  }

  /** Kubernetes' {@code <string>.findAll(<regex>)}: every match, left to right. */
  static List<String> findAll(String text, String regex) {
    Matcher m = Pattern.compile(regex).matcher(text);
    List<String> all = new ArrayList<>();
    while (m.find()) {
      all.add(m.group());
    }
    return all;
  }
}
