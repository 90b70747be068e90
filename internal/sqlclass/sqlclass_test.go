package sqlclass

import (
	"strings"
	"testing"
)

// classifyCase is one statement and the exact Statement expected for it.
// Cases come in pairs: a positive and, right after it, a near miss that
// must not trigger the same flag.
type classifyCase struct {
	name string
	sql  string
	want Statement
}

func runClassify(t *testing.T, cases []classifyCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := Classify(c.sql)
			got.InsertColumns = "" // TestInsertColumns tests the column lists
			got.WhereNames = ""    // and TestWhereNames the names a WHERE mentions
			if got != c.want {
				t.Errorf("Classify(%q)\n got  %+v\n want %+v", c.sql, got, c.want)
			}
		})
	}
}

func TestKindAndTable(t *testing.T) {
	runClassify(t, []classifyCase{
		{"insert", `INSERT INTO users (id) VALUES ($1)`, Statement{Kind: Insert, Table: "users"}},
		{"insert schema quoted", `insert into "Billing"."Payments" values (?)`, Statement{Kind: Insert, Table: "billing.payments"}},
		{"insert alias", `INSERT INTO billing.payments AS p (id) VALUES (:id)`, Statement{Kind: Insert, Table: "billing.payments"}},
		{"mysql insert without into", "INSERT `Orders` (id) VALUES (1)", Statement{Kind: Insert, Table: "orders"}},
		{"update only alias", `UPDATE ONLY accounts a SET balance = 0 WHERE a.id = $1`, Statement{Kind: Update, Table: "accounts"}},
		{"update quoted table named update", `UPDATE "update" SET x = 1`, Statement{Kind: Update, Table: "update"}},
		{"delete", `DELETE FROM public.sessions WHERE id = @id`, Statement{Kind: Delete, Table: "public.sessions"}},
		{"delete only", `DELETE FROM ONLY sessions s USING users u WHERE s.uid = u.id`, Statement{Kind: Delete, Table: "sessions"}},
		{"merge", `MERGE INTO stock s USING deliveries d ON s.item = d.item WHEN MATCHED THEN UPDATE SET n = s.n + d.n`, Statement{Kind: Merge, Table: "stock"}},
		{"lock table", `LOCK TABLE ONLY jobs IN ACCESS EXCLUSIVE MODE`, Statement{Kind: Lock, Table: "jobs"}},
		{"lock bare", `lock jobs`, Statement{Kind: Lock, Table: "jobs"}},
		{"select from", `SELECT id, name FROM Users u WHERE u.id = 1`, Statement{Kind: Select, Table: "users", MatchColumns: "id"}},
		{"select no from", `SELECT now()`, Statement{Kind: Select}},
		{"select from function", `SELECT * FROM generate_series(1, 10)`, Statement{Kind: Select}},
		{"select from subquery", `SELECT x FROM (SELECT a AS x FROM inner_t) sub`, Statement{Kind: Select, Table: "inner_t"}},
		{"select into from", `SELECT a INTO tmp FROM src`, Statement{Kind: Select, Table: "src"}},
		{"parenthesised union", `(SELECT a FROM t1) UNION (SELECT a FROM t2)`, Statement{Kind: Select, Table: "t1"}},
		{"values", `VALUES (1), (2)`, Statement{Kind: Select}},
		{"table", `TABLE audit.log`, Statement{Kind: Select, Table: "audit.log"}},
		{"ddl", `CREATE TABLE t (id int)`, Statement{Kind: Other, Schema: true}},
		{"set search_path", `SET search_path TO app`, Statement{Kind: Other}},
		{"empty", ``, Statement{}},
		{"only comments", "-- nothing\n/* here */ ;", Statement{}},
		{"literal", `'just a string'`, Statement{}},
	})
}

func TestWith(t *testing.T) {
	runClassify(t, []classifyCase{
		{"cte then update", `WITH due AS (SELECT id FROM jobs WHERE run_at < now()) UPDATE jobs SET state = 'run' FROM due WHERE jobs.id = due.id`,
			Statement{Kind: Update, Table: "jobs"}},
		{"cte then select", `WITH RECURSIVE t(n) AS (VALUES (1) UNION ALL SELECT n + 1 FROM t WHERE n < 5) SELECT n FROM t`,
			Statement{Kind: Select, Table: "t"}},
		{"writable cte under select", `WITH ins AS (INSERT INTO log (msg) VALUES ('x') RETURNING id) SELECT id FROM ins`,
			Statement{Kind: Insert, Table: "log", Returning: true}},
		{"read-only cte under select", `WITH sel AS (SELECT id FROM log WHERE msg = 'insert into x') SELECT id FROM sel`,
			Statement{Kind: Select, Table: "log", MatchColumns: "msg"}},
		{"select from the second cte", `WITH a AS (SELECT 1), sel AS (SELECT * FROM users WHERE email = $1) SELECT id FROM sel`,
			Statement{Kind: Select, Table: "users", MatchColumns: "email"}},
		{"select from a table beside a cte", `WITH sel AS (SELECT id FROM log) SELECT id FROM users JOIN sel ON sel.id = users.id`,
			Statement{Kind: Select, Table: "users"}},
		{"materialized writable cte", `WITH d AS MATERIALIZED (DELETE FROM queue WHERE id = 1 RETURNING *) SELECT count(*) FROM d`,
			Statement{Kind: Delete, Table: "queue", Returning: true}},
		{"insert fed by a writable cte is the cte's write", `WITH updated AS (UPDATE convoy.event_deliveries SET status = $1 WHERE id = ANY($2::TEXT[]) RETURNING created_at) INSERT INTO counts_stale (day) SELECT DISTINCT created_at::date FROM updated ON CONFLICT DO NOTHING`,
			Statement{Kind: Update, Table: "convoy.event_deliveries", Returning: true}},
		{"insert beside a writable cte it does not read keeps main", `WITH updated AS (UPDATE jobs SET state = 'run' WHERE id = $1 RETURNING id) INSERT INTO audit (msg) VALUES ('ran') ON CONFLICT DO NOTHING`,
			Statement{Kind: Insert, Table: "audit", OnConflict: true, OnConflictDoNothing: true}},
		{"cte then insert keeps main", `WITH src AS (SELECT 1 AS id) INSERT INTO dst SELECT id FROM src ON CONFLICT DO NOTHING`,
			Statement{Kind: Insert, Table: "dst", OnConflict: true, OnConflictDoNothing: true}},
	})
}

func TestExists(t *testing.T) {
	runClassify(t, []classifyCase{
		{"exists", `SELECT EXISTS(SELECT 1 FROM orders WHERE id = $1)`, Statement{Kind: Select, Table: "orders", Exists: true, MatchColumns: "id"}},
		{"not exists", `select not exists (select 1 from orders o where o.id = $1) as free`, Statement{Kind: Select, Table: "orders", Exists: true, MatchColumns: "id"}},
		{"exists among columns", `SELECT id, EXISTS(SELECT 1 FROM orders) FROM users`, Statement{Kind: Select, Table: "users"}},
		{"select 1 from", `SELECT 1 FROM users WHERE email = $1 LIMIT 1`, Statement{Kind: Select, Table: "users", Exists: true, MatchColumns: "email", PicksOne: true}},
		{"select 1 without from", `SELECT 1`, Statement{Kind: Select}},
		{"select 10 as found", `SELECT 10 AS found FROM users`, Statement{Kind: Select, Table: "users", Exists: true}},
		{"select 1 plus col", `SELECT 1, id FROM users`, Statement{Kind: Select, Table: "users"}},
		{"count star", `SELECT COUNT(*) FROM users WHERE email = $1`, Statement{Kind: Select, Table: "users", Exists: true, MatchColumns: "email"}},
		{"count 1", `select Count(1) from users`, Statement{Kind: Select, Table: "users", Exists: true}},
		{"count col", `SELECT count(id) > 0 FROM users`, Statement{Kind: Select, Table: "users", Exists: true}},
		{"amount is not count", `SELECT amount FROM payments`, Statement{Kind: Select, Table: "payments"}},
		{"count column without call", `SELECT count FROM stats`, Statement{Kind: Select, Table: "stats"}},
		{"count with other columns", `SELECT count(*), kind FROM users GROUP BY kind`, Statement{Kind: Select, Table: "users"}},
		{"select true", `SELECT TRUE FROM users WHERE id = 1`, Statement{Kind: Select, Table: "users", Exists: true, MatchColumns: "id"}},
		{"select truth column", `SELECT truth FROM users`, Statement{Kind: Select, Table: "users"}},
		{"count beside the row", `SELECT e.capacity, (SELECT count(*) FROM seat_reservations s WHERE s.event_id = e.id) FROM events e WHERE e.id = $1`,
			Statement{Kind: Select, Table: "events", MatchColumns: "id", Counts: "seat_reservations"}},
		{"two counts", `SELECT (SELECT count(*) FROM members WHERE org_id = $1), (SELECT COUNT(1) FROM invitations WHERE org_id = $1)`,
			Statement{Kind: Select, Counts: "members,invitations"}},
		{"exists beside the row is no count", `SELECT id, (SELECT 1 FROM orders o WHERE o.user_id = u.id LIMIT 1) FROM users u`, Statement{Kind: Select, Table: "users"}},
	})
}

func TestInsertConflict(t *testing.T) {
	runClassify(t, []classifyCase{
		{"do nothing", `INSERT INTO t (id) VALUES (1) ON CONFLICT DO NOTHING`,
			Statement{Kind: Insert, Table: "t", OnConflict: true, OnConflictDoNothing: true}},
		{"on conflict in string", `INSERT INTO t (note) VALUES ('on conflict do nothing')`,
			Statement{Kind: Insert, Table: "t"}},
		{"cols do update", `INSERT INTO t (id, n) VALUES ($1, $2) ON CONFLICT (id) WHERE n > 0 DO UPDATE SET n = EXCLUDED.n RETURNING id`,
			Statement{Kind: Insert, Table: "t", OnConflict: true, Returning: true, ConflictColumns: "id"}},
		{"on conflict in comment", "INSERT INTO t (id) VALUES (1) -- ON CONFLICT DO NOTHING\n",
			Statement{Kind: Insert, Table: "t"}},
		{"on constraint", `INSERT INTO t VALUES (1) ON CONFLICT ON CONSTRAINT t_pkey DO NOTHING`,
			Statement{Kind: Insert, Table: "t", OnConflict: true, OnConflictDoNothing: true}},
		{"join on table named conflict", `INSERT INTO t SELECT a.id FROM a JOIN conflict ON conflict.id = a.id`,
			Statement{Kind: Insert, Table: "t"}},
		{"insert ignore", `INSERT IGNORE INTO t (id) VALUES (1)`,
			Statement{Kind: Insert, Table: "t", OnConflict: true, OnConflictDoNothing: true}},
		{"ignore as a column", `INSERT INTO t (ignore) VALUES (1)`, Statement{Kind: Insert, Table: "t"}},
		{"cql if not exists", `INSERT INTO shards (id, owner) VALUES (?, ?) IF NOT EXISTS`,
			Statement{Kind: Insert, Table: "shards", OnConflict: true, OnConflictDoNothing: true}},
		{"if not exists inside a value", `INSERT INTO t (note) VALUES ('if not exists')`,
			Statement{Kind: Insert, Table: "t"}},
		{"on duplicate key", `INSERT INTO t (id, n) VALUES (1, 1) ON DUPLICATE KEY UPDATE n = n + 1`,
			Statement{Kind: Insert, Table: "t", OnConflict: true}},
		{"duplicate key in dollar quote", `INSERT INTO t (body) VALUES ($x$ ON DUPLICATE KEY UPDATE $x$)`,
			Statement{Kind: Insert, Table: "t"}},
		{"sqlite or ignore", `INSERT OR IGNORE INTO t VALUES (1)`,
			Statement{Kind: Insert, Table: "t", OnConflict: true, OnConflictDoNothing: true}},
		{"replace into", `REPLACE INTO t VALUES (1)`, Statement{Kind: Insert, Table: "t", OnConflict: true}},
	})
}

func TestInsertIfAbsent(t *testing.T) {
	runClassify(t, []classifyCase{
		{"where not exists", `INSERT INTO t (id) SELECT $1 WHERE NOT EXISTS (SELECT 1 FROM t WHERE id = $1)`,
			Statement{Kind: Insert, Table: "t", InsertIfAbsent: true, MatchColumns: "id"}},
		{"where not exists on another table", `INSERT INTO entries (hash) SELECT $1 WHERE NOT EXISTS (SELECT 1 FROM entry_tombstones WHERE hash = $1)`,
			Statement{Kind: Insert, Table: "entries"}},
		{"where not exists schema qualified", `INSERT INTO app.entries (hash) SELECT $1 WHERE NOT EXISTS (SELECT 1 FROM entries e WHERE e.hash = $1)`,
			Statement{Kind: Insert, Table: "app.entries", InsertIfAbsent: true, MatchColumns: "hash"}},
		{"select not exists value", `INSERT INTO flags (v) SELECT NOT EXISTS (SELECT 1 FROM t)`,
			Statement{Kind: Insert, Table: "flags"}},
		{"parenthesised select and", `INSERT INTO t (SELECT id FROM src WHERE ok AND NOT EXISTS (SELECT 1 FROM t WHERE t.id = src.id))`,
			Statement{Kind: Insert, Table: "t", InsertIfAbsent: true}},
		{"not exists in conflict update", `INSERT INTO t (id) VALUES (1) ON CONFLICT (id) DO UPDATE SET x = (SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM u))`,
			Statement{Kind: Insert, Table: "t", OnConflict: true, ConflictColumns: "id"}},
		{"where not in", `INSERT INTO t SELECT id FROM src WHERE id NOT IN (SELECT id FROM t)`,
			Statement{Kind: Insert, Table: "t"}},
	})
}

func TestPicksOne(t *testing.T) {
	runClassify(t, []classifyCase{
		{"limit 1", `SELECT key_id, key_json FROM one_time_keys WHERE user_id = $1 AND device_id = $2 LIMIT 1`,
			Statement{Kind: Select, Table: "one_time_keys", MatchColumns: "user_id,device_id", PicksOne: true}},
		{"order by then limit 1", `SELECT code FROM coupons WHERE used = false ORDER BY id LIMIT 1`,
			Statement{Kind: Select, Table: "coupons", MatchColumns: "used", SelectsByState: true, PicksOne: true}},
		{"fetch first row only", `SELECT id FROM jobs FETCH FIRST ROW ONLY`, Statement{Kind: Select, Table: "jobs", PicksOne: true}},
		{"fetch first 1 rows only", `SELECT id FROM jobs FETCH FIRST 1 ROWS ONLY`, Statement{Kind: Select, Table: "jobs", PicksOne: true}},
		// Near misses: more than one row, a bound limit, a subquery's limit.
		{"limit 10", `SELECT id FROM jobs LIMIT 10`, Statement{Kind: Select, Table: "jobs"}},
		{"fetch first 5 rows", `SELECT id FROM jobs FETCH FIRST 5 ROWS ONLY`, Statement{Kind: Select, Table: "jobs"}},
		{"limit parameter", `SELECT id FROM jobs LIMIT $1`, Statement{Kind: Select, Table: "jobs"}},
		{"subquery limit 1", `SELECT name FROM users WHERE id = (SELECT user_id FROM logins ORDER BY at DESC LIMIT 1)`, Statement{Kind: Select, Table: "users", MatchColumns: "id"}},
	})
}

func TestLatest(t *testing.T) {
	runClassify(t, []classifyCase{
		{"newest by time", `SELECT id, status FROM adjustments WHERE payment_id = $1 ORDER BY created_at DESC, sort_id DESC LIMIT 1 FOR UPDATE`,
			Statement{Kind: Select, Table: "adjustments", MatchColumns: "payment_id", PicksOne: true, Latest: true, ForUpdate: true}},
		// Near misses: the oldest row, every row newest first, a subquery's order.
		{"oldest", `SELECT id FROM adjustments WHERE payment_id = $1 ORDER BY created_at ASC LIMIT 1`,
			Statement{Kind: Select, Table: "adjustments", MatchColumns: "payment_id", PicksOne: true}},
		{"all newest first", `SELECT id FROM adjustments WHERE payment_id = $1 ORDER BY created_at DESC`,
			Statement{Kind: Select, Table: "adjustments", MatchColumns: "payment_id"}},
		{"subquery order", `SELECT id FROM adjustments WHERE id IN (SELECT id FROM adjustments ORDER BY created_at DESC) LIMIT 1`,
			Statement{Kind: Select, Table: "adjustments", PicksOne: true}},
	})
}

func TestRowLocks(t *testing.T) {
	runClassify(t, []classifyCase{
		{"for update", `SELECT * FROM jobs WHERE id = 1 FOR UPDATE`, Statement{Kind: Select, Table: "jobs", ForUpdate: true, MatchColumns: "id"}},
		{"column named update", `SELECT "for", "update" FROM jobs`, Statement{Kind: Select, Table: "jobs"}},
		{"for no key update skip locked", `SELECT id FROM jobs LIMIT 1 FOR NO KEY UPDATE OF jobs SKIP LOCKED`, Statement{Kind: Select, Table: "jobs", ForUpdate: true, PicksOne: true}},
		{"for update in string", `SELECT 'for update' FROM jobs`, Statement{Kind: Select, Table: "jobs"}},
		{"for share nowait", `SELECT id FROM jobs FOR SHARE NOWAIT`, Statement{Kind: Select, Table: "jobs", ForUpdate: true}},
		{"for key share", `SELECT id FROM jobs FOR KEY SHARE`, Statement{Kind: Select, Table: "jobs", ForUpdate: true}},
		{"substring for", `SELECT substring(name FROM 1 FOR 3) FROM jobs`, Statement{Kind: Select, Table: "jobs"}},
		{"subquery lock in update", `UPDATE jobs SET state = 'run' WHERE id = (SELECT id FROM jobs WHERE state = 'new' LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`,
			Statement{Kind: Update, Table: "jobs", ForUpdate: true, Returning: true}},
		{"policy for update is ddl", `CREATE POLICY p ON jobs FOR UPDATE USING (true)`, Statement{Kind: Other, Schema: true}},
		{"mysql lock in share mode", `SELECT id FROM jobs LOCK IN SHARE MODE`, Statement{Kind: Select, Table: "jobs", ForUpdate: true}},
	})
}

func TestAdvisoryLocks(t *testing.T) {
	runClassify(t, []classifyCase{
		{"xact lock", `SELECT pg_advisory_xact_lock(hashtext($1))`, Statement{Kind: Select, AdvisoryXactLock: true}},
		{"session lock", `SELECT pg_advisory_lock(42)`, Statement{Kind: Select, AdvisoryLock: true}},
		{"try xact lock qualified", `SELECT pg_catalog.pg_try_advisory_xact_lock(1, 2)`, Statement{Kind: Select, AdvisoryXactLock: true}},
		{"try session lock", `select PG_TRY_ADVISORY_LOCK(7)`, Statement{Kind: Select, AdvisoryLock: true}},
		{"unlock is not a lock", `SELECT pg_advisory_unlock(42)`, Statement{Kind: Select}},
		{"lock name in string", `SELECT 'pg_advisory_xact_lock(1)'`, Statement{Kind: Select}},
		{"lock name as column", `SELECT pg_advisory_lock FROM settings`, Statement{Kind: Select, Table: "settings"}},
		{"lock inside cte of insert", `WITH l AS (SELECT pg_advisory_xact_lock(1)) INSERT INTO t SELECT 1 FROM l`,
			Statement{Kind: Insert, Table: "t", AdvisoryXactLock: true}},
	})
}

func TestTransactions(t *testing.T) {
	runClassify(t, []classifyCase{
		{"begin", `BEGIN`, Statement{Kind: Begin}},
		{"begin isolation", `BEGIN TRANSACTION ISOLATION LEVEL SERIALIZABLE`, Statement{Kind: Begin, Isolation: "serializable"}},
		{"begin work modes", `begin work read write, isolation level repeatable   read`, Statement{Kind: Begin, Isolation: "repeatable read"}},
		{"start transaction", `START TRANSACTION ISOLATION LEVEL READ COMMITTED`, Statement{Kind: Begin, Isolation: "read committed"}},
		{"start replica", `START REPLICA`, Statement{Kind: Other}},
		{"set transaction", `SET TRANSACTION ISOLATION LEVEL READ UNCOMMITTED`, Statement{Kind: SetTransaction, Isolation: "read uncommitted"}},
		{"set session characteristics", `SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL SERIALIZABLE`, Statement{Kind: SetTransaction, Isolation: "serializable"}},
		{"set isolation as setting", `SET default_transaction_isolation = 'serializable'`, Statement{Kind: Other}},
		{"bad isolation level", `BEGIN ISOLATION LEVEL chaotic`, Statement{Kind: Begin}},
		{"commit", `COMMIT`, Statement{Kind: Commit}},
		{"end", `END TRANSACTION`, Statement{Kind: Commit}},
		{"commit prepared", `COMMIT PREPARED 'tx1'`, Statement{Kind: Other}},
		{"rollback", `ROLLBACK`, Statement{Kind: Rollback}},
		{"rollback to savepoint", `ROLLBACK TO SAVEPOINT sp1`, Statement{Kind: Savepoint}},
		{"rollback work to", `ROLLBACK WORK TO sp1`, Statement{Kind: Savepoint}},
		{"abort", `ABORT`, Statement{Kind: Rollback}},
		{"savepoint", `SAVEPOINT sp1`, Statement{Kind: Savepoint}},
		{"release", `RELEASE SAVEPOINT sp1`, Statement{Kind: Savepoint}},
	})
}

func TestLexerNeverLeaksKeywords(t *testing.T) {
	runClassify(t, []classifyCase{
		{"nested block comment", `/* outer /* inner */ still comment; DELETE FROM x */ SELECT 1 FROM t`, Statement{Kind: Select, Table: "t", Exists: true}},
		{"quoted ident with escaped quote", `SELECT * FROM "we""ird"`, Statement{Kind: Select, Table: `we"ird`}},
		{"escape string", `SELECT E'it\'s ; for update' FROM t`, Statement{Kind: Select, Table: "t"}},
		{"standard string", `SELECT 'it''s ; for update' FROM t`, Statement{Kind: Select, Table: "t"}},
		{"dollar quoted function body", "CREATE FUNCTION f() RETURNS void AS $body$ BEGIN; INSERT INTO t VALUES (1); END $body$ LANGUAGE plpgsql",
			Statement{Kind: Other, Schema: true}},
		{"params", `SELECT $1::int, ?, :name, @name FROM t`, Statement{Kind: Select, Table: "t"}},
		{"unterminated string", `SELECT 'abc FROM t FOR UPDATE`, Statement{Kind: Select}},
		{"unterminated comment", `SELECT 1 /* FROM t`, Statement{Kind: Select}},
		{"unterminated quoted table", `SELECT 1 FROM "abc`, Statement{Kind: Select, Exists: true}},
		{"invalid utf8", "SELECT \xff\xfe FROM t\xc3", Statement{Kind: Select, Table: "t\xc3"}},
	})
}

func TestRelativeUpdate(t *testing.T) {
	runClassify(t, []classifyCase{
		{"increment", `UPDATE users SET follow_count = follow_count - 1 WHERE id = $1`, Statement{Kind: Update, Table: "users", Relative: true}},
		{"absolute", `UPDATE users SET follow_count = $2 WHERE id = $1`, Statement{Kind: Update, Table: "users"}},
		{"second assignment qualified", `UPDATE wallets w SET updated_at = now(), balance = coalesce(w.balance, 0) + $2 WHERE w.id = $1`, Statement{Kind: Update, Table: "wallets", Relative: true}},
		{"function of another column", `UPDATE wallets SET balance = $2, updated_at = now() WHERE id = $1`, Statement{Kind: Update, Table: "wallets"}},
		{"append", `UPDATE posts SET tags = tags || $2 WHERE id = $1`, Statement{Kind: Update, Table: "posts", Relative: true}},
		{"recomputed by a subquery", `UPDATE topics SET num_posts = (SELECT count(*) FROM posts WHERE posts.num_posts > 0) WHERE id = $1`, Statement{Kind: Update, Table: "topics"}},
		{"column only in where", `UPDATE jobs SET state = 'done' WHERE id = $1 AND state = 'running'`, Statement{Kind: Update, Table: "jobs", StateGuard: true, Transition: true}},
	})
}

func TestSchemaAndStateGuard(t *testing.T) {
	runClassify(t, []classifyCase{
		{"create table", `CREATE TABLE IF NOT EXISTS payments (id bigint)`, Statement{Kind: Other, Schema: true}},
		{"alter table", `alter table payments add column note text`, Statement{Kind: Other, Schema: true}},
		{"set is not schema", `SET search_path = billing`, Statement{Kind: Other}},
		{"update keyed by names, no transition", `UPDATE token SET expires_in = 0 WHERE organization = $1 AND owner = $2`, Statement{Kind: Update, Table: "token", StateGuard: true}},
		{"update from state", `UPDATE orders SET status = 'paid' WHERE id = $1 AND status = 'pending'`, Statement{Kind: Update, Table: "orders", StateGuard: true, Transition: true}},
		{"upsert adding to the stored row", `INSERT INTO balances (owner_id, cents) VALUES ($1, $2) ON CONFLICT (owner_id) DO UPDATE SET cents = balances.cents + EXCLUDED.cents`, Statement{Kind: Insert, Table: "balances", OnConflict: true, ConflictColumns: "owner_id", Relative: true}},
		{"upsert of the proposed value", `INSERT INTO balances (owner_id, cents) VALUES ($1, $2) ON CONFLICT (owner_id) DO UPDATE SET cents = EXCLUDED.cents`, Statement{Kind: Insert, Table: "balances", OnConflict: true, ConflictColumns: "owner_id"}},
		// goalert's status change: the guard is parenthesised and written
		// value first.
		{"value-first guard in parentheses", `UPDATE alerts SET status = $1 WHERE id = ANY ($2) AND ($1 > status) RETURNING id`, Statement{Kind: Update, Table: "alerts", StateGuard: true, Transition: true, Returning: true}},
		{"value-first literal guard", `UPDATE jobs SET state = 'done' WHERE id = $1 AND 'running' = state`, Statement{Kind: Update, Table: "jobs", StateGuard: true, Transition: true}},
		// Near misses: a key in parentheses, a comparison in a subquery.
		{"key in parentheses", `UPDATE jobs SET state = 'done' WHERE ($1 = id)`, Statement{Kind: Update, Table: "jobs"}},
		{"value-first in a subquery", `UPDATE jobs SET state = 'done' WHERE id = $1 AND (SELECT count(*) FROM locks WHERE $2 > expires) = 0`, Statement{Kind: Update, Table: "jobs"}},
		{"update by key only", `UPDATE orders SET status = 'paid' WHERE id = $1 AND tenant_id = $2`, Statement{Kind: Update, Table: "orders"}},
		{"update null guard qualified", `UPDATE jobs j SET done_at = now() WHERE j.job_key = $1 AND j.done_at IS NULL RETURNING id`, Statement{Kind: Update, Table: "jobs", StateGuard: true, Transition: true, Returning: true}},
		{"update state only in subquery", `UPDATE orders SET n = 1 WHERE id IN (SELECT order_id FROM items WHERE state = 'x')`, Statement{Kind: Update, Table: "orders"}},
		{"update without where", `UPDATE counters SET n = n + 1`, Statement{Kind: Update, Table: "counters", Relative: true}},
		{"update behind a soft-delete filter is unguarded", `UPDATE event_deliveries SET status = $1, updated_at = NOW() WHERE (project_id = $2 OR $2 = '') AND id = ANY($3::TEXT[]) AND deleted_at IS NULL`, Statement{Kind: Update, Table: "event_deliveries"}},
		{"soft delete guarded by its own column", `UPDATE users SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL`, Statement{Kind: Update, Table: "users", StateGuard: true, Transition: true}},
		{"soft-delete filter beside a state guard", `UPDATE jobs SET state = 'done' WHERE id = $1 AND deleted_at IS NULL AND state = 'running'`, Statement{Kind: Update, Table: "jobs", StateGuard: true, Transition: true}},
		{"upsert whose update is guarded", `INSERT INTO events (id, done_at) VALUES ($1, now()) ON CONFLICT (id) DO UPDATE SET done_at = EXCLUDED.done_at WHERE events.done_at IS NULL`, Statement{Kind: Insert, Table: "events", OnConflict: true, ConflictColumns: "id", StateGuard: true}},
		{"upsert that overwrites", `INSERT INTO events (id, done_at) VALUES ($1, now()) ON CONFLICT (id) DO UPDATE SET done_at = EXCLUDED.done_at`, Statement{Kind: Insert, Table: "events", OnConflict: true, ConflictColumns: "id"}},
		{"delete guarded", `DELETE FROM holds WHERE hold_key = $1 AND version = $2`, Statement{Kind: Delete, Table: "holds", StateGuard: true}},
		{"delete by key", `DELETE FROM holds WHERE hold_key = $1`, Statement{Kind: Delete, Table: "holds"}},
		{"update from a plan", `UPDATE subscriptions SET product_id = $2 WHERE subscription_id = $1 AND product_id = 'free'`, Statement{Kind: Update, Table: "subscriptions", StateGuard: true, Transition: true}},
		{"update keyed by a product", `UPDATE stock SET reserved = $2 WHERE product_id = $1`, Statement{Kind: Update, Table: "stock"}},
		{"update of a reference not set yet", `UPDATE users SET family_admin_id = $1 WHERE user_id = $2 AND family_admin_id IS NULL`, Statement{Kind: Update, Table: "users", StateGuard: true, Transition: true}},
		{"update keyed by a reference", `UPDATE users SET name = $1 WHERE user_id = $2 AND family_admin_id = $3`, Statement{Kind: Update, Table: "users"}},
	})
}

func TestSelectsByState(t *testing.T) {
	for _, tc := range []struct {
		sql  string
		want bool
	}{
		{`SELECT id, recipient FROM reminders WHERE sent_at IS NULL ORDER BY id LIMIT 100`, true},
		{`SELECT * FROM jobs WHERE status = 'queued' AND run_at <= now() FOR UPDATE SKIP LOCKED`, true},
		{`SELECT * FROM jobs j WHERE j.state IN ('queued', 'retry')`, true},
		{`SELECT * FROM outbox WHERE published = false`, true},
		// Near misses: rows picked by the caller's values, by keys, by a
		// soft-delete filter, or by a subquery's state.
		{`SELECT * FROM users WHERE email = $1`, false},
		{`SELECT * FROM reminders WHERE batch_id = $1`, false},
		{`SELECT * FROM users WHERE org_id = 42`, false},
		{`SELECT * FROM users WHERE email = $1 AND deleted_at IS NULL`, false},
		{`SELECT * FROM orders WHERE id IN (SELECT order_id FROM items WHERE state = 'x')`, false},
		{`SELECT * FROM project_views WHERE project_id < 0 AND view_kind = 3 AND bucket_configuration_mode = 1`, false},
		{`SELECT * FROM events WHERE event_type = 'signup'`, false},
		{`SELECT * FROM project_views WHERE view_kind = 3 AND done = false`, true},
	} {
		if got := Classify(tc.sql).SelectsByState; got != tc.want {
			t.Errorf("Classify(%q).SelectsByState = %t, want %t", tc.sql, got, tc.want)
		}
	}
}

func TestClassifyAll(t *testing.T) {
	sql := `BEGIN ISOLATION LEVEL SERIALIZABLE;
		SELECT 1 FROM t WHERE note = 'a;b'; -- ; in a comment
		;;
		INSERT INTO t VALUES (1) ON CONFLICT DO NOTHING;
		CREATE RULE r AS ON INSERT TO t DO ALSO (DELETE FROM a; DELETE FROM b);
		CREATE FUNCTION f() RETURNS int LANGUAGE sql BEGIN ATOMIC SELECT CASE WHEN true THEN 1 END; SELECT 2; END;
		COMMIT`
	got := ClassifyAll(sql)
	want := []Kind{Begin, Select, Insert, Other, Other, Commit}
	if len(got) != len(want) {
		t.Fatalf("ClassifyAll: got %d statements %+v, want %d", len(got), got, len(want))
	}
	for i, k := range want {
		if got[i].Kind != k {
			t.Errorf("statement %d: kind %v, want %v (%+v)", i, got[i].Kind, k, got[i])
		}
	}
	if got[0].Isolation != "serializable" || !got[2].OnConflictDoNothing {
		t.Errorf("lost details: %+v", got)
	}
	if len(ClassifyAll(" ; -- x\n")) != 0 {
		t.Errorf("ClassifyAll of empty statements should be empty")
	}
}

// checkInvariants holds for any input; the fuzzer and the unit tests share it.
func checkInvariants(t *testing.T, s string) {
	got := Classify(s)
	all := ClassifyAll(s)
	if len(all) == 0 {
		if got != (Statement{}) {
			t.Fatalf("Classify(%q) = %+v but ClassifyAll found no statement", s, got)
		}
	} else if all[0] != got {
		t.Fatalf("Classify(%q) = %+v, ClassifyAll[0] = %+v", s, got, all[0])
	}
	for _, st := range all {
		checkStatement(t, s, st)
	}
	wrapped := "/* lead */ -- line\n \t" + s + "\n/* trail */ "
	if w := Classify(wrapped); w != got {
		t.Fatalf("comments changed the answer for %q:\n bare    %+v\n wrapped %+v", s, got, w)
	}
	// When a following statement splits off cleanly (s left no open quote,
	// comment or parenthesis), it must not change what came before it.
	more := ClassifyAll(s + ";\nDELETE FROM zz")
	if len(more) == len(all)+1 {
		for i := range all {
			if more[i] != all[i] {
				t.Fatalf("a following statement changed statement %d of %q:\n alone    %+v\n followed %+v", i, s, all[i], more[i])
			}
		}
		if last := more[len(all)]; last != (Statement{Kind: Delete, Table: "zz"}) {
			t.Fatalf("statement after %q classified as %+v", s, last)
		}
	}
}

func checkStatement(t *testing.T, s string, st Statement) {
	if st.Kind < Unknown || st.Kind > Other {
		t.Fatalf("%q: kind %d out of range", s, st.Kind)
	}
	if st.Table != lowerASCII(st.Table) {
		t.Fatalf("%q: table %q not lower-cased", s, st.Table)
	}
	switch st.Isolation {
	case "", "serializable", "repeatable read", "read committed", "read uncommitted":
	default:
		t.Fatalf("%q: isolation %q", s, st.Isolation)
	}
	if st.OnConflictDoNothing && !st.OnConflict {
		t.Fatalf("%q: DoNothing without OnConflict: %+v", s, st)
	}
	if (st.OnConflict || st.InsertIfAbsent) && st.Kind != Insert {
		t.Fatalf("%q: conflict handling on a %v: %+v", s, st.Kind, st)
	}
	if st.Exists && st.Kind != Select {
		t.Fatalf("%q: Exists on a %v", s, st.Kind)
	}
	if st.ForUpdate && !isQuery(st.Kind) {
		t.Fatalf("%q: ForUpdate on a %v", s, st.Kind)
	}
}

var seedStatements = []string{
	"", ";", "SELECT 1", "SELECT EXISTS(SELECT 1 FROM t WHERE id=$1)",
	"INSERT INTO t VALUES (1) ON CONFLICT (id) DO NOTHING RETURNING id",
	"INSERT INTO t SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM t)",
	"WITH x AS (INSERT INTO a VALUES (1) RETURNING *) SELECT * FROM x",
	"SELECT * FROM \"Q\".\"T\" FOR NO KEY UPDATE SKIP LOCKED",
	"SELECT pg_advisory_xact_lock(1); SELECT pg_advisory_lock(2)",
	"BEGIN ISOLATION LEVEL REPEATABLE READ; COMMIT; ROLLBACK TO SAVEPOINT a",
	"SELECT $a$ ; $a$, E'\\'', 'x''y', \"a\"\"b\" FROM t /* /* */ */ -- c",
	"SELECT 'unterminated", "SELECT \"unterminated", "/* unterminated", "SELECT $q$ open",
	"INSERT IGNORE t VALUES (1)", "UPDATE t SET a = 1 ON DUPLICATE KEY UPDATE",
	"CREATE FUNCTION f() BEGIN ATOMIC SELECT 1; END; SELECT 2",
	"\xff\xfe SELECT", "((((SELECT 1 FROM t", "SELECT 1 FROM t)))); DELETE FROM u",
	"SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL SERIALIZABLE",
	"LOCK TABLE ONLY x.y IN SHARE MODE", "U&\"d\\0061t\" 0x1F 1.5e-3 .5 :name @x ?::int",
}

func TestInvariantsOnSeeds(t *testing.T) {
	for _, s := range seedStatements {
		checkInvariants(t, s)
		checkInvariants(t, strings.ToUpper(s))
	}
}

func FuzzClassify(f *testing.F) {
	for _, s := range seedStatements {
		f.Add(s)
	}
	f.Fuzz(checkInvariants)
}

func BenchmarkClassify(b *testing.B) {
	sql := `WITH due AS (SELECT id FROM jobs WHERE run_at < now() LIMIT 10 FOR UPDATE SKIP LOCKED)
		UPDATE jobs SET state = 'running' /* claim */ FROM due WHERE jobs.id = due.id RETURNING jobs.id`
	b.SetBytes(int64(len(sql)))
	for b.Loop() {
		Classify(sql)
	}
}

func BenchmarkClassifyAll(b *testing.B) {
	sql := strings.Repeat(`INSERT INTO t (id, note) VALUES ($1, 'a;b') ON CONFLICT (id) DO NOTHING; `, 20)
	b.SetBytes(int64(len(sql)))
	for b.Loop() {
		ClassifyAll(sql)
	}
}

func TestKindString(t *testing.T) {
	for k, want := range map[Kind]string{Unknown: "Unknown", Insert: "Insert", Other: "Other", Kind(42): "Kind(42)", Kind(-3): "Kind(-3)"} {
		if got := k.String(); got != want {
			t.Errorf("Kind(%d).String() = %q, want %q", int(k), got, want)
		}
	}
}

func TestKeyColumns(t *testing.T) {
	for _, c := range []struct{ sql, conflict, match string }{
		{`SELECT id FROM users WHERE email = $1 AND tenant_id = $2`, "", "email,tenant_id"},
		{`SELECT id FROM users u WHERE u.email = $1 AND u.deleted_at IS NULL`, "", "email"},
		{`SELECT id FROM users WHERE email = $1 OR name = $2`, "", ""},
		{`SELECT id FROM users WHERE lower(email) = $1`, "", ""},
		{`SELECT a.id FROM a JOIN b ON a.id = b.a_id WHERE a.name = $1 ORDER BY a.id`, "", "name"},
		{`SELECT id FROM users WHERE email = $1 GROUP BY id HAVING count(*) = 1`, "", "email"},
		{`INSERT INTO access (user_id, topic) VALUES ($1, $2) ON CONFLICT (user_id, topic) DO NOTHING`, "user_id,topic", ""},
		{`INSERT INTO users (email) VALUES ($1) ON CONFLICT (lower(email)) DO NOTHING`, "", ""},
		{`INSERT INTO users (email) VALUES ($1) ON CONFLICT ON CONSTRAINT users_email_key DO NOTHING`, "", ""},
		{`INSERT INTO users (email) VALUES ($1) ON CONFLICT DO NOTHING`, "", ""},
	} {
		got := Classify(c.sql)
		if got.ConflictColumns != c.conflict || got.MatchColumns != c.match {
			t.Errorf("Classify(%q): conflict %q, match %q; want %q, %q", c.sql, got.ConflictColumns, got.MatchColumns, c.conflict, c.match)
		}
	}
}

func TestInsertColumns(t *testing.T) {
	for _, c := range []struct{ sql, want string }{
		{`INSERT INTO ledger (account_id, amount) VALUES ($1, $2)`, "account_id,amount"},
		{`INSERT INTO ledger (id, account_id, amount) VALUES ($1, $2, $3)`, "id,account_id,amount"},
		{`INSERT INTO ledger VALUES ($1, $2)`, ""},
		{`INSERT INTO ledger (SELECT * FROM staged)`, ""},
		{`INSERT INTO archive (id, body) SELECT id, body FROM messages`, "id,body"},
	} {
		if got := Classify(c.sql).InsertColumns; got != c.want {
			t.Errorf("Classify(%q).InsertColumns = %q, want %q", c.sql, got, c.want)
		}
	}
}

func TestWhereNames(t *testing.T) {
	for _, c := range []struct{ sql, want string }{
		{`SELECT 1 FROM users u WHERE u.email = $1 AND u.tenant_id = $2`, "email,tenant_id"},
		// An OR leaves MatchColumns empty; the names are still those the
		// rows are looked up by, and a subquery's are not.
		{`SELECT COUNT(*) FROM user_access WHERE (topic = ? OR ? LIKE topic ESCAPE '\') AND (owner_user_id IS NULL OR owner_user_id != (SELECT id FROM user WHERE user = ?))`, "topic,owner_user_id"},
		{`SELECT EXISTS (SELECT 1 FROM orders WHERE id = $1 OR ref = $1)`, "id,ref"},
		{`SELECT id FROM users ORDER BY id`, ""},
	} {
		if got := Classify(c.sql).WhereNames; got != c.want {
			t.Errorf("Classify(%q).WhereNames = %q, want %q", c.sql, got, c.want)
		}
	}
}

func TestNextFromAggregate(t *testing.T) {
	runClassify(t, []classifyCase{
		{"max subquery among the values", `INSERT INTO posts (title, number, tenant_id) VALUES ($1, (SELECT COALESCE(MAX(number), 0) + 1 FROM posts p WHERE p.tenant_id = $2), $2) RETURNING id`,
			Statement{Kind: Insert, Table: "posts", Returning: true, NextFromAggregate: true}},
		{"max of another table", `INSERT INTO posts (title, number) VALUES ($1, (SELECT MAX(number) + 1 FROM archived_posts))`,
			Statement{Kind: Insert, Table: "posts"}},
		{"insert select count", `INSERT INTO tickets (project_id, seq) SELECT $1, count(*) + 1 FROM tickets WHERE project_id = $1`,
			Statement{Kind: Insert, Table: "tickets", NextFromAggregate: true}},
		{"insert select of the table without an aggregate", `INSERT INTO tickets (project_id, seq) SELECT project_id, seq FROM tickets WHERE id = $1`,
			Statement{Kind: Insert, Table: "tickets"}},
		{"aggregate in a nested query of another table", `INSERT INTO tickets (project_id, seq) SELECT $1, (SELECT max(n) FROM counters) FROM tickets WHERE id = $2`,
			Statement{Kind: Insert, Table: "tickets"}},
		{"column named max", `INSERT INTO limits (max, min) VALUES ($1, $2)`,
			Statement{Kind: Insert, Table: "limits"}},
	})
}
