#!/usr/bin/env bash
# What the cheapest possible claim costs against a bare transaction, on
# this server: pgbench runs bare.sql, claim-only.sql and
# claim-and-outcome.sql alternately, ROUNDS times each, with
# synchronous_commit on and off, and prints each arm's median latency and
# its ratio to bare.sql's; then replay-read.sql against select-by-id.sql.
# claim.Do cannot cost less than claim-and-outcome.sql: that is the floor
# BenchmarkRatio is read against.
#
#   IDEMVET_PG_DSN=... bash runtime/claim/testdata/floor/floor.sh [ROUNDS] [SECONDS]
set -euo pipefail
rounds=${1:-3}
seconds=${2:-8}
here=$(cd "$(dirname "$0")" && pwd)
db=idemvet_floor
. "$here/scratch.sh"
psql -q "$scratch" \
  -c "INSERT INTO payments (scope, key, amount) VALUES ('bench', 'replay', 1)" \
  -c "INSERT INTO idemvet_claims (scope, operation, key, fingerprint, expires_at, status, body, resource_id)
      VALUES ('bench', 'POST /payments', 'replay', '\\x00', now() + interval '1 day', 201, '{\"id\":1}', '1')"

median() { tr ' ' '\n' <<<"$1" | grep . | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

# compare SYNCHRONOUS_COMMIT BASE ARM...: runs the arms alternately and
# prints each one's median latency and its ratio to BASE's.
compare() {
  local sc=$1 base=$2 arm ms
  shift
  declare -A lat=()
  for _ in $(seq "$rounds"); do
    for arm in "$@"; do
      ms=$(PGOPTIONS="-c synchronous_commit=$sc" pgbench -n -M prepared -T "$seconds" -f "$here/$arm.sql" "$scratch" 2>&1 |
        awk '/latency average/ {print $4}')
      lat[$arm]="${lat[$arm]:-} $ms"
    done
  done
  local b
  b=$(median "${lat[$base]}")
  for arm in "$@"; do
    ms=$(median "${lat[$arm]}")
    printf 'synchronous_commit=%-3s %-18s median %.3f ms  %.2fx %s   (runs:%s)\n' \
      "$sc" "$arm" "$ms" "$(echo "$ms / $b" | bc -l)" "$base" "${lat[$arm]}"
  done
}

compare on bare claim-only claim-and-outcome
compare off bare claim-only claim-and-outcome
compare on select-by-id replay-read
PGOPTIONS="-c client_min_messages=warning" psql -q "$IDEMVET_PG_DSN" -c "DROP DATABASE $db"
