package events

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"time"

	"example.com/desk5/internal/domain"
	"example.com/desk5/internal/effects"
	"example.com/desk5/internal/store/sqlxstore"
)

type broadcast struct {
	ID        int64        `db:"id"`
	EventID   int64        `db:"event_id"`
	Subject   string       `db:"subject"`
	Body      string       `db:"body"`
	SentCount int          `db:"sent_count"`
	CursorID  int64        `db:"cursor_id"`
	DoneAt    sql.NullTime `db:"done_at"`
}

func (s *Service) loadBroadcast(ctx context.Context, id int64) (broadcast, error) {
	var b broadcast
	err := s.DB.GetContext(ctx, &b, `SELECT * FROM broadcasts WHERE id = $1`, id)
	return b, sqlxstore.MapErr(err)
}

func (s *Service) recipients(ctx context.Context, eventID, afterID int64) ([]sqlxstore.Registration, error) {
	var regs []sqlxstore.Registration
	err := s.DB.SelectContext(ctx, &regs,
		`SELECT * FROM registrations WHERE event_id = $1 AND status = 'confirmed' AND id > $2 ORDER BY id`, eventID, afterID)
	return regs, sqlxstore.MapErr(err)
}

// SendBroadcast mails an organizer's announcement to every confirmed
// attendee. The "Send" button can be pressed again if the page times out, so
// a Redis lock keeps two senders apart.
func (s *Service) SendBroadcast(ctx context.Context, actor domain.Actor, broadcastID int64) (int, error) {
	host, _ := os.Hostname()
	lockKey := fmt.Sprintf("broadcast:lock:%d", broadcastID)
	locked, err := s.Redis.SetNX(ctx, lockKey, host, 30*time.Second).Result()
	if err != nil {
		return 0, err
	}
	if !locked {
		return 0, fmt.Errorf("broadcast is being sent: %w", domain.ErrConflict)
	}
	defer s.Redis.Del(context.WithoutCancel(ctx), lockKey)

	b, err := s.loadBroadcast(ctx, broadcastID)
	if err != nil {
		return 0, err
	}
	if b.DoneAt.Valid {
		return b.SentCount, nil
	}
	ev, err := s.Repo.Get(ctx, b.EventID)
	if err != nil {
		return 0, err
	}
	if ev.WorkspaceID != actor.WorkspaceID {
		return 0, domain.ErrNotFound
	}
	regs, err := s.recipients(ctx, ev.ID, 0)
	if err != nil {
		return 0, err
	}
	sent := 0
	for _, r := range regs {
		if _, err := s.Mailer.Send(ctx, effects.Email{
			To:       r.Email,
			Subject:  b.Subject,
			Template: "event_broadcast",
			Data:     map[string]any{"body": b.Body, "name": r.Name, "title": ev.Title},
		}); err != nil {
			s.Log.WarnContext(ctx, "broadcast mail", "registration", r.ID, "err", err)
			continue
		}
		sent++
	}
	_, err = s.DB.ExecContext(ctx, `UPDATE broadcasts SET sent_count = $2, done_at = now() WHERE id = $1`, b.ID, sent)
	return sent, sqlxstore.MapErr(err)
}

const (
	reminderLease    = 30 * time.Minute
	reminderDeadline = 20 * time.Minute
)

// SendLastCallBroadcast mails the "starting soon" announcement. The lease is
// longer than the work's deadline, and progress is recorded per recipient.
func (s *Service) SendLastCallBroadcast(ctx context.Context, actor domain.Actor, broadcastID int64) (int, error) {
	host, _ := os.Hostname()
	lockKey := fmt.Sprintf("broadcast:lastcall:%d", broadcastID)
	locked, err := s.Redis.SetNX(ctx, lockKey, host, reminderLease).Result()
	if err != nil {
		return 0, err
	}
	if !locked {
		return 0, fmt.Errorf("broadcast is being sent: %w", domain.ErrConflict)
	}
	defer s.Redis.Del(context.WithoutCancel(ctx), lockKey)
	ctx, cancel := context.WithTimeout(ctx, reminderDeadline)
	defer cancel()

	b, err := s.loadBroadcast(ctx, broadcastID)
	if err != nil {
		return 0, err
	}
	if b.DoneAt.Valid {
		return b.SentCount, nil
	}
	ev, err := s.Repo.Get(ctx, b.EventID)
	if err != nil {
		return 0, err
	}
	if ev.WorkspaceID != actor.WorkspaceID {
		return 0, domain.ErrNotFound
	}
	regs, err := s.recipients(ctx, ev.ID, b.CursorID)
	if err != nil {
		return 0, err
	}
	sent := b.SentCount
	for _, r := range regs {
		if ctx.Err() != nil {
			return sent, ctx.Err()
		}
		if _, err := s.Mailer.Send(ctx, effects.Email{
			To:       r.Email,
			Subject:  b.Subject,
			Template: "event_broadcast",
			Data:     map[string]any{"body": b.Body, "name": r.Name, "title": ev.Title},
		}); err != nil {
			s.Log.WarnContext(ctx, "broadcast mail", "registration", r.ID, "err", err)
		} else {
			sent++
		}
		if _, err := s.DB.ExecContext(ctx, `UPDATE broadcasts SET cursor_id = $2, sent_count = $3 WHERE id = $1`, b.ID, r.ID, sent); err != nil {
			return sent, sqlxstore.MapErr(err)
		}
	}
	_, err = s.DB.ExecContext(ctx, `UPDATE broadcasts SET done_at = now() WHERE id = $1`, b.ID)
	return sent, sqlxstore.MapErr(err)
}
