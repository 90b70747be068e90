# Sourced by floor.sh and statements.sh: makes the database $db afresh on
# the server IDEMVET_PG_DSN names, with the runtime's claims table and a
# payments table, and sets $scratch to its DSN.
: "${IDEMVET_PG_DSN:?set IDEMVET_PG_DSN to a server you own}"
scratch=${IDEMVET_PG_DSN/\/postgres\?//$db?}
PGOPTIONS="-c client_min_messages=warning" psql -q "$IDEMVET_PG_DSN" -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db"
sed 's/{table}/idemvet_claims/g; s/{name_pkey}/idemvet_claims_pkey/; s/{name_expires_at}/idemvet_claims_expires_at/' \
  "$here/../../schema.sql" | psql -q "$scratch"
psql -q "$scratch" -c "CREATE TABLE payments (id bigserial PRIMARY KEY, scope text NOT NULL, key text NOT NULL, amount int NOT NULL)"
