package com.example.orders;

import java.util.Optional;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.jpa.repository.EntityGraph;
import org.springframework.data.jpa.repository.JpaRepository;

interface OrderRepository extends JpaRepository<PurchaseOrder, Long> {

  /** One order with its customer, in one query. */
  @EntityGraph(attributePaths = "customer")
  Optional<PurchaseOrder> findWithCustomerById(Long id);

  /** A customer's orders, newest first (the index orders_by_customer serves it). */
  Page<PurchaseOrder> findByCustomerIdOrderByCreatedAtDesc(Long customerId, Pageable page);
}
