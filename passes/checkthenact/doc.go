// Package checkthenact defines an Analyzer that reports an existence check
// whose "absent" branch writes to the same resource without making the
// write atomic with the check.
//
// # Analyzer checkthenact
//
// checkthenact: report existence checks that race the insert they guard
//
// Two concurrent copies of the same request both run the check, both see
// nothing, and both insert: the duplicate charge, the second order, the
// message processed twice. Sequential tests never see it.
//
// WRONG:
//
//	var exists bool
//	if err := db.QueryRowContext(ctx,
//		`SELECT EXISTS(SELECT 1 FROM payments WHERE key = $1)`, key).Scan(&exists); err != nil {
//		return err
//	}
//	if !exists {
//		if _, err := db.ExecContext(ctx, `INSERT INTO payments (key, amount) VALUES ($1, $2)`, key, amount); err != nil {
//			return err
//		}
//		return charge(ctx, amount)
//	}
//
// RIGHT: let the database choose one winner, atomically.
//
//	res, err := db.ExecContext(ctx,
//		`INSERT INTO payments (key, amount) VALUES ($1, $2) ON CONFLICT DO NOTHING`, key, amount)
//	if err != nil {
//		return err
//	}
//	if n, _ := res.RowsAffected(); n == 0 {
//		return nil // a concurrent or earlier request already did it
//	}
//	return charge(ctx, amount)
//
// or use runtime/claim, which claims the key, runs the work and stores the
// outcome in one transaction.
//
// The check is an EXISTS/count/1 query, a QueryRow that ends in ErrNoRows
// (or whose record keeps a zero key after the error is swallowed: ID == 0,
// ID > 0 for present, the record == its zero value), gorm
// (v1 and v2) First/Take/Find/Count, ent Exist, sqlx Get, bun Exists,
// xorm Get/Exist/Count, pop Exists/First, go-pg Exists/Select, a squirrel,
// goqu or bob query (its SQL rebuilt from the builder chain or mods), SQL
// loaded from the module's .sql files, a
// repository method through an interface or a concrete type (ExistsBy*,
// IsProcessed, or Get*/Find*/Lookup*/*ByID returning a record and an error,
// tested for a nil record or a not-found sentinel, or an RPC response
// whose one record is nil or zero-keyed), a helper that returns
// the zero record with no error when the row is missing (tested on its
// key, as a whole, or on the field it looked the row up by: u.Name == ""
// after userByName(name), also through wrappers), a helper's bool result
// named for presence (has, exists, found, ok; not admin), a validator whose
// only result is an error or a message (nil or "" means absent), redis
// Exists/Get, sync.Map Load,
// or a map lookup. Helpers are seen through facts: one that checks and
// inserts inside is an insert to its callers (and a finding of its own),
// and the tables a helper inserts into travel with it. The write must run
// only on the check's absent outcome (by dominance in the SSA control-flow
// graph, not by textual order) and touch the same table, model, key or
// repository entity (CreateUser after GetUserByName, not CreateSession).
// The absent outcome is followed through the ways code tests it: a found
// flag or a count compared with zero or one, also as one side of
// `found && fresh` or `!found || stale`; len of a slice the read filled
// (sqlx Select, gorm Find); the read's error, also through a method the
// library's result promotes from an embedded struct (go-redis cmd.Err());
// a flag set, a count incremented or scanned, or a slice appended to in
// a `for rows.Next()` loop over the read's rows (also gorm Rows()), the
// count also as a limit's test; the merged error of alternative lookups
// (by e-mail when one is given, else by name), judged for each on the
// path it ran; the length of a hash read whole (HGETALL); the end of a
// range loop over a listed slice whose element match leaves the function
// (for _, r := range pending { if r.UserID == u { return errPending } }). One write need
// not be on the absent branch: an ORM Save of the very record a lookup
// handed back zero (gorm's Save inserts a zero key), where no branch on
// the outcome has ruled absence out (`first := p.ID == 0; p.Scopes = s;
// repo.Save(p)`).
// A call through an interface of the module is its implementations' call
// when they agree (see the dataaccess pass).
//
// The absent branch is also reported when an atomic insert, or one whose
// unique violation is answered, guards it but a duplicable act there (an
// HTTP call, a published message, a charge through an application
// interface or a func-typed field, a write to another table) runs before
// the insert or is not gated on its outcome: the insert protects the row,
// yet both callers act. The message names the act.
//
// gorm's FirstOrCreate is a check and an insert in one call (a SELECT,
// then an INSERT when it found nothing), so two callers can both miss the
// row and both insert it. Without a unique key covering the columns it
// looks up by (its conditions, the Where calls of its chain, or the
// record's primary key; keys from the model's gorm tags, v1's included,
// or the module's schema) both rows are stored; with one, the loser gets
// the unique violation, reported when its error is handed on unanswered
// (a 500), silent when it is answered as "already there" or dropped, and
// silent with Clauses(clause.OnConflict{DoNothing: true}):
//
//	f := &Follow{UserID: u, FollowID: v}
//	if err := tx.FirstOrCreate(f, f).Error; err != nil { // the loser's 500
//		return err
//	}
//
// A one-time code kept behind helpers (a map behind VerifyCode and
// DeleteKey functions, a cache interface's GetString and Del) is checked
// by one call and removed by another whose result nothing reads: two
// requests both pass the check before either removes it. Silent on a take
// that removes as it checks (GetDel, LoadAndDelete) and on a removal whose
// result gates the act:
//
//	if !codes.VerifyCodeWithKey(email, code, "reset") { // both pass
//		return errInvalid
//	}
//	setPassword(email)                // both set one
//	codes.DeleteKey(email, "reset")   // too late
//
// FirstOrInit, which fills the record without inserting when no row
// matches, followed by a Save or Create of that record is the same
// find-or-create in two calls, judged the same way; silent when the save
// runs only where the key is set, or the Create has an OnConflict clause:
//
//	db.Where(Preference{UserID: u, Name: n}).FirstOrInit(&p) // both miss
//	p.Value = v
//	db.Save(&p) // both insert: the key is still zero
//
// The present branch races too: a check that finds the row, a delete of
// it, then a relative update of a count (SET n = n - 1, xorm Decr,
// gorm.Expr("n - ?", 1)) that the delete's rows affected does not gate.
// Two unstars both find the star, both delete it (the second deletes
// nothing) and both decrement. Silent when rows affected gates the
// update, when the count is recomputed (SET n = (SELECT count(*) ...)),
// and when the read locks the row.
//
// A limit races the same way. A balance or quota read, compared with an
// amount (<, <=, >, >=) on a branch that refuses, then taken by a
// relative update of the same row (SET n = n - $1, gorm.Expr, a helper
// that runs one): two callers both read enough and both take. A count
// compared with a limit (not 0 or 1), then an insert into the counted
// table: two callers both count under it and both insert. The count may
// be summed first (members + pending < limit, n+1 > max), and may sit in a
// helper of the package that returns the comparison (return members <
// limit), whose caller tests the verdict and inserts. A repository method
// named for adding to a number (IncrementCouponUsage, DecreaseStock) is
// such a relative update. The count may also be the length of the rows a
// read returns (len(sessions) >= max), and the over-limit branch may trim
// instead of refusing: both callers delete the same oldest row and both
// insert.
//
//	WRONG: db.Where("user_id = ?", id).Find(&s); if len(s) >= max { db.Delete(&s[0]) }; db.Create(&Session{UserID: id})
//	RIGHT: lock the user's row FOR UPDATE first, then list, trim and insert in that transaction
//
// The comparison may also be a policy function's, in any package, handed
// the count: a function with a numeric parameter that an ordering tests
// and whose verdict is an error (nil on one side) or the bool it returns
// (a BoundCheck fact), its error tested as it is or through a wrapper
// that hands it on.
//
//	WRONG: n, _ := q.CountDomains(ctx, ws); if err := policy.CheckAllowance(n, max); err != nil { return err }; q.InsertDomain(ctx, d)
//	RIGHT: lock the workspace row FOR UPDATE first, then count, check and insert in that transaction
//
// A take that tests the quantity itself (UPDATE ... SET uses = uses - 1
// WHERE id = $1 AND uses > 0, or ent's Where(UsesGT(0)).AddUses(-1))
// refuses the second caller too late when an insert, an effect or a
// write outside its transaction runs before it on the way from the test:
// two sign-ups with one use left both create their user, and only then
// does the second decrement find none.
//
//	WRONG: inv, _ := repo.Get(ctx, token); if inv.Uses <= 0 { return errUsedUp }; users.Create(ctx, u); repo.Decrement(ctx, inv.ID)
//	RIGHT: repo.Decrement(ctx, inv.ID) first, and create the user only when it took a use
//
// Silent when the
// take tests the balance itself (UPDATE ... WHERE n >= $1) and nothing
// runs before it, when the read
// locks the row, under a parent row locked first, an advisory lock or
// SERIALIZABLE, and for a test of a time (ExpiresAt < now).
//
// A high-water mark kept in a row (the last TOTP step accepted, the
// sequence number of the last event applied, a nonce counter or a
// version: a field named step, counter, seq, sequence, nonce, version,
// generation or revision) races the same way when it is read, compared
// with the value the request brings, and overwritten with that value by
// a write that tests nothing: two requests with one code both pass. The
// comparison may sit in a validator handed the record, returning the new
// value and an error (step, err := validateCode(code, acct.Secret)),
// whose value is then stored into the record's field and the record
// written back.
//
//	WRONG: row.Scan(&last); if step <= last { return errReplay }; db.Exec(`UPDATE users SET last_step = $2 WHERE id = $1`, id, step)
//	RIGHT: db.Exec(`UPDATE users SET last_step = $2 WHERE id = $1 AND last_step < $2`, id, step), refusing when no row changed
//
// Silent for a comparison with a constant (a threshold, not a value
// brought in), when the write tests the mark, and when the read locks
// the row.
//
// A floor kept by a count races upside down: the last member of a team,
// the last admin, counted and compared with one (n <= 1, n == 1, n < 2)
// on a branch that refuses, then one of them deleted or demoted. Two
// callers removing different rows both count two and both remove: none
// is left. The count may sit in a guard returning an error, in this
// package or another (a CountGuard fact), and so may a limit's: a
// validateScheduledLimits that refuses at the maximum, then the insert.
//
//	WRONG: if n, _ := s.Where("team_id = ?", id).Count(&Member{}); n <= 1 { return errLast }; s.Delete(&m)
//	RIGHT: s.ID(id).ForUpdate().Get(&Team{}) first, then count and delete in that transaction
//
// Silent when the count locks its rows, under a parent row locked first
// or SERIALIZABLE, when the other branch goes on instead of refusing,
// when n != 1 refuses (the row is there exactly once), and for an insert
// or another table's write past the guard.
//
// A count compared with 0 or 1 whose verdict is handed to the insert as a
// value, not a branch, races too (first-comer): users.Create(&User{IsAdmin:
// n == 0}) makes two admins of two first sign-ups, and a first_order flag
// two discounts. Silent when the verdict stays out of the insert, when it
// is counted after the insert, or under a lock taken first.
//
// An upsert written by hand is a check too (update-else-insert): an
// UPDATE whose rows affected is 0 (res.RowsAffected(), pgx's
// tag.RowsAffected(), gorm's RowsAffected) followed by an INSERT of the
// row it looked for. An update that matches nothing locks nothing, so two
// first callers both insert: the row twice, or the second's unique
// violation loses its write.
//
//	WRONG: if n, _ := res.RowsAffected(); n == 0 { db.Exec(`INSERT INTO plays ...`) }
//	RIGHT: db.Exec(`INSERT INTO plays ... ON CONFLICT (user_id, item_id) DO UPDATE SET n = plays.n + 1`)
//
// Silent when the insert is that one-step upsert, inserts into another
// table, runs when the update did change a row, retries the update on
// its unique violation, or runs under a lock taken first.
//
// A record read with its children and asked whether it has one
// (u.HasRole(r), user.HasProvider(p)) is an existence check on the child:
// an insert of that child on the "missing" branch races like any other.
//
// An idempotency middleware is a check too: a GET of the request's key
// (named as an idempotency key, or read from an Idempotency-Key header),
// the next handler run when nothing is stored (next.ServeHTTP, gin's c.Next(), echo's
// next(c)), then a SET of the answer. Two retries both
// run the handler. A response cache keyed by a URL is silent.
//
// A claim whose outcome nothing reads decides nothing: INSERT ... ON
// CONFLICT DO NOTHING with its rows affected unread, a SETNX whose bool
// is dropped, a LoadOrStore whose loaded flag is, followed by a charge,
// an e-mail or a publish (or, after a claim of a dedup key, a
// non-idempotent write elsewhere): every caller, the duplicate too, goes
// on to it. Silent when the outcome is read, and for the
// ensure-then-update idiom on the claim's own row.
//
// So does a plain insert whose unique violation is let through:
//
//	_, err := db.ExecContext(ctx, `INSERT INTO invoice_payments ...`, id)
//	if err != nil && !isUniqueViolation(err) { // WRONG: the loser goes on
//		return err
//	}
//	gateway.Charge(ctx, ...)
//
// RIGHT: answer the violation (return the stored outcome) before the
// charge. A loop that skips a duplicate item to the next one's insert is
// silent, and so is an arm that reads the stored row before its effect
// (it answers with the winner's outcome, a receipt sent again).
//
// And an effect made before an insert whose unique violation the code
// answers: the answer shows the key is expected twice, but the effect has
// run for the loser by then:
//
//	mailer.Send(ctx, email, "welcome") // WRONG: sent again on a double submit
//	if err := s.insert(ctx, email); errors.Is(err, ErrAlreadySubscribed) {
//		return nil
//	}
//
// RIGHT: send after the insert reports a new row, or record the send
// with runtime/effect.
//
// A record read and handed back whole to a store's Upsert recreates a row
// another request deleted in between, besides overwriting its changes:
//
//	d, _ := store.RetrieveDestination(ctx, tenant, id)
//	d.DisabledAt = &now
//	store.UpsertDestination(ctx, *d) // WRONG: a DeleteDestination since the read is undone
//
// RIGHT: update only the changed column in a statement that needs the
// row (UPDATE ... WHERE id = $1, a store's SetDisabled), or read it FOR
// UPDATE in the upsert's transaction. Reported when the store's interface
// also deletes that entity (Delete<Noun>); silent for an upsert of a
// record built from the request.
//
// A unique violation a store maps to a sentinel is an answer only where a
// caller tests the sentinel. With no check before the insert, the insert
// is reported when no caller does: in the package, up the callers that
// hand the sentinel on, and in the module's Go files read as text (the
// callers of the method by its name, on a receiver not named for another
// type, a few calls up):
//
//	if pgCode(err) == "23505" {
//		return domain.ErrAlreadyExists // WRONG: the handler's writeError has no case for it
//	}
//
// A client's retry of a create that succeeded gets a 500 for its own row,
// a redelivered message a nack, a rerun job stops at the first duplicate.
// RIGHT: test it where the request is answered (errors.Is, then the
// stored row, a 409 or an ack). Silent when a caller chain tests it, when
// a helper it calls does, when a package-level table names it
// (map[error]int{store.ErrExists: 409}), when no caller is found, and
// when the module has no main package (its callers may be in others).
//
// A quantity read and written back as a value computed from it is a
// lost update: Updates(Goods{StockNum: g.StockNum - n}), a.Balance += x
// then Save(&a), SET balance = $1 with balance + x, a flag flipped
// (m.Admin = !m.Admin then Update(m)), and a list kept in the row grown
// (w.AllowedIPs = append(w.AllowedIPs, ip) then Save(&w)), and a
// method of the record named for adding (poll.IncrementVotes(c) then
// NewUpdate().Model(&poll)), and a map kept in the row merged into
// (p.Metadata[k] = v then NewUpdate().Model(&p)); also when a caller
// loads the record and hands it to the function that computes and saves.
// Two callers both read 10 and both write 9; one take is gone. Silent when the
// database computes it (SET n = n - $1), when the read locks the row or the two
// are serialised, under a mutex, and when the write's guard tests a
// column the write changes (WHERE version = $old, state = 'listed' ...
// SET state = 'sold'); a bound on the quantity (WHERE n >= $1) does not
// stop the second writer.
//
// A record read and saved whole loses the columns the code did not
// touch, when some other function of the program writes them: the save
// puts back what was read, over another request's change.
//
//	u, _ := users.GetByID(id)
//	u.Email = email
//	db.Save(u) // WRONG: an OTP enabled since the read (UPDATE users SET otp_active = true) is off again
//
// RIGHT: db.Model(u).Select("email").Updates(u), or read the row FOR
// UPDATE in the save's transaction. Reported only where another function
// (of the package or a dependency) writes such a column on purpose: an
// update naming it, or a save after assigning it. Silent when the save
// leaves the column out (Omit), when something the analysis cannot see
// may have filled the record (a request body bound into it), and when
// the read is locked or serialised with the save. An active record's own
// method that saves it (func (h *Host) Upsert(ctx) error { return
// db.Save(h).Error }) is a whole save of the record it is called on; a
// save reached only when a lookup found no row (a create), and a field
// copied from a row the function just read, are no change it reverts.
//
// A value that should be unique races the same way when it is checked
// free and then written onto an existing row (a GitHub id bound to an
// account, an e-mail changed): if IsGitHubIdTaken(u.GitHubId) { refuse },
// then u.Update(). Two accounts both find it free and both save it.
// Silent when the write is one conditional statement whose rows affected
// is read, and for a saved record that does not carry the checked value.
//
// Names checked in one read and the missing ones created race per name:
//
//	found, err := q.FindTagsByName(ctx, names) // WRONG
//	for _, t := range found {
//		delete(missing, t.Name)
//	}
//	for n := range missing {
//		q.InsertTag(ctx, n)
//	}
//
// RIGHT: INSERT ... ON CONFLICT (name) DO NOTHING for every name, then
// read the rows back. The insert may run after a lookup in the found set
// or in the set still to insert, or gather a batch (chunked or not) for a
// bulk insert. Silent for a conditional insert, under a lock, and for a
// closure a retry helper runs again on a unique violation.
//
// A key computed from the highest one stored (GetMaxUserId() + 1 in a
// generated username, then an insert of it into the same table) races the
// same way: two callers read one maximum and insert one next value. So
// does one INSERT whose values select MAX or COUNT of its own table: a
// statement sees only the rows committed before it began.
//
// The same check reports the status gate: read a record's state, branch on
// it, act, then write the new state in separate steps.
//
//	p, err := payments.GetPayment(ctx, id)
//	if p.Status == "captured" {
//		return nil
//	}
//	ledger.Credit(ctx, p.Account, p.Amount) // both deliveries credit
//	payments.UpdateStatus(ctx, id, "captured")
//
// The state may be compared with a constant or tested by a predicate: a
// function of the state value alone (terminal(p.Status),
// p.Status.IsFinal(), slices.Contains(done, p.Status)) or a bool method of
// the record (order.IsPaid(); not IsZero and the other found-or-not
// tests). A timestamp set when the state changed is a state too:
// p.PaidAt != nil for a *time.Time, !p.SentAt.IsZero(), and a nullable
// column's Valid (sqlc's card.RedeemedAt.Valid). A function that
// also takes a context or a handle looks something else up and is not a
// test of the state, nor is a nil test of another pointer.
//
// A test of the record's Type or Kind (what it is, not its state) is no
// gate, and neither is a test before writes that update other fields
// only: a constant column list without the tested field's column, or an
// update keyed by the record's ID whose name names another of its fields
// (UpdatePostTime after a test of Status), or an ORM update from a literal
// that sets other fields (Update(&User{Password: h}) after a test of
// u.IsLocalUser(), whose body tests Issuer), in the gate's function or in
// a helper it hands the record to.
//
// The act and the state write may sit in helpers any number of calls
// away: a helper that writes back the record it is passed (gorm
// Save(inv), xorm Update(&bean), a store's UpdateUser(u): a full-row
// update of the stale copy, so a lost update on top of the double act) is
// the state write, and one that also inserts or acts is both (a
// billing.Collect(ctx, inv) that charges and marks the invoice paid,
// handed the invoice the handler tested). The record
// may come back from a helper or be filled through a pointer it is handed
// (load(ctx, id, &p)); a pointer the caller had filled and read before
// the call (decoded request parameters) is the helper's input, and its
// fields are no state of the row. The record may also be read by a caller
// and passed in (the controller loads the order, the service tests
// order.State); the caller's read decides whether it was locked. When the
// caller is in another package, the service's package exports the gate as
// a PassedGate fact on the function (the tested field, the act, the state
// write) and the caller's package reports at its read. Pending work
// selected by a list query and handled in a loop (send, then mark sent)
// is a gate per element: the query tests a state column against a
// constant (sent_at IS NULL, status = ?, "queued"), in the loop's own
// function, in a helper that returns the list, or behind a repository
// method named for pending work (GetPendingEmails, ListUnsentReminders).
// A state may also come back alone from a helper (getStatus(ctx, tx, id)
// (string, error)) or a repository method named for it (GetOrderStatus).
// One record found by its state (Where("id = ? AND status = ?", id,
// "open").First(&inv)) is gated by the WHERE, "found" its open arm; an
// effect after the commit of the transaction holding the gate (on the arm
// where the runner returned nil) runs for both callers as well.
//
// A bool flag read under a mutex and tested after the unlock gates an act
// the same way when the package clears it elsewhere (a first-run
// needsUserSetup): silent when the critical section that reads the flag
// also changes it.
//
// A rate window is a gate whose state is the time something last
// happened:
//
//	last, _ := codes.LastSent(ctx, email) // WRONG: the zero time when none was sent
//	if time.Since(last) < time.Minute {
//		return ErrTooSoon
//	}
//	mailer.SendCode(ctx, email, code) // both requests send
//	codes.Insert(ctx, email, code)
//
// Only the arm on which the window has elapsed counts: an expiry test
// (time.Since(code.CreatedAt) > 10*time.Minute refuses, the act runs
// while the time is recent) limits nothing. RIGHT: claim the window in
// one step (UPDATE ... SET sent_at = now() WHERE id = $1 AND sent_at <
// now() - interval '1 minute', and send only when it changed a row), or
// read the row FOR UPDATE in the transaction that records the new time.
//
// Only a non-idempotent act counts: an insert, an external effect, or an
// update that adds to what the row holds (SET n = n + 1, gorm.Expr("n -
// ?", 1), xorm Incr). A write of absolute values to another row (plan =
// 'pro', status = 'failed', a total recomputed by a subquery) and a delete
// leave the row as one run would; an external call keyed by an idempotency
// key made from the record is done once by the provider. A whole-record
// save is the state write only when the tested field is assigned before
// it: a test of a field nothing assigns (an access or configuration
// check) guards no transition. The same holds for a save of the copy the
// client sent (the stored group's Default tested, the decoded group
// saved), and an insert of the record read itself as a new row (a build
// restarted from an old one) moves no state of the row read at all. A helper of another package that saves the
// record says what it assigns through a fact; one whose body cannot be
// known (an interface's method) assigns nothing the check can see.
//
// It is silent when the state write is a conditional UPDATE ... WHERE
// status = $old (or gorm Where("status = ?", old).Update, or ent's
// Update().Where(invitation.UsesGT(0)) whose generated predicate tests a
// column that is not a key), when the read
// locks the row (FOR UPDATE, or a list read's FOR UPDATE SKIP LOCKED) or
// the transaction is SERIALIZABLE or holds an advisory lock, when the read
// follows a lock helper (AcquireLock(key), LockWithWait(row), a redis
// lock's Obtain, a job picker's GetAndLockUnreplicatedObject), when one mutex is held across the three steps, and when
// an atomic claim made before the act picks the winner. A gate whose code
// reads the record again and tests its state again before the act is a
// pre-check: the second read is the gate and is judged on its own. So is
// a gate before a helper that locks the rows in its own transaction, reads
// again and writes and announces only on that read's outcome (a
// markSettled that finds the payment settled and returns); not when the
// helper inserts, since a lock holds no row that is not there yet.
//
// A one-time token is a gate too: a password-reset or verification token,
// an OTP or recovery code, an invitation or redemption code (its table,
// repository method, record type or redis key is named for one; session,
// API and access tokens are not) found, the act it allows done, and the
// token consumed in a separate step whose outcome no branch tests:
//
//	vr, err := store.GetVerificationRequestByToken(ctx, token)
//	store.UpdateUser(ctx, withPassword(u, pw)) // both requests set a password
//	store.DeleteVerificationRequest(ctx, vr)   // the second deletes nothing
//
// The consume is a delete of the token's row or key, an update that marks
// it used (SET used = true, Update("is_used", true), MarkCodeUsed), or the
// record saved with its token field cleared (which carries the act
// itself). A code selected among the unused ones and marked used by a
// validating helper is reported without an act in sight: its callers act
// when it returns nil. Silent when the consume's rows affected gates the
// act (DELETE ... WHERE token = $1, or UPDATE ... WHERE token = $1 AND NOT
// used, first), on redis GETDEL, when the read locks the token row in the
// transaction that consumes it, or when one mutex spans both; a delete
// with no act besides it (a cancel link, a logout) is harmless, and so is
// an act that writes back a record it loaded with constants and copies of
// its own fields only (an e-mail confirmation moving u.PendingEmail into
// u.Email): the second use writes the row as the first did.
//
// A session or refresh token rotated by hand is one-time by the code's
// own account, whatever its name: a read that looks it up (its method or
// table names a token), a new row issued into the table the presented
// one is then deleted from, keyed by the same value, and the delete's
// outcome unread. Two refreshes with one token both issue a successor.
//
//	WRONG: u, _ := tokens.GetUserFromToken(ctx, hash); issue(ctx, u.ID); tokens.DeleteToken(ctx, hash)
//	RIGHT: delete first (DELETE ... WHERE token_hash = $1 RETURNING user_id) and issue only when it removed the row
//
// Silent when the successor is inserted under the presented key itself
// (a claim its unique index decides) and when the read is of an account
// rather than of the token (a step-up that ends the weaker sessions).
//
// A TOTP passcode is one-time for its window too (RFC 6238, 5.2): a code
// accepted by the library (pquerna/otp's totp.Validate or
// ValidateCustom, gotp's Verify) with nothing after it in the function
// recording the code or the step it matched lets a second request with
// the same code through, concurrent or replayed.
//
//	WRONG: if !totp.Validate(code, u.TOTPSecret) { return errInvalid }; return issueSession(u)
//	RIGHT: UPDATE users SET otp_last_step = $1 WHERE id = $2 AND otp_last_step < $1, and accept only when it changed a row
//
// Silent when a write after it is named for a step, a counter or a last
// use (its method, or its SQL or ORM text), or is handed the code (a
// SETNX of it); for a wrapper that returns the verdict to its callers;
// and for an enrolment or a disable (its function named for a setup, a
// field of the OTP setup or a secret stored after it, or a write handed
// the secret the code was checked against: the write is absolute).
//
// A row picked from a pool (SELECT ... LIMIT 1: a one-time key, an unused
// coupon code, the next job), deleted or marked taken by the key read in a
// second statement whose rows affected nothing tests, and handed out, is
// handed to two callers:
//
//	tx.QueryRowContext(ctx, `SELECT key_id, key_json FROM one_time_keys WHERE user_id = $1 LIMIT 1`, u).Scan(&id, &key)
//	tx.ExecContext(ctx, `DELETE FROM one_time_keys WHERE key_id = $1`, id) // the second removes nothing
//	return key
//
// RIGHT takes it in one statement (DELETE ... WHERE key_id = (SELECT
// key_id ... LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING key_json), locks it
// as it reads, or hands it out only when the delete removed a row. Not
// reported on SQLite, whose single writer refuses the second delete.
//
// Any row, token or not, whose removal is announced races the same way: a
// session found, deleted by a statement whose rows affected nobody reads,
// then a session.deleted webhook queued. A double logout queues two. The
// announcement is an external effect, a push onto a work queue, or an
// insert into a webhook, outbox or notification table; silent when the
// delete's outcome gates it, or for an audit row.
//
//	WRONG: db.First(&s, id); db.Delete(&s); db.Create(&WebhookEvent{Kind: "session.deleted"})
//	RIGHT: if res := db.Delete(&s); res.RowsAffected == 1 { db.Create(&WebhookEvent{...}) }
//
// A lock on the newest row of a history serialises nothing when the
// code appends a row beside it instead of changing it: the waiter gets
// the same row once the first commits (its statement does not see the
// new one) and appends too.
//
//	WRONG: SELECT status FROM adjustments WHERE payment_id = $1 ORDER BY created_at DESC LIMIT 1 FOR UPDATE
//	       if status != "reverse_processing" { INSERT INTO adjustments (...) VALUES (..., 'reverse_processing') }
//	RIGHT: SELECT 1 FROM payments WHERE id = $1 FOR UPDATE  -- a row every caller shares, locked first
//
// A helper that makes something before its insert (an e-mail, a charge,
// a row of another table outside any transaction it opens) leaves it
// made twice when its caller answers the insert's unique violation:
//
//	WRONG: func register(u) { repos.Groups.Create("Home"); return repos.Users.Create(u) }
//	       if err := register(u); isConstraintError(err) { u = repos.Users.Get(...) }
//	RIGHT: create the group and the user in one transaction, or the group
//	       only after the user's insert reported a new row
//
// Shapes stores take that still read as checks and inserts: a lookup
// named by its key alone (ByCode, TagsBySlug), a bare Add(ctx, &rec) or
// Save(ctx, rec) of a record built here on a store that also looks rows
// up, a one-word dedup log (Seen(ctx, provider, id) paired with
// Record(ctx, provider, id, ...)), a relation test (IsFollowing), a model
// whose TableName names the table a raw query checks, a record returned
// by value from an interface (its lookup field compared with zero is the
// absence test), and a helper that hands back its record unfilled on
// not-found, saved by an ORM Save with no test at all, and a one-time
// token's redis key built by a helper (magicKey(token)). Pending work is
// also listed by a state the name or the caller gives (ListAbandoned,
// ListByStatus(ctx, "scheduled")), each element handed to a helper that
// acts and marks it; a status gate's arm may act and assign the new state
// with the save after the arms join (a switch on the status), and an arm
// may be let through by several states (status == "pending" || status ==
// "failed", a case listing both, a package-level set of states such as
// retryable[status]): it is entered from each comparison of the same
// value. A store
// method returning (bool, error) for the expected and the new state
// (Transition(ctx, id, from, to)) is a guarded transition whose bool
// names the winner, and a test of whether a field is set at all, acting
// where it is set and storing another value there (a password rehash on
// sign-in), is a precondition, not a state. A guard picks one winner
// only for what runs after it: a charge, or a row of another table
// committed, before the guarded transition or the guarded take (a user
// created, then the invitation's UPDATE ... SET uses = uses - 1 WHERE
// uses > 0) ran for both callers, and the guard refuses the second only
// after; a write in the guard's own transaction rolls back with it. A
// record a middleware kept in the request context may be a copy
// (ctx.Value(k).(Invoice)), as stale as a pointer's. An insert built from
// a record looked up by the check's own key (order, _ :=
// orders.Get(ctx, orderID), then Payment{OrderID: order.ID}) is keyed
// like the check.
//
// The analyzer stays silent when the write is atomic or serialised:
// INSERT ... ON CONFLICT (unless its conflict target names a column the
// check's SQL did not match by: ON CONFLICT (user_id, topic) after a
// check of topic alone lets two users both insert), INSERT ... WHERE NOT
// EXISTS probing the same
// table, SETNX, LoadOrStore, gorm Save of a record that carries its key
// (an upsert), a unique violation (SQLSTATE 23505, unique_violation,
// MySQL 1062, gorm.ErrDuplicatedKey) answered as the duplicate outcome
// (so too an object store's "already exists": the Kubernetes API's
// errors.IsAlreadyExists, gRPC's codes.AlreadyExists; not a store's own
// ErrAlreadyExists, which its own check may return), an advisory
// transaction lock, a SERIALIZABLE transaction, a SELECT ... FOR UPDATE of
// a parent row before the check (or in the callers, before every call of
// the unexported helper that checks), or one mutex held across check and
// write (also held around the call that runs the transaction callback in
// which both happen). A violation mapped to a package-level error (return
// ErrDuplicate), here or in the repository that inserts, is answered only
// where a caller in the package tests that error (errors.Is, ==, a switch
// case) or where the check answers a present row with the same error;
// returned raw to a handler's generic error path it is reported. The
// check's own FOR UPDATE (also in a helper that runs it on the caller's
// transaction: getForUpdate(ctx, tx, id)) serialises a status gate on an
// existing row, never a check for absence: it locks no row when none is
// found. REPEATABLE READ is not enough: both snapshots see the row absent
// and both insert. In-memory and redis checks are reported only when the
// absent branch also has a side effect (a database write, an HTTP call, a
// published message, or a helper that fills the key and publishes:
// firstSeen(ctx, key) on a miss): filling a cache twice is harmless. A check whose
// hit is refused with a duplicate error (HGETALL found the destination:
// return ErrDuplicateDestination) is no cache: the store is the record of
// what exists, and two creates that both miss both write. A map is
// reported only when a mutex shows it is shared, and is released between
// the check and the write. A cache that keeps what a create called
// through an interface returned (links[url] = id, id from
// store.CreateLink(url)) is a get-or-create in front of a store whose
// body the package cannot see, which may well be an upsert: silent; so is
// a page fetched with GET and cached.
//
// A check on a key the call minted itself is silent too: a random code
// drawn until one is free, a new UUID, bytes from crypto/rand or a helper
// that returns them (one of the package's, or another package's named for
// randomness: RandomString). Two callers never check the same such key,
// so neither can insert the row the other checked. The clock does not
// count: callers that run at once read the same day, and a check keyed by
// the e-mail stays reported when only the new row's id is fresh.
//
// It is also silent on code that cannot run concurrently: a package whose
// path names migrations, seeds or bootstrap; a function that changes the
// schema (CREATE/ALTER/DROP, gorm AutoMigrate) or keeps a migration
// tool's bookkeeping table; a function registered from init into a
// migration list (an argument of a registrar named for migrations, or a
// func in a package-level slice or map named for migrations, as a literal
// or appended from init); a func in a Migration record wherever it is
// built (gormigrate); main, init and the Run/RunE/Action function of a
// cobra or urfave/cli command up to the statement that starts serving (a go
// statement, Serve, ListenAndServe, Start, Run, Consume, Subscribe); a
// component's lifecycle start (a method named Start that launches
// goroutines) up to its first go statement; a function named for
// syncing, seeding or registering whose input is a variadic list of
// records or the application's Config with no context or request; and an
// unexported function
// that only such startup code calls, directly or through a closure handed
// to a transaction runner (a library's, or the program's own WithTx). The
// same holds for an unexported
// function, never used as a value, whose every
// call holds a mutex, runs in a constructor (New... returning one of the
// package's types), runs in a closure handed to a sync.Once (once.Do,
// sync.OnceFunc, sync.OnceValue: one run, and a caller that comes while it
// runs waits) or comes from a function for which the same holds: its
// callers serialise it. A loop started once at boot is silent too: a
// function whose only uses are go statements in a starter with no
// parameters named Init... or Start... (gogs's InitDeliverHooks), or in
// startup code; a closure such a starter hands to go or to a launcher
// (util.SafeGoroutine); an unexported job it registers with a cron
// scheduler; a callback handed to a scheduler's add-once call under a
// task id (AddOnce(poll.ID, at, p.onExpiry(poll.ID))), which refuses a
// second task for the id; a callback a lock helper runs holding the
// lock (locker.WithLock(ctx, "job", ttl, func(ctx) error {...})). A
// second replica of the service is a twin the analysis
// cannot see, and so is a cron run that outlasts its interval. A Temporal
// activity is silent as well: its workflow waits for each step before the
// next and admits one run per workflow id. The package must show it is
// one: the function calls the SDK's activity package (activity.GetLogger),
// or the package hands it to ExecuteActivity or registers it (also in a
// Temporal wrapper library's definition), or registers
// its type (every exported method of RegisterActivity(&Activities{})).
// So is a Restate virtual object's exclusive handler (a
// restate.ObjectContext parameter, a workflow's WorkflowContext) and the
// steps it runs through restate.Run: one invocation per key at a time.
// Code that does not run is silent: an unexported function or method
// nothing in the package calls, uses as a value or could reach through an
// interface of the package, and the helpers only it calls (only its
// package can call it). An exported one may have callers elsewhere.
// Request handlers, consumers, workers and anything else
// started with go are reported. Calls from _test.go files do not count,
// and checks in them are not reported: a test runs its steps in turn.
//
// Fixes: sync.Map Load+Store becomes LoadOrStore, redis Exists+Set becomes
// SetNX, gorm Create gains clause.OnConflict{DoNothing: true}, a squirrel
// insert chain Suffix("ON CONFLICT DO NOTHING"), goqu's OnConflict(
// goqu.DoNothing()), go-pg's OnConflict("DO NOTHING"), and a raw
// INSERT becomes conditional in its database's dialect (ON CONFLICT DO
// NOTHING for PostgreSQL and SQLite, INSERT IGNORE for MySQL; no fix when
// the dialect is unknown). When acts follow the insert on the absent
// branch, the fix also moves them under a test of the insert's outcome
// (rows affected == 1), so only the winner acts; when an act precedes the
// insert, no fix can help and none is offered; nor when the insert's result
// is kept or the record it filled is read after it (a get-or-create's
// res.LastInsertId() or user.ID would read no row after a conflict). An
// INSERT ... RETURNING scanned into err (err = q.QueryRow(...).Scan(&id))
// gets ON CONFLICT (key) DO NOTHING RETURNING, and a twin's insert, which
// returns no row (pgx.ErrNoRows, sql.ErrNoRows), is answered as the
// check's present branch answers a found row: its one return statement,
// after the check's own lookup is run again when that return hands back
// what the check read; only when the unique key is exactly the checked
// columns. The fix is offered only where the module's schema (its .sql
// files, DDL strings, or the ent schema, xorm or bun models that create
// the tables) declares a unique key covering the checked columns.
// Diagnostics whose act is an
// external call point to runtime/effect, the others to runtime/claim.
package checkthenact

import (
	_ "embed"

	"github.com/idemvet/idemvet/internal/analysisdoc"
)

//go:embed doc.go
var docSource string

// Doc is the analyzer's documentation: the "Analyzer checkthenact" section of the
// package comment above, which is also what go doc shows.
var Doc = analysisdoc.MustExtract(docSource, "checkthenact")
