package jobs

import (
	"context"
	"log/slog"
	"time"

	"xorm.io/xorm"

	"example.com/desk5/internal/effects"
	"example.com/desk5/internal/store/xormstore"
)

// CSATSurveys mails the satisfaction surveys queued when tickets are
// resolved.
type CSATSurveys struct {
	Engine *xorm.Engine
	Mailer effects.Mailer
	Log    *slog.Logger
}

func (j *CSATSurveys) Name() string { return "csat-surveys" }

func (j *CSATSurveys) Run(ctx context.Context) error {
	var queued []xormstore.Survey
	if err := j.Engine.Context(ctx).Where("sent = ? AND kind = ?", false, "csat").
		OrderBy("created_at").Limit(200).Find(&queued); err != nil {
		return err
	}
	for i := range queued {
		s := &queued[i]
		if _, err := j.Mailer.Send(ctx, effects.Email{
			To:       s.Email,
			Subject:  "How did we do?",
			Template: "csat_survey",
			Data:     map[string]any{"ticket_id": s.TicketID, "survey_id": s.ID},
		}); err != nil {
			j.Log.Warn("csat mail", "survey", s.ID, "err", err)
			continue
		}
		now := time.Now()
		s.Sent, s.SentAt = true, &now
		if _, err := j.Engine.Context(ctx).ID(s.ID).Cols("sent", "sent_at").Update(s); err != nil {
			return err
		}
	}
	return nil
}

// NPSSurveys mails the quarterly NPS surveys. Each survey is taken with a
// conditional update before it is mailed.
type NPSSurveys struct {
	Engine *xorm.Engine
	Mailer effects.Mailer
	Log    *slog.Logger
}

func (j *NPSSurveys) Name() string { return "nps-surveys" }

func (j *NPSSurveys) Run(ctx context.Context) error {
	var queued []xormstore.Survey
	if err := j.Engine.Context(ctx).Where("sent = ? AND kind = ?", false, "nps").
		OrderBy("created_at").Limit(200).Find(&queued); err != nil {
		return err
	}
	for i := range queued {
		s := &queued[i]
		now := time.Now()
		taken, err := j.Engine.Context(ctx).Where("id = ? AND sent = ?", s.ID, false).
			Cols("sent", "sent_at").Update(&xormstore.Survey{Sent: true, SentAt: &now})
		if err != nil {
			return err
		}
		if taken != 1 {
			continue
		}
		if _, err := j.Mailer.Send(ctx, effects.Email{
			To:       s.Email,
			Subject:  "How likely are you to recommend us?",
			Template: "nps_survey",
			Data:     map[string]any{"survey_id": s.ID},
		}); err != nil {
			j.Log.Warn("nps mail", "survey", s.ID, "err", err)
		}
	}
	return nil
}
