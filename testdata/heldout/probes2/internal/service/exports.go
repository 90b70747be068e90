package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/nats-io/nats.go/jetstream"

	"example.com/shop2/internal/store/bunrepo"
)

// ExportService starts data exports; each export counts against the
// account's monthly quota.
type ExportService struct {
	usage *bunrepo.UsageRepo
	js    jetstream.JetStream
	log   *slog.Logger
	now   func() time.Time
}

func NewExportService(usage *bunrepo.UsageRepo, js jetstream.JetStream, log *slog.Logger) *ExportService {
	return &ExportService{usage: usage, js: js, log: log, now: time.Now}
}

type exportJob struct {
	ID        string    `json:"id"`
	AccountID int64     `json:"account_id"`
	Format    string    `json:"format"`
	Requested time.Time `json:"requested_at"`
}

func period(t time.Time) string { return t.UTC().Format("2006-01") }

// Start enqueues an export for the account and returns the job id.
func (s *ExportService) Start(ctx context.Context, accountID int64, format string) (string, error) {
	u, err := s.usage.Get(ctx, accountID, period(s.now()), "exports")
	if errors.Is(err, bunrepo.ErrNotFound) {
		return "", bunrepo.ErrQuotaExceeded
	}
	if err != nil {
		return "", fmt.Errorf("start export: %w", err)
	}
	if u.Used >= u.Quota {
		return "", bunrepo.ErrQuotaExceeded
	}

	job := exportJob{ID: uuid.NewString(), AccountID: accountID, Format: format, Requested: s.now()}
	payload, err := json.Marshal(job)
	if err != nil {
		return "", err
	}
	if _, err := s.js.Publish(ctx, "exports.requested", payload); err != nil {
		return "", fmt.Errorf("start export: publish: %w", err)
	}

	u.Used++
	if err := s.usage.Save(ctx, u); err != nil {
		s.log.ErrorContext(ctx, "export usage not recorded", "account_id", accountID, "err", err)
	}
	return job.ID, nil
}
