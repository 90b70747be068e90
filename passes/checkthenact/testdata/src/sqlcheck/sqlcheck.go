package sqlcheck

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
)

func existsThenInsert(ctx context.Context, db *sql.DB, key string) error {
	var exists bool
	if err := db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM payments WHERE key = $1)`, key).Scan(&exists); err != nil { // want `check-then-act race: the existence check on payments and the insert at line 18`
		return err
	}
	if exists {
		return nil
	}
	_, err := db.ExecContext(ctx, `INSERT INTO payments (key) VALUES ($1)`, key)
	return err
}

// Near miss: the insert is conditional.
func existsThenInsertOnConflict(ctx context.Context, db *sql.DB, key string) error {
	var exists bool
	if err := db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM payments WHERE key = $1)`, key).Scan(&exists); err != nil {
		return err
	}
	if exists {
		return nil
	}
	_, err := db.ExecContext(ctx, `INSERT INTO payments (key) VALUES ($1) ON CONFLICT (key) DO NOTHING`, key)
	return err
}

// Near miss: the insert goes to another table.
func existsThenInsertElsewhere(ctx context.Context, db *sql.DB, key string) error {
	var exists bool
	if err := db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM payments WHERE key = $1)`, key).Scan(&exists); err != nil {
		return err
	}
	if exists {
		return nil
	}
	_, err := db.ExecContext(ctx, `INSERT INTO audit_log (key) VALUES ($1)`, key)
	return err
}

// Near miss: the insert runs when the row IS there.
func insertWhenPresent(ctx context.Context, db *sql.DB, key string) error {
	var exists bool
	if err := db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM payments WHERE key = $1)`, key).Scan(&exists); err != nil {
		return err
	}
	if !exists {
		return errors.New("unknown payment")
	}
	_, err := db.ExecContext(ctx, `INSERT INTO payments (key) VALUES ($1)`, key)
	return err
}

func countThenInsert(db *sql.DB, id string) error {
	var n int
	db.QueryRow("SELECT count(*) FROM processed_events WHERE id = ?", id).Scan(&n) // want `check-then-act race`
	if n > 0 {
		return nil
	}
	_, err := db.Exec("INSERT INTO processed_events (id) VALUES (?)", id)
	return err
}

const selectOrder = "SELECT id FROM orders WHERE request_id = $1"
const insertOrder = "INSERT INTO orders (request_id) " + "VALUES ($1)"

func noRowsThenInsert(db *sql.DB, req string) error {
	var id int64
	err := db.QueryRow(selectOrder, req).Scan(&id) // want `check-then-act race: the existence check on orders`
	if errors.Is(err, sql.ErrNoRows) {
		_, err = db.Exec(insertOrder, req)
	}
	return err
}

// Near miss: a unique violation is handled as the duplicate outcome.
func noRowsThenInsertHandled(db *sql.DB, req string) error {
	var id int64
	err := db.QueryRow(selectOrder, req).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		_, err = db.Exec(insertOrder, req)
		if err != nil && isUniqueViolation(err) {
			return nil
		}
	}
	return err
}

func isUniqueViolation(err error) bool { return err != nil }

// Near miss: the read's error is returned; the insert runs after a hit.
func readThenInsertOnHit(db *sql.DB, req string) error {
	var id int64
	if err := db.QueryRow(selectOrder, req).Scan(&id); err != nil {
		return err
	}
	_, err := db.Exec(insertOrder, req)
	return err
}

func presentReturnsElseInsert(db *sql.DB, req string) error {
	var id int64
	err := db.QueryRow(selectOrder, req).Scan(&id) // want `check-then-act race`
	if err == nil {
		return nil
	}
	_, err = db.Exec(insertOrder, req)
	return err
}

// SELECT ... FOR UPDATE that finds no row locks nothing: both
// transactions read "absent" and both insert.
func forUpdateInTx(ctx context.Context, db *sql.DB, req string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var id int64
	err = tx.QueryRow("SELECT id FROM orders WHERE request_id = $1 FOR UPDATE", req).Scan(&id) // want `FOR UPDATE locks no row when none is found`
	if errors.Is(err, sql.ErrNoRows) {
		if _, err := tx.Exec(insertOrder, req); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// Near miss: the parent account, which every competitor locks first, is
// locked before the check for the missing membership: the second caller
// waits on the account and then sees the first one's row.
func forUpdateParent(ctx context.Context, db *sql.DB, account, user int64) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var id int64
	if err := tx.QueryRow("SELECT id FROM accounts WHERE id = $1 FOR UPDATE", account).Scan(&id); err != nil {
		return err
	}
	var member bool
	if err := tx.QueryRow("SELECT EXISTS(SELECT 1 FROM memberships WHERE account_id = $1 AND user_id = $2)", account, user).Scan(&member); err != nil {
		return err
	}
	if !member {
		if _, err := tx.Exec("INSERT INTO memberships (account_id, user_id) VALUES ($1, $2)", account, user); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// The parent is locked only after the check: both callers have already
// seen the membership missing.
func forUpdateParentLate(ctx context.Context, db *sql.DB, account, user int64) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var member bool
	if err := tx.QueryRow("SELECT EXISTS(SELECT 1 FROM memberships WHERE account_id = $1 AND user_id = $2)", account, user).Scan(&member); err != nil { // want `check-then-act race: the existence check on memberships`
		return err
	}
	var id int64
	if err := tx.QueryRow("SELECT id FROM accounts WHERE id = $1 FOR UPDATE", account).Scan(&id); err != nil {
		return err
	}
	if !member {
		if _, err := tx.Exec("INSERT INTO memberships (account_id, user_id) VALUES ($1, $2)", account, user); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// Near miss: an advisory transaction lock serialises callers.
func advisoryLocked(ctx context.Context, db *sql.DB, req string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.Exec("SELECT pg_advisory_xact_lock(hashtext($1))", req); err != nil {
		return err
	}
	var id int64
	err = tx.QueryRow(selectOrder, req).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		if _, err := tx.Exec(insertOrder, req); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// Near miss: SERIALIZABLE makes the database abort one of two racers.
func serializable(ctx context.Context, db *sql.DB, req string) error {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelSerializable})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var id int64
	err = tx.QueryRow(selectOrder, req).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		if _, err := tx.Exec(insertOrder, req); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// REPEATABLE READ is not enough: both transactions read from snapshots
// taken before either inserted, so both see nothing and both insert.
func repeatableRead(ctx context.Context, db *sql.DB, req string) error {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelRepeatableRead})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var id int64
	err = tx.QueryRow(selectOrder, req).Scan(&id) // want `check-then-act race`
	if errors.Is(err, sql.ErrNoRows) {
		if _, err := tx.Exec(insertOrder, req); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// A read-committed transaction does not help: still a race.
func readCommittedTx(ctx context.Context, db *sql.DB, req string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var id int64
	err = tx.QueryRow(selectOrder, req).Scan(&id) // want `check-then-act race`
	if errors.Is(err, sql.ErrNoRows) {
		if _, err := tx.Exec(insertOrder, req); err != nil {
			return err
		}
		http.Post("https://hooks.example/paid", "text/plain", nil)
	}
	return tx.Commit()
}

func newID() string { return "generated" }

// Near miss: the absent branch creates a new row with a new id; it does
// not insert the row that was checked.
func sessionOrNew(db *sql.DB, cookie string) error {
	var user string
	err := db.QueryRow("SELECT user_id FROM sessions WHERE token = $1", cookie).Scan(&user)
	if errors.Is(err, sql.ErrNoRows) {
		_, err = db.Exec("INSERT INTO sessions (token) VALUES ($1)", newID())
	}
	return err
}

// The same shape keyed by what was checked is the race.
func sessionOrInsertChecked(db *sql.DB, cookie string) error {
	var user string
	err := db.QueryRow("SELECT user_id FROM sessions WHERE token = $1", cookie).Scan(&user) // want `check-then-act race`
	if errors.Is(err, sql.ErrNoRows) {
		_, err = db.Exec("INSERT INTO sessions (token) VALUES ($1)", cookie)
	}
	return err
}

// Near miss: iterating rows; the insert after the loop does not run
// because the rows were absent.
func mergeDuplicates(ctx context.Context, tx *sql.Tx, id string) error {
	rows, err := tx.QueryContext(ctx, "SELECT nid FROM previous_events WHERE event_id = $1", id)
	if err != nil {
		return err
	}
	defer rows.Close()
	var nids []int64
	for rows.Next() {
		var n int64
		if err := rows.Scan(&n); err != nil {
			return err
		}
		nids = append(nids, n)
	}
	if _, err := tx.ExecContext(ctx, "DELETE FROM previous_events WHERE event_id = $1", id); err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, "INSERT INTO previous_events (event_id, nid) VALUES ($1, $2)", id, len(nids))
	return err
}

var ErrDuplicate = errors.New("duplicate request")

// Returning the application's own ErrDuplicate when the row is found does
// not handle the insert's unique violation: still the race.
func redeem(db *sql.DB, code string) error {
	var n int
	if err := db.QueryRow("SELECT count(*) FROM redemptions WHERE code = $1", code).Scan(&n); err != nil { // want `check-then-act race`
		return err
	}
	if n > 0 {
		return ErrDuplicate
	}
	_, err := db.Exec("INSERT INTO redemptions (code) VALUES ($1)", code)
	return err
}

// Near miss: a constraint-error helper after the insert handles it.
func redeemConstraint(db *sql.DB, code string) error {
	var n int
	if err := db.QueryRow("SELECT count(*) FROM redemptions WHERE code = $1", code).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return ErrDuplicate
	}
	_, err := db.Exec("INSERT INTO redemptions (code) VALUES ($1)", code)
	if IsConstraintError(err) {
		return ErrDuplicate
	}
	return err
}

func IsConstraintError(err error) bool { return err != nil }

// The atomic insert picks one winner, but the e-mail goes out before it
// decides: both callers send.
func welcomeBeforeInsert(ctx context.Context, db *sql.DB, email string) error {
	var exists bool
	if err := db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM subscribers WHERE email = $1)`, email).Scan(&exists); err != nil { // want `check-then-act race: the existence check on subscribers and the conditional insert at line 347 let two concurrent callers both reach Post at line 346`
		return err
	}
	if !exists {
		http.Post("https://mail.example/welcome", "text/plain", nil)
		_, err := db.ExecContext(ctx, `INSERT INTO subscribers (email) VALUES ($1) ON CONFLICT DO NOTHING`, email)
		return err
	}
	return nil
}

// Near miss: what runs before the insert decides is an update of
// absolute values (the address's bounces cleared); two callers leave the
// row as one would.
func resubscribeBeforeInsert(ctx context.Context, db *sql.DB, email string) error {
	var exists bool
	if err := db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM subscribers WHERE email = $1)`, email).Scan(&exists); err != nil {
		return err
	}
	if !exists {
		if _, err := db.ExecContext(ctx, `UPDATE bounces SET cleared = true WHERE email = $1`, email); err != nil {
			return err
		}
		_, err := db.ExecContext(ctx, `INSERT INTO subscribers (email) VALUES ($1) ON CONFLICT DO NOTHING`, email)
		return err
	}
	return nil
}

// An update that adds to the row before the insert decides is done
// twice.
func countBeforeInsert(ctx context.Context, db *sql.DB, email string) error {
	var exists bool
	if err := db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM subscribers WHERE email = $1)`, email).Scan(&exists); err != nil { // want `check-then-act race: the existence check on subscribers and the conditional insert at line \d+ let two concurrent callers both reach the update of lists`
		return err
	}
	if !exists {
		if _, err := db.ExecContext(ctx, `UPDATE lists SET members = members + 1 WHERE id = 1`); err != nil {
			return err
		}
		_, err := db.ExecContext(ctx, `INSERT INTO subscribers (email) VALUES ($1) ON CONFLICT DO NOTHING`, email)
		return err
	}
	return nil
}

// A branch on the insert's error alone does not tell who won.
func welcomeAfterErrorOnly(ctx context.Context, db *sql.DB, email string) error {
	var exists bool
	if err := db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM subscribers WHERE email = $1)`, email).Scan(&exists); err != nil { // want `check-then-act race: the existence check on subscribers and the conditional insert`
		return err
	}
	if !exists {
		if _, err := db.ExecContext(ctx, `INSERT INTO subscribers (email) VALUES ($1) ON CONFLICT DO NOTHING`, email); err != nil {
			return err
		}
		http.Post("https://mail.example/welcome", "text/plain", nil)
	}
	return nil
}

// Near miss: only the caller whose insert added the row sends.
func welcomeGated(ctx context.Context, db *sql.DB, email string) error {
	var exists bool
	if err := db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM subscribers WHERE email = $1)`, email).Scan(&exists); err != nil {
		return err
	}
	if !exists {
		res, err := db.ExecContext(ctx, `INSERT INTO subscribers (email) VALUES ($1) ON CONFLICT DO NOTHING`, email)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 1 {
			http.Post("https://mail.example/welcome", "text/plain", nil)
		}
	}
	return nil
}

// The advisory lock is taken only on the branch where the order exists
// (hatchet's workflow version lock): the absent branch inserts unlocked.
func lockedWhenFound(ctx context.Context, db *sql.DB, req string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var id int64
	err = tx.QueryRow(selectOrder, req).Scan(&id) // want `check-then-act race: the existence check on orders`
	if errors.Is(err, sql.ErrNoRows) {
		if _, err := tx.Exec(insertOrder, req); err != nil {
			return err
		}
	} else if _, err := tx.Exec("SELECT pg_advisory_xact_lock($1)", id); err != nil {
		return err
	}
	return tx.Commit()
}

// A topic is reserved by one user: the check looks it up by name alone,
// but the insert conflicts only on (user_id, topic), so two users who
// both find it free both reserve it (ntfy's reservations).
func reserveTopic(ctx context.Context, db *sql.DB, user int64, topic string) error {
	var one int
	err := db.QueryRowContext(ctx, `SELECT 1 FROM reservations WHERE topic = $1`, topic).Scan(&one) // want `check-then-act race: the existence check on reservations \(by topic\) and the insert at line 450 are separate steps, and the insert's ON CONFLICT \(user_id,topic\) does not cover what the check matched`
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = db.ExecContext(ctx, `INSERT INTO reservations (user_id, topic) VALUES ($1, $2) ON CONFLICT (user_id, topic) DO NOTHING`, user, topic)
	return err
}

// Near miss: the check matches every column of the conflict target.
func reserveOwnTopic(ctx context.Context, db *sql.DB, user int64, topic string) error {
	var one int
	err := db.QueryRowContext(ctx, `SELECT 1 FROM reservations WHERE user_id = $1 AND topic = $2`, user, topic).Scan(&one)
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = db.ExecContext(ctx, `INSERT INTO reservations (user_id, topic) VALUES ($1, $2) ON CONFLICT (user_id, topic) DO NOTHING`, user, topic)
	return err
}

// Near miss: the row inserted is made of the checked topic and
// constants alone, so two callers with one topic insert the same row and
// its ON CONFLICT keeps one, although the check matched other columns.
func holdTopic(ctx context.Context, db *sql.DB, topic string) error {
	var one int
	err := db.QueryRowContext(ctx, `SELECT 1 FROM reservations WHERE topic = $1 AND user_id IS NOT NULL`, topic).Scan(&one)
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = db.ExecContext(ctx, `INSERT INTO reservations (kind, topic) VALUES ('hold', $1) ON CONFLICT (kind, topic) DO NOTHING`, topic)
	return err
}

// Near miss: the conflict target is a constraint whose columns the SQL
// does not name.
func reserveByConstraint(ctx context.Context, db *sql.DB, user int64, topic string) error {
	var one int
	err := db.QueryRowContext(ctx, `SELECT 1 FROM reservations WHERE topic = $1`, topic).Scan(&one)
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = db.ExecContext(ctx, `INSERT INTO reservations (user_id, topic) VALUES ($1, $2) ON CONFLICT ON CONSTRAINT reservations_topic_key DO NOTHING`, user, topic)
	return err
}

// Near miss: the caller locks the parent account before it calls the
// helper that checks for the membership: the lock is taken one call up.
func joinAccount(ctx context.Context, db *sql.DB, account, user int64) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var id int64
	if err := tx.QueryRow("SELECT id FROM accounts WHERE id = $1 FOR UPDATE", account).Scan(&id); err != nil {
		return err
	}
	if err := addMembership(tx, account, user); err != nil {
		return err
	}
	return tx.Commit()
}

func addMembership(tx *sql.Tx, account, user int64) error {
	var member bool
	if err := tx.QueryRow("SELECT EXISTS(SELECT 1 FROM memberships WHERE account_id = $1 AND user_id = $2)", account, user).Scan(&member); err != nil {
		return err
	}
	if member {
		return nil
	}
	_, err := tx.Exec("INSERT INTO memberships (account_id, user_id) VALUES ($1, $2)", account, user)
	return err
}

// The same helper shape, called by one caller that locks the account and
// one that does not: the second caller races.
func joinAccountLocked(ctx context.Context, tx *sql.Tx, account, user int64) error {
	var id int64
	if err := tx.QueryRow("SELECT id FROM accounts WHERE id = $1 FOR UPDATE", account).Scan(&id); err != nil {
		return err
	}
	return addMember(tx, account, user)
}

func joinAccountUnlocked(tx *sql.Tx, account, user int64) error {
	return addMember(tx, account, user)
}

func addMember(tx *sql.Tx, account, user int64) error {
	var member bool
	if err := tx.QueryRow("SELECT EXISTS(SELECT 1 FROM memberships WHERE account_id = $1 AND user_id = $2)", account, user).Scan(&member); err != nil { // want `check-then-act race: the existence check on memberships`
		return err
	}
	if member {
		return nil
	}
	_, err := tx.Exec("INSERT INTO memberships (account_id, user_id) VALUES ($1, $2)", account, user)
	return err
}
