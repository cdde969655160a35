-- The clinic service's own schema. vtbench runs this file, then seed.sql, on a fresh database
-- before the service starts (spec.database.sql.files): a rerun drops and recreates that database
-- first, so neither file needs to undo an earlier run.
CREATE TABLE types (
  id    integer PRIMARY KEY,
  name  text    NOT NULL UNIQUE
);

CREATE TABLE owners (
  id          bigint PRIMARY KEY,
  first_name  text   NOT NULL,
  last_name   text   NOT NULL,
  address     text   NOT NULL,
  city        text   NOT NULL,
  telephone   text   NOT NULL
);

-- The owners page finds owners by the start of their last name (LIKE 'Davis%').
CREATE INDEX owners_by_last_name ON owners (last_name text_pattern_ops);

CREATE TABLE pets (
  id          bigint  PRIMARY KEY,
  name        text    NOT NULL,
  birth_date  date    NOT NULL,
  type_id     integer NOT NULL REFERENCES types (id),
  owner_id    bigint  NOT NULL REFERENCES owners (id)
);

CREATE INDEX pets_by_owner ON pets (owner_id);

CREATE TABLE visits (
  id           bigint PRIMARY KEY,
  pet_id       bigint NOT NULL REFERENCES pets (id),
  visit_date   date   NOT NULL,
  description  text   NOT NULL
);

CREATE INDEX visits_by_pet ON visits (pet_id, visit_date DESC);

CREATE TABLE vets (
  id          integer PRIMARY KEY,
  first_name  text    NOT NULL,
  last_name   text    NOT NULL
);

CREATE TABLE specialties (
  id    integer PRIMARY KEY,
  name  text    NOT NULL UNIQUE
);

CREATE TABLE vet_specialties (
  vet_id        integer NOT NULL REFERENCES vets (id),
  specialty_id  integer NOT NULL REFERENCES specialties (id),
  PRIMARY KEY (vet_id, specialty_id)
);
