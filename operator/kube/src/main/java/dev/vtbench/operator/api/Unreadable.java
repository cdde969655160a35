package dev.vtbench.operator.api;

import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.util.function.Consumer;

/**
 * Reads part of a stored BenchmarkRun (its spec or status) without letting a value the model cannot
 * hold fail the whole object: the API server may have stored it under an older, looser schema (an
 * int64 where the model has an int). One unreadable object must not stop the informer that serves
 * every run; the part reads as null and the problem names the field and the value.
 */
final class Unreadable {

  private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

  private Unreadable() {}

  /**
   * {@code node} as {@code type}; null (and {@code problem} told why) if it cannot be read.
   *
   * @param root the part's path in the object: spec or status
   */
  static <T> T read(JsonNode node, Class<T> type, String root, Consumer<String> problem) {
    if (node == null || node.isNull()) {
      return null;
    }
    try {
      return SERIALIZATION.convertValue(node, type);
    } catch (RuntimeException e) {
      problem.accept(describe(node, e, root));
      return null;
    }
  }

  /** "spec.matrix.concurrency[0]: 3000000000 is out of range", from Jackson's path. */
  static String describe(JsonNode node, Throwable e, String root) {
    JsonMappingException mapping = cause(e, JsonMappingException.class);
    StringBuilder path = new StringBuilder(root);
    StringBuilder pointer = new StringBuilder();
    if (mapping != null) {
      for (JsonMappingException.Reference r : mapping.getPath()) {
        if (r.getFieldName() != null) {
          path.append('.').append(r.getFieldName());
          pointer.append('/').append(r.getFieldName());
        } else if (r.getIndex() >= 0) {
          path.append('[').append(r.getIndex()).append(']');
          pointer.append('/').append(r.getIndex());
        }
      }
    }
    JsonNode value = node.at(pointer.toString());
    String shown = value.isMissingNode() || value.isContainerNode() ? "" : " " + value.asText();
    boolean range =
        cause(e, InputCoercionException.class) != null
            || String.valueOf(e.getMessage()).contains("Overflow")
            || String.valueOf(e.getMessage()).contains("out of range");
    if (range) {
      return path + ":" + shown + " is out of range";
    }
    String why = mapping != null ? mapping.getOriginalMessage() : e.getMessage();
    return path + ":" + shown + " cannot be read (" + firstLine(why) + ")";
  }

  private static <X extends Throwable> X cause(Throwable e, Class<X> type) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (type.isInstance(t)) {
        return type.cast(t);
      }
    }
    return null;
  }

  private static String firstLine(String s) {
    return s == null ? "" : s.lines().findFirst().orElse("").strip();
  }
}
