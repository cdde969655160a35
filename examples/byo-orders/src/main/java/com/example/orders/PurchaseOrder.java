package com.example.orders;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;
import java.time.Instant;

/** An order (named PurchaseOrder because ORDER is an SQL keyword). */
@Entity
@Table(name = "orders")
class PurchaseOrder {

  @Id private Long id;

  @ManyToOne(fetch = FetchType.LAZY, optional = false)
  @JoinColumn(name = "customer_id")
  private Customer customer;

  private String status;

  @Column(name = "total_cents")
  private long totalCents;

  @Column(name = "created_at")
  private Instant createdAt;

  protected PurchaseOrder() {}

  Long getId() {
    return id;
  }

  Customer getCustomer() {
    return customer;
  }

  String getStatus() {
    return status;
  }

  long getTotalCents() {
    return totalCents;
  }

  Instant getCreatedAt() {
    return createdAt;
  }
}
