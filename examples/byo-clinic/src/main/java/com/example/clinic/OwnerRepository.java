package com.example.clinic;

import java.util.Optional;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.jpa.repository.EntityGraph;
import org.springframework.data.jpa.repository.JpaRepository;

interface OwnerRepository extends JpaRepository<Owner, Long> {

  /**
   * One owner with its pets, their types and their visits, in one query (the owner page). Pets and
   * visits are sets, so Hibernate may fetch both collections at once.
   */
  @EntityGraph(attributePaths = {"pets", "pets.type", "pets.visits"})
  Optional<Owner> findWithPetsById(Long id);

  /**
   * Owners whose last name starts with {@code lastName}, a page at a time (a count query when the
   * page is not the last; the index owners_by_last_name serves both). Pets are left out: a
   * collection fetched with a page would be paged in memory.
   */
  Page<Owner> findByLastNameStartingWith(String lastName, Pageable page);
}
