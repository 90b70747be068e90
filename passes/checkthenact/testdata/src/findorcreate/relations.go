// Package findorcreate holds gorm's FirstOrCreate, a lookup and an insert
// in one call, in the shapes services write it: a store's relation rows
// (follows, stars), settings keyed by name, per-tenant counters.
package findorcreate

import (
	"context"
	"errors"
	"sync"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// Follow's pair is unique: the second of two concurrent follows fails.
type Follow struct {
	ID       int64 `gorm:"primaryKey"`
	UserID   int64 `gorm:"uniqueIndex:follow_pair;not null"`
	FollowID int64 `gorm:"uniqueIndex:follow_pair;not null"`
}

// Subscription has no unique key on what it is looked up by.
type Subscription struct {
	ID     int64
	UserID int64
	Topic  string
}

type Store struct {
	db *gorm.DB
	mu sync.Mutex
}

// Two follows at once both miss the relation and both insert it; the
// unique pair fails the loser, whose error becomes the caller's 500.
func (s *Store) Follow(ctx context.Context, userID, followID int64) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		f := &Follow{UserID: userID, FollowID: followID}
		result := tx.FirstOrCreate(f, f) // want `check-then-act race: FirstOrCreate looks Follow up and inserts it in two statements, so two concurrent callers can both miss it and both insert; the unique key \(user_id, follow_id\) fails the second insert`
		if result.Error != nil {
			return result.Error
		} else if result.RowsAffected <= 0 {
			return nil // already following
		}
		return tx.Exec("UPDATE users SET num_followers = num_followers + 1 WHERE id = ?", followID).Error
	})
}

// Near miss: the unique violation is answered as "already following".
func (s *Store) FollowAnswered(ctx context.Context, userID, followID int64) error {
	f := &Follow{UserID: userID, FollowID: followID}
	err := s.db.WithContext(ctx).FirstOrCreate(f, f).Error
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return nil
	}
	return err
}

// Near miss: the insert is ON CONFLICT DO NOTHING, so the loser gets no
// error and RowsAffected says who created the row.
func (s *Store) FollowOnConflict(ctx context.Context, userID, followID int64) error {
	f := &Follow{UserID: userID, FollowID: followID}
	return s.db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).FirstOrCreate(f, f).Error
}

// Two subscribes at once both miss it and both store a row: nothing makes
// (user_id, topic) unique.
func (s *Store) Subscribe(userID int64, topic string) (*Subscription, error) {
	sub := Subscription{}
	err := s.db.Where("user_id = ? AND topic = ?", userID, topic).FirstOrCreate(&sub).Error // want `FirstOrCreate looks Subscription up .* no unique key of Subscription covers \(user_id, topic\) .* so both rows are stored`
	return &sub, err
}

// Near miss: one mutex held across the call serialises the callers of
// this process.
func (s *Store) SubscribeLocked(userID int64, topic string) (*Subscription, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	sub := Subscription{}
	err := s.db.Where("user_id = ? AND topic = ?", userID, topic).FirstOrCreate(&sub).Error
	return &sub, err
}

// Near miss: an advisory transaction lock on the user serialises the
// lookup and the insert.
func (s *Store) SubscribeAdvisory(userID int64, topic string) error {
	return s.db.Transaction(func(tx *gorm.DB) error {
		if err := tx.Exec("SELECT pg_advisory_xact_lock(?)", userID).Error; err != nil {
			return err
		}
		sub := Subscription{}
		return tx.Where("user_id = ? AND topic = ?", userID, topic).FirstOrCreate(&sub).Error
	})
}
