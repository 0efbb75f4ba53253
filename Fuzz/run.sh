#!/usr/bin/env bash
# Runs every fuzz target: `Fuzz/run.sh SECONDS` (per target) or `Fuzz/run.sh --runs N`.
# Builds the targets first unless --no-build is given. Fails on any crash, leak, timeout or
# broken property, leaving the input in .build-fuzz/artifacts/. The committed seeds in
# Fuzz/Corpus stay untouched; what the fuzzer learns goes to .build-fuzz/corpus/.
set -euo pipefail
cd "$(dirname "$0")/.."
limit=(-max_total_time=30)
build=1
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) limit=(-runs="$2"); shift 2 ;;
    --no-build) build=0; shift ;;
    *) limit=(-max_total_time="$1"); shift ;;
  esac
done
[ "$build" = 1 ] && Fuzz/build.sh 2>&1 | grep -v "Cannot export local symbol" >&2
mkdir -p .build-fuzz/artifacts
# One target per core at a time; results are printed in the targets' order once all have run.
jobs=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
fuzz() { # name
  local name=$1
  mkdir -p ".build-fuzz/corpus/$name"
  if .build-fuzz/"$name" "${limit[@]}" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -artifact_prefix=".build-fuzz/artifacts/$name-" ".build-fuzz/corpus/$name" "Fuzz/Corpus/$name" \
    >".build-fuzz/$name.log" 2>&1; then
    echo ok >".build-fuzz/$name.result"
  else
    echo FAILED >".build-fuzz/$name.result"
  fi
}
pids=()
for target in Fuzz/Targets/*.swift; do
  rm -f ".build-fuzz/$(basename "$target" .swift).result"
  fuzz "$(basename "$target" .swift)" &
  pids+=($!)
  if [ ${#pids[@]} -ge "$jobs" ]; then wait "${pids[0]}"; pids=("${pids[@]:1}"); fi
done
for pid in "${pids[@]}"; do wait "$pid"; done
status=0
for target in Fuzz/Targets/*.swift; do
  name=$(basename "$target" .swift)
  log=".build-fuzz/$name.log"
  result=$(cat ".build-fuzz/$name.result" 2>/dev/null || echo FAILED)
  [ "$result" = ok ] || status=1
  # A log without a count (a target that died at once) must not end the script under pipefail
  # before it prints that log's tail.
  execs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+|Done [0-9]+ runs' "$log" | grep -oE '[0-9]+' | tail -1 || true)
  [ -z "$execs" ] && execs=$(grep -oE '^#[0-9]+' "$log" | tail -1 | tr -d '#' || true)
  printf '%-14s %-7s %12s executions\n' "$name" "$result" "${execs:-?}"
  [ "$result" = ok ] || tail -40 "$log" >&2
done
exit $status
