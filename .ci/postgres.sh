#!/usr/bin/env bash
# Sourced by .ci/test.sh. Makes a PostgreSQL server reachable and exports
# IDEMVET_PG_DSN for the Postgres-backed tests.
#
# - IDEMVET_PG_DSN already set: used as is.
# - Otherwise the Debian cluster is installed if missing, started with
#   pg_ctlcluster (PostgreSQL refuses to run as root, the cluster runs as the
#   postgres user), and given a password for TCP logins on 127.0.0.1.
if [ -n "${IDEMVET_PG_DSN:-}" ]; then
  return 0 2>/dev/null || exit 0
fi

if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  echo "postgres.sh: installing PostgreSQL from Debian packages" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq postgresql >/dev/null
fi

pg_version=$(ls /usr/lib/postgresql | sort -n | tail -n 1)
if ! pg_lsclusters -h | awk '{print $1" "$2}' | grep -qx "$pg_version main"; then
  pg_createcluster "$pg_version" main >/dev/null
fi
if ! pg_lsclusters -h | awk -v v="$pg_version" '$1==v && $2=="main" {print $4}' | grep -qx online; then
  pg_ctlcluster "$pg_version" main start
fi
port=$(pg_lsclusters -h | awk -v v="$pg_version" '$1==v && $2=="main" {print $3}')

# Wait until the server accepts connections (bounded).
for _ in $(seq 1 60); do
  if runuser -u postgres -- pg_isready -q -p "$port"; then break; fi
  sleep 0.5
done
runuser -u postgres -- pg_isready -p "$port" >/dev/null

runuser -u postgres -- psql -q -p "$port" -v ON_ERROR_STOP=1 \
  -c "ALTER ROLE postgres WITH PASSWORD 'idemvet'" >/dev/null
# Tests create one database per test; a few hundred connections is plenty.
export IDEMVET_PG_DSN="postgres://postgres:idemvet@127.0.0.1:${port}/postgres?sslmode=disable"
echo "postgres.sh: PostgreSQL $pg_version on port $port" >&2
