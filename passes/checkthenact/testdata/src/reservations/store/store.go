// Package store keeps topic reservations on database/sql (SQLite): every
// statement is in a helper, so its callers see each through its summary.
package store

import (
	"database/sql"
	"errors"
)

// ErrTopicOwnedByOthers is returned when another user reserved the topic.
var ErrTopicOwnedByOthers = errors.New("topic owned by others")

type Manager struct{ db *sql.DB }

// AllowReservation answers an error when another user owns the topic.
func (a *Manager) AllowReservation(username, topic string) error {
	var others int
	err := a.db.QueryRow(`SELECT COUNT(*) FROM user_access WHERE topic = ? AND owner_user_id != (SELECT id FROM user WHERE user = ?)`, topic, username).Scan(&others)
	if err != nil {
		return err
	}
	if others > 0 {
		return ErrTopicOwnedByOthers
	}
	return nil
}

// ReservationsCount counts the topics the user owns.
func (a *Manager) ReservationsCount(username string) (int64, error) {
	var n int64
	err := a.db.QueryRow(`SELECT COUNT(*) FROM user_access WHERE owner_user_id = (SELECT id FROM user WHERE user = ?)`, username).Scan(&n)
	return n, err
}

// TokensCount counts the user's access tokens.
func (a *Manager) TokensCount(username string) (int64, error) {
	var n int64
	err := a.db.QueryRow(`SELECT COUNT(*) FROM user_token WHERE user_id = (SELECT id FROM user WHERE user = ?)`, username).Scan(&n)
	return n, err
}

// AddReservation grants the user the topic; a row per user and topic.
func (a *Manager) AddReservation(username, topic string) error {
	tx, err := a.db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.Exec(`INSERT INTO user_access (user_id, topic, owner_user_id) VALUES ((SELECT id FROM user WHERE user = ?), ?, (SELECT id FROM user WHERE user = ?)) ON CONFLICT (user_id, topic) DO UPDATE SET owner_user_id = excluded.owner_user_id`, username, topic, username); err != nil {
		return err
	}
	return tx.Commit()
}

// TopicTaken reports whether anyone holds the topic's name.
func (a *Manager) TopicTaken(topic string) (bool, error) {
	var taken bool
	err := a.db.QueryRow(`SELECT EXISTS (SELECT 1 FROM topic_name WHERE topic = ?)`, topic).Scan(&taken)
	return taken, err
}

// ClaimTopic takes the topic's name; a second claim of it changes nothing.
func (a *Manager) ClaimTopic(username, topic string) error {
	_, err := a.db.Exec(`INSERT INTO topic_name (topic, owner) VALUES (?, ?) ON CONFLICT (topic) DO NOTHING`, topic, username)
	return err
}

// PatternFree answers an error when another user owns the topic or a
// pattern that covers it.
func (a *Manager) PatternFree(username, topic string) error {
	var others int
	err := a.db.QueryRow(`SELECT COUNT(*) FROM user_access WHERE (topic = ? OR ? LIKE topic ESCAPE '\') AND (owner_user_id IS NULL OR owner_user_id != (SELECT id FROM user WHERE user = ?))`, topic, topic, username).Scan(&others)
	if err != nil {
		return err
	}
	if others > 0 {
		return ErrTopicOwnedByOthers
	}
	return nil
}

// HasAccess answers whether the user already holds the topic or a
// pattern that covers it.
func (a *Manager) HasAccess(username, topic string) (bool, error) {
	var n int
	err := a.db.QueryRow(`SELECT COUNT(*) FROM user_access WHERE user_id = (SELECT id FROM user WHERE user = ?) AND (topic = ? OR ? LIKE topic)`, username, topic, topic).Scan(&n)
	return n > 0, err
}
