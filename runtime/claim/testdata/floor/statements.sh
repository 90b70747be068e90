#!/usr/bin/env bash
# Where a call's server time goes: the server-side execution time of Do's
# claim statement (as protocol.go renders it with the default Options) on a
# first execution and on a replay, against the floor's statements
# (claim-and-outcome.sql's INSERT, replay-read.sql's SELECT) and pieces of
# Do's statement, all prepared (generic plans, as pgx's statement cache
# runs them) and alternated, ROUNDS times each, inside a transaction; it
# prints each one's median EXPLAIN ANALYZE execution time. Then the WAL
# records of one first execution of Do's statements and of the floor's
# (pg_walinspect).
#
#   IDEMVET_PG_DSN=... bash runtime/claim/testdata/floor/statements.sh [ROUNDS]
set -euo pipefail
rounds=${1:-200}
here=$(cd "$(dirname "$0")" && pwd)
db=idemvet_statements
. "$here/scratch.sh"
psql -q "$scratch" \
  -c "INSERT INTO idemvet_claims (scope, operation, key, fingerprint, expires_at, status, body, resource_id)
      VALUES ('bench', 'POST /payments', 'replay', '', now() + interval '1 day', 201, '{\"id\":1}', '1')"

# The statements, rendered from protocol.go as newProtocol does with the
# default Options (LockTimeout 2s, HoldTimeout 60s, table idemvet_claims).
python3 - "$here/../../protocol.go" "$rounds" >"/tmp/$db.sql" <<'EOF'
import re, sys
src = open(sys.argv[1]).read()
rounds = int(sys.argv[2])
const = lambda name: re.search(r'const %s = `(.*?)`' % name, src, re.S).group(1)
bounds = const('boundsSQL').replace('{hold}', '60000ms')
render = lambda sql, b=bounds: sql.replace('{table}', 'idemvet_claims').replace('{bounds}', b).replace('{lock}', '2000ms')
claim_params = '(text, text, text, bytea, bigint, int8, text)'
floor_insert = """INSERT INTO idemvet_claims (scope, operation, key, fingerprint, expires_at)
  VALUES ($1, $2, $3, $4, now() + interval '1 day') ON CONFLICT (scope, operation, key) DO NOTHING RETURNING ctid"""
floor_read = """SELECT fingerprint, status, body, headers::text, resource_id, rejected FROM idemvet_claims
  WHERE scope = $1 AND operation = $2 AND key = $3"""
print('PREPARE do_claim%s AS %s;' % (claim_params, render(const('claimSQL'))))
print('PREPARE do_claim_unbounded%s AS %s;' % (claim_params, render(const('claimSQL'), '')))
print('PREPARE do_store(text, int4, bytea, text, text, bool, int8) AS %s;' % render(const('storeSQL')))
print('PREPARE floor_insert(text, text, text, bytea) AS %s;' % floor_insert)
print('PREPARE floor_read(text, text, text) AS %s;' % floor_read)
print("PREPARE floor_store(text, text, text, int4, bytea, text) AS UPDATE idemvet_claims SET status = $4, body = $5, resource_id = $6 WHERE scope = $1 AND operation = $2 AND key = $3;")
print("PREPARE pay AS INSERT INTO payments (scope, key, amount) VALUES ('bench', 'bare', 1) RETURNING id;")
arms = [
    ('do claim, first execution', "do_claim('bench', 'POST /payments', 'do-%d', '', 86400000, %d, '1ms')"),
    ('floor INSERT, first execution', "floor_insert('bench', 'POST /payments', 'floor-%d', '')"),
    ('do claim, replay', "do_claim('bench', 'POST /payments', 'replay', '', 86400000, 0, '1ms')"),
    ('do claim without bounds and gate, replay', "do_claim_unbounded('bench', 'POST /payments', 'replay', '', 86400000, 0, '1ms')"),
    ('floor INSERT on the taken key', "floor_insert('bench', 'POST /payments', 'replay', '')"),
    ('floor read, replay', "floor_read('bench', 'POST /payments', 'replay')"),
]
for i in range(rounds):
    for name, call in arms:
        call = call % ((i, i) if call.count('%d') == 2 else (i,) if '%d' in call else ())
        print("\\echo '%s'" % name)
        print('BEGIN; EXPLAIN (ANALYZE, TIMING OFF, SUMMARY ON, COSTS OFF) EXECUTE %s; COMMIT;' % call)
# One first execution of each, for the WAL records (the loop above has
# touched the claims pages since the last checkpoint, so neither pays for a
# full-page image unless a checkpoint falls in between).
print('CREATE EXTENSION IF NOT EXISTS pg_walinspect;')
print("EXECUTE pay \\g /dev/null")  # the payments table's first page, off the record
print("SELECT pg_current_wal_insert_lsn() AS l0 \\gset")
print("BEGIN; EXECUTE do_claim('bench', 'POST /payments', 'wal-do', '', 86400000, 1, '1ms') \\gset")
print("EXECUTE pay \\g /dev/null")
print("""EXECUTE do_store(:'ctid', 201, '{"id":1}', '', '1', false, 1) \\g /dev/null""")
print("COMMIT;")
print("SELECT pg_current_wal_insert_lsn() AS l1 \\gset")
print("BEGIN; EXECUTE floor_insert('bench', 'POST /payments', 'wal-floor', '') \\g /dev/null")
print("EXECUTE pay \\g /dev/null")
print("""EXECUTE floor_store('bench', 'POST /payments', 'wal-floor', 201, '{"id":1}', '1');""")
print("COMMIT;")
print("SELECT pg_current_wal_insert_lsn() AS l2 \\gset")
for arm, a, b in (('do', 'l0', 'l1'), ('floor', 'l1', 'l2')):
    print("SELECT '%s' AS arm, resource_manager, record_type, record_length, fpi_length FROM pg_get_wal_records_info(:'%s', :'%s');" % (arm, a, b))
EOF
psql -q -X "$scratch" -f "/tmp/$db.sql" 2>&1 | awk '
  /^[a-z].*(execution|replay|key)$/ { arm = $0; next }
  /Execution Time/ { t[arm] = t[arm] " " $3; next }
  / (do|floor) +\|/ { print; next }
  END { for (a in t) print a ":" t[a] }' >"/tmp/$db.out"
grep '|' "/tmp/$db.out" || true
grep -v '|' "/tmp/$db.out" | while IFS=: read -r arm times; do
  printf '%-42s median %s ms\n' "$arm" "$(tr ' ' '\n' <<<"$times" | grep . | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}')"
done
PGOPTIONS="-c client_min_messages=warning" psql -q "$IDEMVET_PG_DSN" -c "DROP DATABASE $db"
rm -f "/tmp/$db.sql" "/tmp/$db.out"
