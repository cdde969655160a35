package com.example.clinic;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** A kind of pet: cat, dog, ... */
@Entity
@Table(name = "types")
public class PetType {

  @Id private Integer id;
  private String name;

  protected PetType() {}

  public Integer getId() {
    return id;
  }

  public String getName() {
    return name;
  }
}
