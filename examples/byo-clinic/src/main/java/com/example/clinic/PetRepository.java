package com.example.clinic;

import java.util.Collection;
import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;

interface PetRepository extends JpaRepository<Pet, Long> {

  /** The pets of a page of owners with their types, in one query. */
  @Query("select p from Pet p join fetch p.type where p.ownerId in :ownerIds")
  List<Pet> findWithTypeByOwnerIdIn(Collection<Long> ownerIds);
}
