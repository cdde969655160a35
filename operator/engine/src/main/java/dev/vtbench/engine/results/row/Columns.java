package dev.vtbench.engine.results.row;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * The columns of {@code matrix.csv}, read off {@link ResultRow}'s components and their {@link
 * Column} annotations: the one table the header, the writer, the reader and {@link
 * ResultRowBuilder} all use. A component without an annotation, a type without a CSV format, a
 * floating-point column without decimals, a primitive that is not a key column (a reader could not
 * leave it absent) or a column before one of an earlier part fails here, when the class loads, not
 * in a results file.
 */
public final class Columns {

  /**
   * One column: its header name, part, the record component behind it and its codec.
   *
   * @param index position in the header and in the record
   */
  public record Entry(
      int index, String name, Column.Part part, RecordComponent component, CsvValues.Codec codec) {

    /** The row's value as a field, empty when absent; not yet quoted. */
    public String format(ResultRow row) {
      Object v = get(row);
      return v == null ? "" : codec.writer().apply(v);
    }

    /** The value of a non-absent field. */
    public Object parse(String field) {
      return codec.reader().apply(field);
    }

    public Object get(ResultRow row) {
      try {
        return component.getAccessor().invoke(row);
      } catch (IllegalAccessException | InvocationTargetException e) {
        throw new IllegalStateException("cannot read " + component.getName(), e);
      }
    }
  }

  public static final List<Entry> ALL;
  private static final Map<String, Entry> BY_COMPONENT = new HashMap<>();
  private static final Constructor<ResultRow> CANONICAL;

  static {
    RecordComponent[] components = ResultRow.class.getRecordComponents();
    ALL = IntStream.range(0, components.length).mapToObj(i -> entry(i, components[i])).toList();
    ALL.forEach(e -> BY_COMPONENT.put(e.component().getName(), e));
    for (int i = 1; i < ALL.size(); i++) {
      if (ALL.get(i).part().compareTo(ALL.get(i - 1).part()) < 0) {
        // the reference rig's columns first, so the two CSVs compare column by column
        throw new ExceptionInInitializerError(
            "ResultRow." + ALL.get(i).component().getName() + " is out of its part's place");
      }
    }
    try {
      CANONICAL =
          ResultRow.class.getDeclaredConstructor(
              Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new));
    } catch (NoSuchMethodException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private Columns() {}

  private static Entry entry(int index, RecordComponent c) {
    Column column = c.getAnnotation(Column.class);
    if (column == null) {
      throw new ExceptionInInitializerError("ResultRow." + c.getName() + " has no @Column");
    }
    if (c.getType().isPrimitive() && column.part() != Column.Part.KEY) {
      throw new ExceptionInInitializerError(
          "ResultRow." + c.getName() + " is primitive but may be absent: box it or make it a KEY");
    }
    CsvValues.Codec codec = CsvValues.codec(c.getType(), column.decimals(), column.name());
    return new Entry(index, column.name(), column.part(), c, codec);
  }

  /** The header names of the given parts, in CSV order. */
  static List<String> names(Column.Part... parts) {
    List<Column.Part> wanted = List.of(parts);
    return ALL.stream().filter(e -> wanted.contains(e.part())).map(Entry::name).toList();
  }

  /** The column of a record component, by the component's name, e.g. {@code p50Ms}. */
  public static Entry of(String component) {
    Entry e = BY_COMPONENT.get(component);
    if (e == null) {
      throw new IllegalArgumentException("ResultRow has no component " + component);
    }
    return e;
  }

  /** Every value of a row, in column order. */
  static Object[] values(ResultRow row) {
    return ALL.stream().map(e -> e.get(row)).toArray();
  }

  /**
   * A row from values in column order, through the canonical constructor, so its checks run. A
   * runtime exception it throws (a missing key, say) reaches the caller unwrapped.
   */
  public static ResultRow construct(Object[] values) {
    try {
      return CANONICAL.newInstance(values);
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      throw new IllegalStateException(e.getCause());
    } catch (InstantiationException | IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
  }
}
