package sqlclass

import (
	"reflect"
	"strings"
	"testing"
)

func TestSchemas(t *testing.T) {
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
