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

-- The database container's CFS bandwidth files, for a cluster row's pg_throttled_pct: how often
-- its CPU limit held PostgreSQL back. Returned as they are, one row per file, and parsed by the SUT
-- the way every other tier's are (dev.vtbench.proc.CfsStat): cgroup v2's cpu.stat and cpu.max, or
-- v1's cpu.stat, cpu.cfs_quota_us and cpu.cfs_period_us; no row where neither is readable. The same
-- SECURITY DEFINER and grant as above: these files and nothing else, to the owner only.
CREATE OR REPLACE FUNCTION {{cfs_function}}() RETURNS TABLE (name text, content text)
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = pg_catalog, pg_temp
AS $vtbench$
DECLARE
  dir text;
BEGIN
  content := pg_read_file('/sys/fs/cgroup/cpu.max', 0, 64, true);
  IF content IS NOT NULL THEN
    name := 'cpu.max';
    RETURN NEXT;
    name := 'cpu.stat';
    content := pg_read_file('/sys/fs/cgroup/cpu.stat', 0, 65536, true);
    RETURN NEXT;
    RETURN;
  END IF;
  FOREACH dir IN ARRAY ARRAY['/sys/fs/cgroup/cpu,cpuacct', '/sys/fs/cgroup/cpu'] LOOP
    content := pg_read_file(dir || '/cpu.stat', 0, 65536, true);
    IF content IS NOT NULL THEN
      name := 'v1/cpu.stat';
      RETURN NEXT;
      name := 'cpu.cfs_quota_us';
      content := pg_read_file(dir || '/cpu.cfs_quota_us', 0, 64, true);
      RETURN NEXT;
      name := 'cpu.cfs_period_us';
      content := pg_read_file(dir || '/cpu.cfs_period_us', 0, 64, true);
      RETURN NEXT;
      RETURN;
    END IF;
  END LOOP;
END
$vtbench$;

REVOKE ALL ON FUNCTION {{cfs_function}}() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION {{cfs_function}}() TO {{owner}};
