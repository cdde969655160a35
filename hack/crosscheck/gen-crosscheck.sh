#!/bin/bash
# usage: WARM=<s> hack/crosscheck/gen-crosscheck.sh VT(true|false) VUS   (jars built: make build; wrk on the PATH)
# wrk vs k6 against the same warm SUT (vtbench up; SUT on CPU 1, generators, PostgreSQL and stub on
# CPU 0), twice each, 20 s: the calibration of the generator rule in results/README.md ("The
# generator"). `vtbench run --crosscheck` repeats a check like it inside every run it is given.
set -u
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/../.."
. hack/versions.env
export JAVA_HOME=${JAVA_HOME:-$JDK25_HOME_DEFAULT}
CLI="$JAVA_HOME/bin/java -jar operator/local/target/vtbench-local-0.1.0-SNAPSHOT-cli.jar"
$CLI down >/dev/null 2>&1
$CLI up --sut-env VT_ENABLED=$1 --sut-env TOMCAT_MAX_THREADS=50 --sut-env HIKARI_MAX_POOL=50 --sut-env CONN_MODE=released > /tmp/vtbench-up-$1.log 2>&1 || { echo up failed; cat /tmp/vtbench-up-$1.log; exit 1; }
sut=$(pgrep -f 'vtbench-sut.jar' | head -1); stub=$(pgrep -f 'vtbench-stub.jar' | head -1)
for p in $(pgrep -f 'vtbench-sut.jar'); do taskset -a -cp 1 $p >/dev/null; done
for p in $(pgrep -f 'vtbench-stub.jar') $(pgrep -x postgres); do taskset -a -cp 0 $p >/dev/null 2>&1; done
curl -s localhost:8080/api/runtime-info | head -c 300; echo
# warm-up 30 s with wrk
taskset -c 0 wrk -t1 -c$2 -d${WARM:-30}s -s $here/wrk.lua http://127.0.0.1:8080 >/dev/null
for i in 1 2; do
  w0=$(awk '{print $14+$15}' /proc/$sut/stat)
  echo "== wrk VT=$1 c=$2 try $i"; taskset -c 0 wrk -t1 -c$2 -d20s --latency -s $here/wrk.lua http://127.0.0.1:8080 | grep -E "Requests/sec|99%|50%|Socket"
  w1=$(awk '{print $14+$15}' /proc/$sut/stat); echo "sut cpu during wrk: $(( (w1-w0) ))/100 s"
  t0=$(awk '{print $14+$15}' /proc/$sut/stat)
  echo "== k6 VT=$1 c=$2 try $i"; VUS=$2 taskset -c 0 ${VTBENCH_CACHE:-$HOME/.cache/vtbench}/bin/k6 run -q $here/k6.js 2>&1 | grep -E "http_reqs|http_req_duration\b|http_req_failed" 
  t1=$(awk '{print $14+$15}' /proc/$sut/stat); echo "sut cpu during k6: $(( (t1-t0) ))/100 s"
done
$CLI down >/dev/null 2>&1
