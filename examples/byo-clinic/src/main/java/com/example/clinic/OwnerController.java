package com.example.clinic;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Sort;
import org.springframework.stereotype.Controller;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;

/** Owners found by last name, a page at a time, and one owner with pets, visits and a quote. */
@Controller
class OwnerController {

  static final int PAGE_SIZE = 10;

  private final OwnerRepository owners;
  private final PetRepository pets;
  private final InsuranceClient insurance;

  OwnerController(OwnerRepository owners, PetRepository pets, InsuranceClient insurance) {
    this.owners = owners;
    this.pets = pets;
    this.insurance = insurance;
  }

  /**
   * Owners whose last name starts with {@code lastName} (all of them when empty), by name, with
   * their pets: the page, its count and the page's pets, three queries on one connection.
   */
  @GetMapping("/owners")
  @Transactional(readOnly = true)
  String list(
      @RequestParam(defaultValue = "") String lastName,
      @RequestParam(defaultValue = "0") int page,
      Model model) {
    Page<Owner> found =
        owners.findByLastNameStartingWith(
            lastName,
            PageRequest.of(Math.max(0, page), PAGE_SIZE, Sort.by("lastName", "firstName", "id")));
    List<Long> ids = found.map(Owner::getId).getContent();
    Map<Long, List<Pet>> petsByOwner =
        ids.isEmpty()
            ? Map.of()
            : pets.findWithTypeByOwnerIdIn(ids).stream()
                .sorted(Comparator.comparing(Pet::getName))
                .collect(Collectors.groupingBy(Pet::getOwnerId));
    model.addAttribute("lastName", lastName);
    model.addAttribute("owners", found);
    model.addAttribute("petsByOwner", petsByOwner);
    return "owners/list";
  }

  /**
   * One owner, its pets and their visits (one query), then an insurance quote. The database work
   * ends before the quote is asked for, so the connection is back in the pool while this thread
   * waits on the network; the page renders from what was loaded.
   */
  @GetMapping("/owners/{id}")
  String owner(@PathVariable long id, Model model) {
    Owner owner =
        owners.findWithPetsById(id).orElseThrow(() -> new NotFoundException("owner " + id));
    model.addAttribute("owner", owner);
    model.addAttribute("insurance", insurance.quote(id));
    return "owners/detail";
  }
}
