#!/bin/bash
# Start-up by instructions (valgrind's callgrind), repeatable on a loaded machine where wall time is not:
#   bench/instructions.sh [N]        medians of N runs (default 3) of node -e 0, reduce -- true, reduce inspect last
# NODE_EXTRA_CA_CERTS is unset (see bench/run.mjs), the store is a fresh temp folder, and V8's hash-seed set-up
# (HashSeed::InitializeRoots, a random 5-12 M instructions at every Node start) is left out of each count; the raw
# total's median is printed beside it. Needs valgrind (apt-get install valgrind).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
n=${1:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export REDUCE_OUTPUTS=$work/outputs
count() {
  for _ in $(seq "$n"); do
    (cd "$work" && env -u NODE_EXTRA_CA_CERTS valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" "$@" </dev/null >/dev/null 2>&1)
    total=$(grep '^totals:' "$work/cg.out" | awk '{print $2}')
    seed=$(callgrind_annotate --inclusive=yes --threshold=100 "$work/cg.out" 2>/dev/null | grep 'HashSeed::InitializeRoots' | head -1 | awk '{gsub(",","",$1); print $1}')
    echo "$((total - ${seed:-0})) $total"
  done | sort -n | awk '{a[NR]=$1; b[NR]=$2} END {m=int((NR+1)/2); printf "%7.1f M  (%.1f-%.1f; raw %.1f M)\n", a[m]/1e6, a[1]/1e6, a[NR]/1e6, b[m]/1e6}'
}
(cd "$work" && env -u NODE_EXTRA_CA_CERTS node "$root/bin/reduce.js" -- true </dev/null >/dev/null) # an artifact for inspect
echo "node -e 0            $(count node -e 0)"
echo "reduce -- true       $(count node "$root/bin/reduce.js" -- true)"
echo "reduce inspect last  $(count node "$root/bin/reduce.js" inspect last)"
