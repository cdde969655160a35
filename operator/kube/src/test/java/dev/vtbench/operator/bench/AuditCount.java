package dev.vtbench.operator.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The API server's audit log, counted: requests (distinct audit IDs) by user agent, and the
 * operator's by verb and resource, from {@code since} on.
 */
record AuditCount(
    long operator, long operatorBefore, long driver, long other, Map<String, Long> byCall) {

  static AuditCount of(Path log, String operatorAgent, String driverAgent, Instant since)
      throws IOException {
    ObjectMapper json = new ObjectMapper();
    Set<String> seen = new HashSet<>();
    long operator = 0;
    long before = 0;
    long driver = 0;
    long other = 0;
    Map<String, Long> byCall = new TreeMap<>();
    try (BufferedReader in = Files.newBufferedReader(log)) {
      for (String line; (line = in.readLine()) != null; ) {
        if (line.isBlank()) {
          continue;
        }
        JsonNode e = json.readTree(line);
        if (!seen.add(e.path("auditID").asText())) {
          continue;
        }
        String agent = e.path("userAgent").asText("");
        if (agent.equals(driverAgent)) {
          driver++;
        } else if (agent.equals(operatorAgent)) {
          Instant at = Instant.parse(e.path("requestReceivedTimestamp").asText());
          if (at.isBefore(since)) {
            before++;
            continue;
          }
          operator++;
          JsonNode ref = e.path("objectRef");
          String resource = ref.path("resource").asText("?");
          String sub = ref.path("subresource").asText("");
          byCall.merge(
              e.path("verb").asText() + " " + resource + (sub.isEmpty() ? "" : "/" + sub),
              1L,
              Long::sum);
        } else {
          other++;
        }
      }
    }
    return new AuditCount(operator, before, driver, other, byCall);
  }
}
