// Package tickets implements ticket intake, replies and the ticket lifecycle.
package tickets

import (
	"context"
	"log/slog"
	"strings"

	"example.com/desk5/internal/domain"
	"example.com/desk5/internal/effects"
	"example.com/desk5/internal/repo"
	"example.com/desk5/internal/service/contacts"
)

// SurveyScheduler queues satisfaction surveys (implemented by the kb/crm
// store on the legacy MySQL database).
type SurveyScheduler interface {
	ScheduleSurvey(ctx context.Context, workspaceID, ticketID int64, email, kind string) error
}

// Deps groups the collaborators shared by the ticket services.
type Deps struct {
	Tickets    repo.Tickets
	Workspaces repo.Workspaces
	Contacts   *contacts.Service
	Mailer     effects.Mailer
	SMS        effects.SMSSender
	Pager      effects.Pager
	Indexer    effects.SearchIndexer
	Events     effects.EventPublisher
	Surveys    SurveyScheduler
	Clock      effects.Clock
	Log        *slog.Logger
}

func normalizeSubject(s string) string {
	s = strings.TrimSpace(s)
	for {
		lower := strings.ToLower(s)
		switch {
		case strings.HasPrefix(lower, "re:"), strings.HasPrefix(lower, "fw:"):
			s = strings.TrimSpace(s[3:])
		case strings.HasPrefix(lower, "fwd:"):
			s = strings.TrimSpace(s[4:])
		default:
			if s == "" {
				return "(no subject)"
			}
			if len(s) > 250 {
				s = s[:250]
			}
			return s
		}
	}
}

func detectPriority(subject, body string) string {
	text := strings.ToLower(subject + " " + body)
	switch {
	case strings.Contains(text, "outage"), strings.Contains(text, "down for everyone"), strings.Contains(text, "security incident"):
		return "urgent"
	case strings.Contains(text, "urgent"), strings.Contains(text, "asap"), strings.Contains(text, "cannot log in"):
		return "high"
	case strings.Contains(text, "feature request"), strings.Contains(text, "suggestion"):
		return "low"
	default:
		return "normal"
	}
}

func ticketDoc(t domain.Ticket) map[string]any {
	return map[string]any{
		"workspace_id": t.WorkspaceID,
		"number":       t.Number,
		"subject":      t.Subject,
		"status":       t.Status,
		"priority":     t.Priority,
		"channel":      t.Channel,
		"tags":         t.Tags,
		"created_at":   t.CreatedAt,
	}
}
