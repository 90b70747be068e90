package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"example.com/shop2/internal/store/bunrepo"
)

// ReportRenderer renders a PDF report; it is expensive.
type ReportRenderer interface {
	Render(ctx context.Context, accountID int64, kind string) (url string, err error)
}

type ReportService struct {
	usage    *bunrepo.UsageRepo
	renderer ReportRenderer
	log      *slog.Logger
	now      func() time.Time
}

func NewReportService(usage *bunrepo.UsageRepo, renderer ReportRenderer, log *slog.Logger) *ReportService {
	return &ReportService{usage: usage, renderer: renderer, log: log, now: time.Now}
}

// Generate renders a report if the account has quota left this month.
func (s *ReportService) Generate(ctx context.Context, accountID int64, kind string) (string, error) {
	p := period(s.now())
	u, err := s.usage.Get(ctx, accountID, p, "reports")
	if errors.Is(err, bunrepo.ErrNotFound) {
		return "", bunrepo.ErrQuotaExceeded
	}
	if err != nil {
		return "", fmt.Errorf("generate report: %w", err)
	}
	if u.Used >= u.Quota {
		return "", bunrepo.ErrQuotaExceeded
	}
	if err := s.usage.Consume(ctx, accountID, p, "reports"); err != nil {
		return "", fmt.Errorf("generate report: %w", err)
	}
	return s.renderer.Render(ctx, accountID, kind)
}
