package com.example.orders;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** A customer; orders reference it. */
@Entity
@Table(name = "customers")
class Customer {

  @Id private Long id;
  private String name;
  private String tier;

  protected Customer() {}

  Long getId() {
    return id;
  }

  String getName() {
    return name;
  }

  String getTier() {
    return tier;
  }
}
