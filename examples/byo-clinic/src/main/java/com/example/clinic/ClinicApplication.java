package com.example.clinic;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * A veterinary clinic: owners, their pets and visits, vets. Pages rendered on the server from
 * Thymeleaf templates over JPA, a blocking call to an insurance service, Actuator metrics.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class ClinicApplication {

  public static void main(String[] args) {
    SpringApplication.run(ClinicApplication.class, args);
  }
}
