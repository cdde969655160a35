-- 10,000 owners with 2 pets each (20,000 pets), 50,000 visits, 50 vets. Ids are dense, so a load
-- can draw owner ids from 1..10000 (above 10000: no such owner, a 404 page).
--   owner o:    last name LAST[1 + (o - 1) % 50], so each of the 50 names has 200 owners (20
--               pages of 10 on /owners?lastName=...); first name FIRST[1 + ((o - 1) / 50) % 20]
--   pets:       owner o has pets o and o + 10000
--   visits:     pet p has visits p, p + 20000 and, for p <= 10000, p + 40000: 5 per owner
--   vets:       50, each with 0, 1 or 2 of 3 specialties
INSERT INTO types (id, name)
VALUES (1, 'cat'), (2, 'dog'), (3, 'lizard'), (4, 'snake'), (5, 'bird'), (6, 'hamster');

INSERT INTO specialties (id, name)
VALUES (1, 'radiology'), (2, 'surgery'), (3, 'dentistry');

INSERT INTO owners (id, first_name, last_name, address, city, telephone)
SELECT o,
       (ARRAY['George', 'Betty', 'Eduardo', 'Harold', 'Peter', 'Jean', 'Jeff', 'Maria', 'David',
              'Carlos', 'Anna', 'Tomas', 'Lena', 'Omar', 'Priya', 'Yuki', 'Ines', 'Samuel',
              'Greta', 'Noah'])[1 + ((o - 1) / 50) % 20],
       (ARRAY['Franklin', 'Davis', 'Rodriquez', 'McTavish', 'Schroeder', 'Black', 'Coleman',
              'Escobito', 'Stone', 'Estaban', 'Adams', 'Baker', 'Clark', 'Evans',
              'Foster', 'Garcia', 'Hughes', 'Ivanov', 'Jensen', 'Keller', 'Lopez', 'Moreau',
              'Nakamura', 'Olsen', 'Patel', 'Quinn', 'Rossi', 'Silva', 'Tanaka', 'Urban', 'Vogel',
              'Walsh', 'Xu', 'Young', 'Zimmer', 'Albers', 'Brandt', 'Costa', 'Dubois', 'Eriksen',
              'Fischer', 'Gomez', 'Horvat', 'Ito', 'Jovanovic', 'Kowalski', 'Lindqvist',
              'Mendes', 'Novak', 'Okafor'])[1 + (o - 1) % 50],
       (1 + o % 997) || ' ' || (ARRAY['Main', 'Oak', 'Maple', 'Cedar', 'Lake', 'Hill', 'Park',
                                      'Mill'])[1 + o % 8] || ' St.',
       (ARRAY['Madison', 'Sun Prairie', 'McFarland', 'Windsor', 'Monona', 'Waunakee',
              'Middleton', 'Verona'])[1 + (o / 8) % 8],
       '608555' || lpad((o % 10000)::text, 4, '0')
FROM generate_series(1, 10000) AS o;

INSERT INTO pets (id, name, birth_date, type_id, owner_id)
SELECT p,
       (ARRAY['Leo', 'Basil', 'Rosy', 'Jewel', 'Iggy', 'George', 'Samantha', 'Max', 'Lucky',
              'Mulligan', 'Freddy', 'Sly', 'Bella', 'Milo', 'Coco', 'Pepper', 'Luna', 'Ziggy',
              'Nala', 'Otis', 'Pip', 'Rex', 'Tilly', 'Waffles', 'Biscuit', 'Clover', 'Dot',
              'Fig', 'Hazel', 'Juno'])[1 + (p * 7) % 30],
       date '2012-01-01' + (p * 37) % 4000,
       1 + p % 6,
       1 + (p - 1) % 10000
FROM generate_series(1, 20000) AS p;

INSERT INTO visits (id, pet_id, visit_date, description)
SELECT v,
       1 + (v - 1) % 20000,
       date '2024-01-01' + (v * 13) % 700,
       (ARRAY['rabies shot', 'neutered', 'annual check-up', 'dental cleaning', 'limping',
              'skin rash'])[1 + v % 6]
FROM generate_series(1, 50000) AS v;

INSERT INTO vets (id, first_name, last_name)
SELECT v,
       (ARRAY['James', 'Helen', 'Linda', 'Rafael', 'Henry', 'Sharon', 'Mei', 'Ahmed', 'Clara',
              'Victor'])[1 + (v - 1) % 10],
       (ARRAY['Carter', 'Leary', 'Douglas', 'Ortega', 'Stevens', 'Jenkins', 'Wong', 'Hassan',
              'Berg'])[1 + (v - 1) % 9]
FROM generate_series(1, 50) AS v;

-- Three vets in four have one specialty; every fifth has another on top (a different one).
INSERT INTO vet_specialties (vet_id, specialty_id)
SELECT v, 1 + v % 3 FROM generate_series(1, 50) AS v WHERE v % 4 <> 0
UNION ALL
SELECT v, 1 + (v + 1) % 3 FROM generate_series(1, 50) AS v WHERE v % 5 = 0;

ANALYZE types;
ANALYZE specialties;
ANALYZE owners;
ANALYZE pets;
ANALYZE visits;
ANALYZE vets;
ANALYZE vet_specialties;
