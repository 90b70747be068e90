package sqlclass

import (
	"reflect"
	"strings"
	"testing"
)

func TestSchemas(t *testing.T) {
	//idemvet:ignore keyscope a parser's test schema, not a service's
	sql := `
CREATE TABLE IF NOT EXISTS billing.idempotency_keys (
	key text PRIMARY KEY,
	merchant_id bigint NOT NULL REFERENCES merchants (id),
	response jsonb,
	CONSTRAINT body_size CHECK (length(response::text) < 65536)
);
CREATE TABLE payments (
	id uuid DEFAULT gen_random_uuid(),
	"Merchant_ID" bigint,
	idempotency_key text,
	CONSTRAINT uq_scope UNIQUE (merchant_id, idempotency_key),
	PRIMARY KEY (id)
);
INSERT INTO payments (id) VALUES ('x');
ALTER TABLE payments ADD COLUMN IF NOT EXISTS request_key text, ADD CONSTRAINT uq_req UNIQUE (request_key);
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS ix ON ONLY refunds USING btree (idempotency_key DESC) WHERE idempotency_key IS NOT NULL;
CREATE UNIQUE INDEX ix2 ON refunds (lower(idempotency_key));
`
	got := map[string]string{}
	for _, tbl := range Schemas(sql) {
		var uniq []string
		for _, u := range tbl.Unique {
			uniq = append(uniq, strings.Join(u.Columns, "+")+"@"+strings.Fields(sql[u.Offset:])[0])
		}
		got[tbl.Name] = strings.Join(tbl.Columns, ",") + " | " + strings.Join(uniq, " ")
	}
	want := map[string]string{
		"idempotency_keys": "key,merchant_id,response | key@key",
		"payments":         "id,merchant_id,idempotency_key,request_key | merchant_id+idempotency_key@CONSTRAINT id@PRIMARY request_key@CONSTRAINT",
		"refunds":          " | idempotency_key@CREATE",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Schemas:\n got %q\nwant %q", got, want)
	}
}

// TestSchemasPartialIndex: a unique index with a WHERE clause is partial;
// the same index without one, and a table constraint, are not.
func TestSchemasPartialIndex(t *testing.T) {
	//idemvet:ignore keyscope a parser's test schema, not a service's
	tables := Schemas(`
CREATE TABLE refunds (idempotency_key text, merchant_id bigint, UNIQUE (merchant_id, idempotency_key));
CREATE UNIQUE INDEX live ON refunds (idempotency_key) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX every ON refunds (merchant_id);
`)
	if len(tables) != 1 {
		t.Fatalf("tables %v, want refunds alone", tables)
	}
	var got []bool
	for _, u := range tables[0].Unique {
		got = append(got, u.Partial)
	}
	if want := []bool{false, true, false}; !reflect.DeepEqual(got, want) {
		t.Errorf("partial flags %v, want %v", got, want)
	}
}

// TestSchemasMySQLKeys: MySQL names its unique keys inline.
func TestSchemasMySQLKeys(t *testing.T) {
	tables := Schemas("CREATE TABLE users (id bigint AUTO_INCREMENT PRIMARY KEY, email varchar(255), handle varchar(64), UNIQUE KEY users_email (email), KEY users_handle (handle));")
	if len(tables) != 1 || len(tables[0].Unique) != 2 || strings.Join(tables[0].Unique[1].Columns, ",") != "email" {
		t.Fatalf("tables %+v, want users with unique id and email (the plain KEY on handle is no unique key)", tables)
	}
}
