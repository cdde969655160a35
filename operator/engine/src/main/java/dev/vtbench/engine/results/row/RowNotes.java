package dev.vtbench.engine.results.row;

/** The {@code notes} column: sentences joined by "; ", each rule's at most once. */
public final class RowNotes {

  private RowNotes() {}

  /**
   * {@code notes} with {@code note} added, unless {@code note} is null or a note beginning with
   * {@code prefix} is there already (a row derived twice keeps one).
   */
  public static String add(String notes, String prefix, String note) {
    if (note == null || notes != null && notes.contains(prefix)) {
      return notes;
    }
    return notes == null || notes.isBlank() ? note : notes + "; " + note;
  }
}
