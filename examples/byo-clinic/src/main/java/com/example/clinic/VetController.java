package com.example.clinic;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ResponseBody;

/** The clinic's vets with their specialties, as a page and as JSON. */
@Controller
class VetController {

  private final VetRepository vets;

  VetController(VetRepository vets) {
    this.vets = vets;
  }

  @GetMapping("/vets")
  String page(Model model) {
    model.addAttribute("vets", vets.findAllByOrderByLastNameAscFirstNameAscIdAsc());
    return "vets/list";
  }

  @GetMapping("/vets.json")
  @ResponseBody
  List<Map<String, Object>> json() {
    return vets.findAllByOrderByLastNameAscFirstNameAscIdAsc().stream()
        .map(
            v -> {
              Map<String, Object> m = new LinkedHashMap<>();
              m.put("id", v.getId());
              m.put("firstName", v.getFirstName());
              m.put("lastName", v.getLastName());
              m.put("specialties", v.getSpecialties().stream().map(Specialty::getName).toList());
              return m;
            })
        .toList();
  }
}
