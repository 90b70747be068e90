package repocheck

import (
	"context"
	"errors"
	"time"
)

// A store whose methods name no entity at all: Exists and Add, on an
// interface that holds one kind of row.

type Subscriber struct {
	List  string
	Email string
	Token string
}

type SubscriberStore interface {
	Exists(ctx context.Context, list, email string) (bool, error)
	Add(ctx context.Context, s *Subscriber) error
}

// Sampler collects measurements; its Add keeps one in memory.
type Sampler interface {
	Add(ctx context.Context, s *Subscriber) error
	Flush(ctx context.Context) error
}

type OptInMailer interface {
	SendOptIn(ctx context.Context, to, token string) error
}

// Two subscribe requests both find the address missing, both add it and
// both mail the opt-in.
func subscribe(ctx context.Context, store SubscriberStore, mail OptInMailer, list, email, token string) error {
	exists, err := store.Exists(ctx, list, email) // want `check-then-act race: the existence check Exists and the insert`
	if err != nil {
		return err
	}
	if exists {
		return nil
	}
	if err := store.Add(ctx, &Subscriber{List: list, Email: email, Token: token}); err != nil {
		return err
	}
	return mail.SendOptIn(ctx, email, token)
}

var errListed = errors.New("already listed")

// Near miss: what follows the check is a sampler's Add, on an interface
// that looks nothing up: no row is inserted.
func sample(ctx context.Context, store SubscriberStore, s Sampler, list, email string) error {
	exists, err := store.Exists(ctx, list, email)
	if err != nil {
		return err
	}
	if exists {
		return errListed
	}
	return s.Add(ctx, &Subscriber{List: list, Email: email})
}

type GiftCard struct {
	ID         int64
	Code       string
	Cents      int64
	RedeemedAt *time.Time
}

// GiftCards names its lookup by the key alone.
type GiftCards interface {
	ByCode(ctx context.Context, code string) (GiftCard, error)
	MarkRedeemed(ctx context.Context, id, userID int64) error
}

type Wallet interface {
	Credit(ctx context.Context, userID, cents int64) error
}

type BalanceMailer interface {
	SendBalance(ctx context.Context, userID, cents int64) error
}

var errRedeemed = errors.New("already redeemed")

// Two redemptions of one card both find it unredeemed, both credit the
// wallet, then both mark it redeemed.
func redeem(ctx context.Context, cards GiftCards, w Wallet, userID int64, code string) error {
	gc, err := cards.ByCode(ctx, code) // want `status-gate race: RedeemedAt read here is tested, then Credit`
	if err != nil {
		return err
	}
	if gc.RedeemedAt != nil {
		return errRedeemed
	}
	if err := w.Credit(ctx, userID, gc.Cents); err != nil {
		return err
	}
	return cards.MarkRedeemed(ctx, gc.ID, userID)
}

// Near miss: the card's balance is only mailed; nothing moves its state.
func mailBalance(ctx context.Context, cards GiftCards, m BalanceMailer, userID int64, code string) error {
	gc, err := cards.ByCode(ctx, code)
	if err != nil {
		return err
	}
	if gc.RedeemedAt != nil {
		return errRedeemed
	}
	return m.SendBalance(ctx, userID, gc.Cents)
}

type Profile struct {
	ID     int64
	UserID int64
	Bio    string
}

// Profiles hands back a record by value; its implementation is out of
// sight.
type Profiles interface {
	ProfileByUserID(ctx context.Context, userID int64) (Profile, error)
	InsertProfile(ctx context.Context, p Profile) error
}

// The profile comes back zero when the user has none: two first visits
// both see UserID == 0 and both insert one.
func ensureProfile(ctx context.Context, profiles Profiles, userID int64) (Profile, error) {
	p, err := profiles.ProfileByUserID(ctx, userID) // want `check-then-act race: the existence check ProfileByUserID and the insert`
	if err != nil {
		return Profile{}, err
	}
	if p.UserID != 0 {
		return p, nil
	}
	p = Profile{UserID: userID}
	return p, profiles.InsertProfile(ctx, p)
}

// Near miss: an empty bio is a found profile's; the insert is of another
// row, the bio's default, which the test does not decide by absence.
func fillBio(ctx context.Context, profiles Profiles, userID int64) error {
	p, err := profiles.ProfileByUserID(ctx, userID)
	if err != nil {
		return err
	}
	if p.Bio != "" {
		return nil
	}
	return profiles.InsertProfile(ctx, Profile{UserID: userID, Bio: "hello"})
}

type TeamInvite struct {
	ID    int64
	Team  int64
	Email string
}

// TeamInvites hands back the zero invite when the address has none open.
type TeamInvites interface {
	FindTeamInvite(ctx context.Context, team int64, email string) (TeamInvite, error)
	CreateTeamInvite(ctx context.Context, inv *TeamInvite) error
}

// Two invitations of one address both find none open, both create one
// and both mail it: one finding, the check-then-act race, not a second
// status gate on the same read.
func inviteToTeam(ctx context.Context, invites TeamInvites, mail OptInMailer, team int64, email string) error {
	inv, err := invites.FindTeamInvite(ctx, team, email) // want `check-then-act race: the existence check FindTeamInvite`
	if err != nil {
		return err
	}
	if inv.Email != "" {
		return nil
	}
	created := TeamInvite{Team: team, Email: email}
	if err := invites.CreateTeamInvite(ctx, &created); err != nil {
		return err
	}
	return mailInvite(ctx, mail, created)
}

func mailInvite(ctx context.Context, mail OptInMailer, inv TeamInvite) error {
	return mail.SendOptIn(ctx, inv.Email, "token")
}

// EventLog remembers the webhook events handled, by provider and id.
type EventLog interface {
	Seen(ctx context.Context, provider, id string) (bool, error)
	Record(ctx context.Context, provider, id, kind string) error
}

// Flags answers whether a user has a feature; it records nothing.
type Flags interface {
	Has(ctx context.Context, userID int64, flag string) (bool, error)
	Enable(ctx context.Context, userID int64, flag string) error
}

type Points interface {
	AddPoints(ctx context.Context, userID, points int64) error
}

// A retried webhook delivery both find the event unseen, both add the
// points, then both record it.
func onPaid(ctx context.Context, log EventLog, points Points, id string, userID int64) error {
	seen, err := log.Seen(ctx, "payments", id) // want `check-then-act race: the existence check Seen`
	if err != nil {
		return err
	}
	if seen {
		return nil
	}
	if err := points.AddPoints(ctx, userID, 10); err != nil {
		return err
	}
	return log.Record(ctx, "payments", id, "charge.succeeded")
}

// Marks pairs its test with a marker of its own name.
type Marks interface {
	Seen(ctx context.Context, id string) (bool, error)
	MarkSeen(ctx context.Context, id string) error
}

// Two deliveries of one event both find it unmarked and both add the
// points before either marks it.
func onDelivered(ctx context.Context, marks Marks, points Points, id string, userID int64) error {
	seen, err := marks.Seen(ctx, "delivered:"+id) // want `check-then-act race: the existence check Seen`
	if err != nil {
		return err
	}
	if seen {
		return nil
	}
	if err := points.AddPoints(ctx, userID, 5); err != nil {
		return err
	}
	return marks.MarkSeen(ctx, "delivered:"+id)
}

// Visits pairs Seen with a marker of another test's name: the visit it
// notes is not what Seen asks about.
type Visits interface {
	Seen(ctx context.Context, id string) (bool, error)
	MarkVisited(ctx context.Context, id string) error
}

// Near miss: nothing records what Seen reads.
func onVisited(ctx context.Context, visits Visits, points Points, id string, userID int64) error {
	seen, err := visits.Seen(ctx, id)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}
	if err := points.AddPoints(ctx, userID, 5); err != nil {
		return err
	}
	return visits.MarkVisited(ctx, id)
}

// Near miss: the flag store records no handled keys; Has only reads a
// setting, and turning it on is an absolute write.
func enableBeta(ctx context.Context, flags Flags, points Points, userID int64) error {
	has, err := flags.Has(ctx, userID, "beta")
	if err != nil {
		return err
	}
	if has {
		return nil
	}
	return flags.Enable(ctx, userID, "beta")
}

type KeyRecord struct {
	UserID int64
	Key    string
	Status int
	Body   []byte
}

// KeyRecords stores idempotency keys; Save takes the record by value.
type KeyRecords interface {
	Lookup(ctx context.Context, userID int64, key string) (KeyRecord, bool, error)
	Save(ctx context.Context, rec KeyRecord) error
}

type Orders interface {
	PlaceOrder(ctx context.Context, userID int64) ([]byte, error)
}

// A client's retry racing its first request both miss the key, both
// place the order, and each saves the key afterwards.
func placeWithKey(ctx context.Context, keys KeyRecords, orders Orders, userID int64, key string) ([]byte, error) {
	rec, found, err := keys.Lookup(ctx, userID, key) // want `check-then-act race: the existence check Lookup and the insert`
	if err != nil {
		return nil, err
	}
	if found {
		return rec.Body, nil
	}
	body, err := orders.PlaceOrder(ctx, userID)
	if err != nil {
		return nil, err
	}
	saved := KeyRecord{UserID: userID, Key: key, Status: 201, Body: body}
	return body, keys.Save(ctx, saved)
}

// Near miss: the record saved is the one found, its status updated: a
// write back of an existing row, on the found path.
func refreshKey(ctx context.Context, keys KeyRecords, userID int64, key string) error {
	rec, found, err := keys.Lookup(ctx, userID, key)
	if err != nil || !found {
		return err
	}
	rec.Status = 200
	return keys.Save(ctx, rec)
}

// Graph keeps who follows whom; its presence test names a relation.
type Graph interface {
	IsFollowing(ctx context.Context, follower, followee int64) (bool, error)
	IsOwner(ctx context.Context, userID, groupID int64) (bool, error)
	AddFollow(ctx context.Context, follower, followee int64) error
}

// A double-clicked follow passes the test twice and adds two rows (or a
// unique violation).
func follow(ctx context.Context, g Graph, follower, followee int64) error {
	following, err := g.IsFollowing(ctx, follower, followee) // want `check-then-act race: the existence check IsFollowing`
	if err != nil {
		return err
	}
	if following {
		return nil
	}
	return g.AddFollow(ctx, follower, followee)
}

// Near miss: ownership is a permission asked of another relation, not
// the row the insert adds.
func followAsOwner(ctx context.Context, g Graph, owner, group, followee int64) error {
	isOwner, err := g.IsOwner(ctx, owner, group)
	if err != nil {
		return err
	}
	if !isOwner {
		return errListed
	}
	return g.AddFollow(ctx, owner, followee)
}
