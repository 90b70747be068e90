package swallowedduplicates

import (
	"context"
	"database/sql"
)

type Membership struct {
	DriverID int64
	FleetID  int64
	Phone    string
}

// MembershipStore is implemented in a package this one does not import;
// its result names say what the store answers.
type MembershipStore interface {
	Add(ctx context.Context, m Membership) (added bool, err error)
	Count(ctx context.Context, fleetID int64) (int, error)
}

type SMS interface {
	Send(ctx context.Context, phone, body string) error
}

type Fleets struct {
	db      *sql.DB
	members MembershipStore
	sms     SMS
}

// The text goes out before the store, which keeps one membership per
// driver and fleet, says whether this call added it: a retried join
// texts twice.
func (f *Fleets) Join(ctx context.Context, m Membership) error {
	if err := f.sms.Send(ctx, m.Phone, "welcome to the fleet"); err != nil { // want `effect before the insert: Send runs before the conditional insert at line \d+, which keeps one row per key`
		return err
	}
	_, err := f.members.Add(ctx, m)
	return err
}

// Near miss: the text before the store is the dispatcher's notice of
// the batch, made with none of the membership's values; the store's
// outcome says nothing about it.
func (f *Fleets) JoinBatch(ctx context.Context, dispatcherPhone string, batch []Membership) error {
	if err := f.sms.Send(ctx, dispatcherPhone, "batch import started"); err != nil {
		return err
	}
	for _, m := range batch {
		if _, err := f.members.Add(ctx, m); err != nil {
			return err
		}
	}
	return nil
}

// Near miss: the text goes out only when the store added the row.
func (f *Fleets) JoinOnce(ctx context.Context, phone string, m Membership) error {
	added, err := f.members.Add(ctx, m)
	if err != nil || !added {
		return err
	}
	return f.sms.Send(ctx, phone, "welcome to the fleet")
}

// The same with the statement in view: ON CONFLICT DO NOTHING keeps the
// first row, and every device of each caller was pinged before it.
func (f *Fleets) Notify(ctx context.Context, dedupKey, body string, phones []string) error {
	for _, p := range phones {
		if err := f.sms.Send(ctx, p, body); err != nil { // want `effect before the insert: Send runs before the conditional insert at line \d+`
			return err
		}
	}
	_, err := f.db.ExecContext(ctx, `INSERT INTO notifications (dedup_key, body) VALUES ($1, $2) ON CONFLICT (dedup_key) DO NOTHING`, dedupKey, body)
	return err
}

// Near miss: an upsert keeps no first row; it writes for every caller,
// and what it stores is the last notification's time, not a claim.
func (f *Fleets) NotifyTouched(ctx context.Context, dedupKey string, phones []string) error {
	for _, p := range phones {
		if err := f.sms.Send(ctx, p, "new job offer"); err != nil {
			return err
		}
	}
	_, err := f.db.ExecContext(ctx, `INSERT INTO notifications (dedup_key, sent_at) VALUES ($1, now()) ON CONFLICT (dedup_key) DO UPDATE SET sent_at = now()`, dedupKey)
	return err
}

type Proof struct {
	ShipmentID int64
	PhotoURL   string
}

type ProofStore interface {
	Save(ctx context.Context, p *Proof) (created bool, err error)
	Get(ctx context.Context, shipmentID int64) (Proof, error)
}

type Publisher interface {
	Publish(ctx context.Context, topic string, msg any) error
}

type Deliveries struct {
	proofs ProofStore
	bus    Publisher
}

// Every upload of one proof announces the delivery before the store
// keeps the first.
func (d *Deliveries) AttachProof(ctx context.Context, shipmentID int64, photo string) error {
	pod := Proof{ShipmentID: shipmentID, PhotoURL: photo}
	if err := d.bus.Publish(ctx, "shipments.delivered", pod); err != nil { // want `effect before the insert: Publish runs before the conditional insert at line \d+`
		return err
	}
	if _, err := d.proofs.Save(ctx, &pod); err != nil {
		return err
	}
	return nil
}

// Roster's bool says whether the fleet is now full, not whether this
// call added the driver.
type Roster interface {
	Add(ctx context.Context, m Membership) (full bool, err error)
}

// Near miss: nothing says the roster keeps one row per driver, so the
// text before it is no duplicate's.
func JoinRoster(ctx context.Context, r Roster, sms SMS, m Membership) error {
	if err := sms.Send(ctx, m.Phone, "welcome to the fleet"); err != nil {
		return err
	}
	_, err := r.Add(ctx, m)
	return err
}

// greet's name says nothing, but all it does is text the driver: a
// retried join texts twice whatever the helper is called.
func (f *Fleets) greet(ctx context.Context, m Membership) error {
	return f.sms.Send(ctx, m.Phone, "you're in the fleet")
}

func (f *Fleets) JoinGreeted(ctx context.Context, m Membership) error {
	if err := f.greet(ctx, m); err != nil { // want `effect before the insert: greet runs before the conditional insert at line \d+`
		return err
	}
	_, err := f.members.Add(ctx, m)
	return err
}

// prepare also reads the fleet's size before its text: what it does
// twice is not only a message, so it is not taken for one.
func (f *Fleets) prepare(ctx context.Context, m Membership) error {
	if _, err := f.members.Count(ctx, m.FleetID); err != nil {
		return err
	}
	return f.sms.Send(ctx, m.Phone, "joining the fleet")
}

// Near miss: the helper before the store does more than send.
func (f *Fleets) JoinPrepared(ctx context.Context, m Membership) error {
	if err := f.prepare(ctx, m); err != nil {
		return err
	}
	_, err := f.members.Add(ctx, m)
	return err
}

// poll posts to the driver's device and hands back what it answered: a
// fetch over HTTP, not a message, whatever its transport.
func (f *Fleets) poll(ctx context.Context, m Membership) (string, error) {
	return m.Phone, f.sms.Send(ctx, m.Phone, "ping")
}

// Near miss: the helper before the store returns what it fetched.
func (f *Fleets) JoinPolled(ctx context.Context, m Membership) error {
	if _, err := f.poll(ctx, m); err != nil {
		return err
	}
	_, err := f.members.Add(ctx, m)
	return err
}

// Batcher mirrors a driver (sqlc's DBTX): its SendBatch sends statements
// to the database.
type Batcher interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	SendBatch(ctx context.Context, queries []string) error
}

func fillSlots(ctx context.Context, b Batcher, ids []string) error {
	return b.SendBatch(ctx, ids)
}

// Near miss: the batch before the store is a database write, not an
// effect.
func (f *Fleets) JoinBatched(ctx context.Context, b Batcher, m Membership) error {
	if err := fillSlots(ctx, b, []string{m.Phone}); err != nil {
		return err
	}
	_, err := f.members.Add(ctx, m)
	return err
}
