#!/usr/bin/env bash
# Runs one test file N times in a row under CPU load, to reproduce (or rule out) a load-dependent flake.
#
#   tools/scripts/stress-test-file.sh <test-file> [runs=30] [-- <more vitest args>]
#   e.g. tools/scripts/stress-test-file.sh tools/evm-wallet/test/calls.test.ts 30 -- --project evm-wallet
#
# While it runs, one busy-loop `node` process per core (STRESS_BUSY, default `nproc`; 0 for none) keeps every
# core busy; they are killed on exit, whatever ends the script (trap). Each run is a plain `npx vitest run <file>`
# from the repository root, so each starts the root global setup's local stack, as CI does. The output of a failed
# run is kept in STRESS_LOGS (default a fresh directory under /tmp) and named on that run's line. Prints one line per
# run, then "K/N passed" and the wall time; exits 1 if any run failed.
set -u

if [ $# -lt 1 ] || [ "$1" = "-h" ] || [ "$1" = "--help" ]; then
  sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi
file=$1
shift
runs=30
if [ $# -gt 0 ] && [ "$1" != "--" ]; then
  runs=$1
  shift
fi
[ $# -gt 0 ] && [ "$1" = "--" ] && shift
case $runs in '' | *[!0-9]*)
  echo "runs must be a whole number, got '$runs'" >&2
  exit 2
  ;;
esac

cd "$(dirname "$0")/../.." || exit 2
[ -f "$file" ] || {
  echo "no such test file: $file" >&2
  exit 2
}
logs=${STRESS_LOGS:-$(mktemp -d /tmp/stress-test-file.XXXXXX)}
mkdir -p "$logs"
busy=${STRESS_BUSY:-$(nproc)}

pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
  wait "${pids[@]}" 2>/dev/null
}
trap cleanup EXIT
trap 'exit 130' INT TERM
for _ in $(seq 1 "$busy"); do
  node -e 'for (;;) {}' &
  pids+=("$!")
done

passed=0
start=$(date +%s)
for run in $(seq 1 "$runs"); do
  log="$logs/run-$run.log"
  began=$(date +%s)
  if npx vitest run "$file" "$@" >"$log" 2>&1; then
    passed=$((passed + 1))
    echo "run $run/$runs: passed ($(($(date +%s) - began)) s)"
    rm -f "$log"
  else
    echo "run $run/$runs: FAILED ($(($(date +%s) - began)) s), output in $log"
  fi
done
echo "$passed/$runs passed (wall time $(($(date +%s) - start)) s, $busy busy loops)"
[ "$passed" -eq "$runs" ]
