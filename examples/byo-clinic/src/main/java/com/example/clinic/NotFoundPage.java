package com.example.clinic;

import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.servlet.ModelAndView;

/** Renders a missing owner as the clinic's own 404 page, whatever the client accepts. */
@ControllerAdvice
class NotFoundPage {

  @ExceptionHandler(NotFoundException.class)
  ModelAndView notFound(NotFoundException e) {
    return new ModelAndView("notFound", Map.of("what", e.getMessage()), HttpStatus.NOT_FOUND);
  }
}
