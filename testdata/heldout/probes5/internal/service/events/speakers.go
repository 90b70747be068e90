package events

import (
	"context"
	"fmt"
	"strings"

	"example.com/desk5/internal/domain"
	"example.com/desk5/internal/effects"
	"example.com/desk5/internal/store/sqlxstore"
)

// AddSpeaker adds a speaker to the agenda and sends them the speaker kit.
// Adding the same person twice is a no-op.
func (s *Service) AddSpeaker(ctx context.Context, actor domain.Actor, eventID int64, email, name, slot string) (sqlxstore.Speaker, error) {
	email = strings.ToLower(strings.TrimSpace(email))
	ev, err := s.Repo.Get(ctx, eventID)
	if err != nil {
		return sqlxstore.Speaker{}, err
	}
	if ev.WorkspaceID != actor.WorkspaceID {
		return sqlxstore.Speaker{}, domain.ErrNotFound
	}
	sp, err := s.Repo.SpeakerByEmail(ctx, ev.ID, email)
	if err != nil {
		return sqlxstore.Speaker{}, err
	}
	if sp.ID != 0 {
		return sp, nil
	}
	sp = sqlxstore.Speaker{EventID: ev.ID, Email: email, Name: name, Slot: slot}
	if err := s.Repo.InsertSpeaker(ctx, &sp); err != nil {
		return sqlxstore.Speaker{}, err
	}
	s.sendSpeakerKit(ctx, ev, sp)
	return sp, nil
}

func (s *Service) sendSpeakerKit(ctx context.Context, ev sqlxstore.Event, sp sqlxstore.Speaker) {
	if _, err := s.Mailer.Send(ctx, effects.Email{
		To:       sp.Email,
		Subject:  "You're speaking at " + ev.Title,
		Template: "speaker_kit",
		Data:     map[string]any{"slot": sp.Slot, "name": sp.Name, "title": ev.Title},
	}); err != nil {
		s.Log.WarnContext(ctx, "speaker kit", "err", err)
	}
	_ = s.Events.Publish(ctx, "events.speaker_added", map[string]any{"event_id": ev.ID, "speaker_id": sp.ID})
}

// EnsureTag creates an event tag on first use from the tag picker.
func (s *Service) EnsureTag(ctx context.Context, actor domain.Actor, name, color string) (sqlxstore.Tag, error) {
	name = strings.ToLower(strings.TrimSpace(name))
	if name == "" {
		return sqlxstore.Tag{}, domain.Invalid("name", "required")
	}
	t, err := s.Repo.TagByName(ctx, actor.WorkspaceID, name)
	if err != nil {
		return sqlxstore.Tag{}, err
	}
	if t.Name != "" {
		return t, nil
	}
	t = sqlxstore.Tag{WorkspaceID: actor.WorkspaceID, Name: name, Color: color}
	inserted, err := s.Repo.InsertTagIfAbsent(ctx, &t)
	if err != nil {
		return sqlxstore.Tag{}, err
	}
	if !inserted {
		return s.Repo.TagByName(ctx, actor.WorkspaceID, name)
	}
	_ = s.Events.Publish(ctx, "events.tag_created", map[string]any{"workspace_id": actor.WorkspaceID, "tag": name})
	return s.Repo.TagByName(ctx, actor.WorkspaceID, name)
}

// Describe is a small read helper for the agenda page.
func (s *Service) Describe(ctx context.Context, eventID int64) (string, error) {
	ev, err := s.Repo.Get(ctx, eventID)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%s (%d/%d)", ev.Title, ev.SeatsTaken, ev.Capacity), nil
}
