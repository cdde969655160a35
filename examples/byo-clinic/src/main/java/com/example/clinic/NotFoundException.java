package com.example.clinic;

/** Something a page asked for (an owner) is not in the database: a 404 page, not an error. */
class NotFoundException extends RuntimeException {

  NotFoundException(String what) {
    super(what);
  }
}
