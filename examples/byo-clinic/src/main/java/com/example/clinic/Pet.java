package com.example.clinic;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.OneToMany;
import jakarta.persistence.Table;
import java.time.LocalDate;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** A pet of one owner, of one type, with its visits. */
@Entity
@Table(name = "pets")
public class Pet {

  @Id private Long id;

  private String name;

  @Column(name = "birth_date")
  private LocalDate birthDate;

  @ManyToOne(fetch = FetchType.LAZY, optional = false)
  @JoinColumn(name = "type_id")
  private PetType type;

  @ManyToOne(fetch = FetchType.LAZY, optional = false)
  @JoinColumn(name = "owner_id")
  private Owner owner;

  // The owner's id without touching the (lazy) owner: the owners page groups pets by it.
  @Column(name = "owner_id", insertable = false, updatable = false)
  private Long ownerId;

  @OneToMany(mappedBy = "pet")
  private Set<Visit> visits = new LinkedHashSet<>();

  protected Pet() {}

  public Long getId() {
    return id;
  }

  public String getName() {
    return name;
  }

  public LocalDate getBirthDate() {
    return birthDate;
  }

  public PetType getType() {
    return type;
  }

  public Long getOwnerId() {
    return ownerId;
  }

  /** The pet's visits, latest first. */
  public List<Visit> getVisits() {
    return visits.stream()
        .sorted(Comparator.comparing(Visit::getDate).reversed().thenComparing(Visit::getId))
        .toList();
  }
}
