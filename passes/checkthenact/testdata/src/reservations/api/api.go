// Package api reserves topics through reservations/store.
package api

import (
	"errors"

	"reservations/store"
)

var errTooMany = errors.New("too many reservations")

// Two users reserving one topic both find no other owner, and both get a
// row of their own: the conflict target (user_id, topic) is not the topic
// the check looked at, so neither insert conflicts.
func Reserve(m *store.Manager, user, topic string) error {
	if err := m.AllowReservation(user, topic); err != nil { // want `check-then-act race: the existence check AllowReservation \(by topic\) and the insert at line \d+ are separate steps, and the insert's ON CONFLICT \(user_id,topic\) does not cover what the check matched`
		return err
	}
	return m.AddReservation(user, topic)
}

// Near miss: the name is claimed ON CONFLICT (topic), the column the check
// looked at; the second claim changes nothing.
func ClaimName(m *store.Manager, user, topic string) error {
	taken, err := m.TopicTaken(topic)
	if err != nil || taken {
		return err
	}
	return m.ClaimTopic(user, topic)
}

// Two reservations of different topics at limit-1 both count under the
// limit and both add a row: the upsert's conflict is per topic.
func ReserveWithin(m *store.Manager, user, topic string, limit int64) error {
	n, err := m.ReservationsCount(user) // want `limit race: the count ReservationsCount is compared with a limit at line \d+, and the insert at line \d+ adds to what it counts`
	if err != nil {
		return err
	}
	if n >= limit {
		return errTooMany
	}
	return m.AddReservation(user, topic)
}

// Near miss: the count is of another table (tokens), not of what the
// insert adds to.
func ReserveForTokenHolders(m *store.Manager, user, topic string, limit int64) error {
	n, err := m.TokensCount(user)
	if err != nil {
		return err
	}
	if n >= limit {
		return errTooMany
	}
	return m.AddReservation(user, topic)
}

// The check's OR hides which column it looks rows up by, but user_id is
// not among the names it mentions: two users both pass it and both get a
// row of their own.
func ReservePattern(m *store.Manager, user, topic string) error {
	if err := m.PatternFree(user, topic); err != nil { // want `check-then-act race: the existence check PatternFree \(by topic,owner_user_id\) and the insert at line \d+ are separate steps, and the insert's ON CONFLICT \(user_id,topic\) does not cover what the check matched`
		return err
	}
	return m.AddReservation(user, topic)
}

// Near miss: the check is the user's own (user_id and topic, under the OR),
// which the upsert's conflict covers: a second grant changes the same row.
func Grant(m *store.Manager, user, topic string) error {
	has, err := m.HasAccess(user, topic)
	if err != nil || has {
		return err
	}
	return m.AddReservation(user, topic)
}
