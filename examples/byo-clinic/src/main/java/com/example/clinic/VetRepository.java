package com.example.clinic;

import java.util.List;
import org.springframework.data.jpa.repository.EntityGraph;
import org.springframework.data.jpa.repository.JpaRepository;

interface VetRepository extends JpaRepository<Vet, Integer> {

  /** Every vet with its specialties, by name, in one query. */
  @EntityGraph(attributePaths = "specialties")
  List<Vet> findAllByOrderByLastNameAscFirstNameAscIdAsc();
}
