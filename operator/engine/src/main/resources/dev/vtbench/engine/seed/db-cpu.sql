-- The database container's own CPU time, for a cluster row's pg_cpu_pct. Rendered by
-- dev.vtbench.engine.seed.DbCpuSql, which fills in the function's name and the owner.
--
-- PostgreSQL reports no CPU time through SQL, and the k6 runner cannot reach the database (its
-- NetworkPolicy lets only the SUT in), so the SUT calls this function at the hold's start and end
-- on a connection of its own. Reading files needs the superuser: CloudNativePG runs this script as
-- the superuser (postInitApplicationSQL), and SECURITY DEFINER lets the application owner read
-- these two cgroup counters and nothing else. Only the owner may call it.
CREATE OR REPLACE FUNCTION {{function}}() RETURNS double precision
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = pg_catalog, pg_temp
AS $vtbench$
-- (offset and length spelled out: PostgreSQL 15 has no two-argument missing_ok form)
DECLARE
  counter text;
BEGIN
  -- cgroup v2 (the container's own cgroup namespace): microseconds
  counter := pg_read_file('/sys/fs/cgroup/cpu.stat', 0, 65536, true);
  IF counter IS NOT NULL THEN
    RETURN substring(counter FROM 'usage_usec (\d+)')::double precision / 1e6;
  END IF;
  -- cgroup v1 (the runtime mounts the container's own cpuacct group here): nanoseconds
  counter := pg_read_file('/sys/fs/cgroup/cpuacct/cpuacct.usage', 0, 64, true);
  IF counter IS NOT NULL THEN
    RETURN btrim(counter)::double precision / 1e9;
  END IF;
  RETURN NULL;
END
$vtbench$;

REVOKE ALL ON FUNCTION {{function}}() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION {{function}}() TO {{owner}};
