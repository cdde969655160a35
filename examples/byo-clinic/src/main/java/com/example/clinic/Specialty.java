package com.example.clinic;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** What a vet specialises in: radiology, surgery, dentistry. */
@Entity
@Table(name = "specialties")
public class Specialty {

  @Id private Integer id;
  private String name;

  protected Specialty() {}

  public Integer getId() {
    return id;
  }

  public String getName() {
    return name;
  }
}
