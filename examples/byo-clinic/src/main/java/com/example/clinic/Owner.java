package com.example.clinic;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.OneToMany;
import jakarta.persistence.Table;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A pet owner. Its pets are loaded only where a query asks for them (an entity graph): the pages
 * render after the database work has ended, with open-session-in-view off.
 */
@Entity
@Table(name = "owners")
public class Owner {

  @Id private Long id;

  @Column(name = "first_name")
  private String firstName;

  @Column(name = "last_name")
  private String lastName;

  private String address;
  private String city;
  private String telephone;

  @OneToMany(mappedBy = "owner")
  private Set<Pet> pets = new LinkedHashSet<>();

  protected Owner() {}

  public Long getId() {
    return id;
  }

  public String getFirstName() {
    return firstName;
  }

  public String getLastName() {
    return lastName;
  }

  public String getAddress() {
    return address;
  }

  public String getCity() {
    return city;
  }

  public String getTelephone() {
    return telephone;
  }

  /** The owner's pets by name. */
  public List<Pet> getPets() {
    return pets.stream()
        .sorted(Comparator.comparing(Pet::getName).thenComparing(Pet::getId))
        .toList();
  }
}
