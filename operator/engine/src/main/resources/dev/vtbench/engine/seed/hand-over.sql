-- After a user's own SQL (spec.database.sql), which CloudNativePG runs as the superuser in the
-- application database: every table, view, materialized view and free-standing sequence in schema
-- public goes to the database's owner, the role the service connects as, as if it had run the SQL
-- itself (so it may write its tables, and migrate them). Sequences a column owns (serial,
-- identity) follow their table. Rendered by dev.vtbench.engine.seed.HandOverSql.
DO $vtbench$
DECLARE
  owner text;
  r record;
BEGIN
  SELECT pg_get_userbyid(datdba) INTO owner FROM pg_database WHERE datname = current_database();
  FOR r IN
    SELECT c.relname,
           CASE c.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW'
                          WHEN 'S' THEN 'SEQUENCE' ELSE 'TABLE' END AS kind
      FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public'
       AND c.relkind IN ('r', 'p', 'v', 'm', 'S')
       AND pg_get_userbyid(c.relowner) <> owner
       AND NOT EXISTS (SELECT 1 FROM pg_depend d
                        WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid
                          AND d.deptype IN ('a', 'i'))
  LOOP
    EXECUTE format('ALTER %s public.%I OWNER TO %I', r.kind, r.relname, owner);
  END LOOP;
END
$vtbench$;
