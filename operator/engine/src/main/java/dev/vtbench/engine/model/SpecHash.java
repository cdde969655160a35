package dev.vtbench.engine.model;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * A spec's identity: a SHA-256 of its parsed values (defaults filled in, keys sorted), so comments,
 * formatting and key order do not change it and any value does. Rows recorded under one hash are
 * never resumed under another.
 */
public final class SpecHash {

  private static final JsonMapper JSON =
      JsonMapper.builder()
          .enable(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY)
          .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
          .build();

  private SpecHash() {}

  /** 16 hex digits of the hash of {@code spec}. */
  public static String of(BenchmarkRunSpec spec) {
    try {
      byte[] json = JSON.writeValueAsBytes(spec);
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(json), 0, 8);
    } catch (JacksonException | NoSuchAlgorithmException e) {
      throw new IllegalStateException("cannot hash the spec", e);
    }
  }
}
