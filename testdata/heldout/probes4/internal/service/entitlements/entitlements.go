// Package entitlements grants access to digital goods: video courses and
// premium features.
package entitlements

import (
	"context"
	"log/slog"

	"example.com/shop4/internal/clients/mailer"
	"example.com/shop4/internal/domain"
	"example.com/shop4/internal/store"
)

type Service struct {
	grants store.GrantStore
	mail   mailer.Mailer
}

func New(g store.GrantStore, m mailer.Mailer) *Service { return &Service{grants: g, mail: m} }

// GrantCourses gives the user every course in skus they do not own yet.
func (s *Service) GrantCourses(ctx context.Context, u domain.User, skus []string) error {
	owned, err := s.grants.CourseSKUs(ctx, u.ID)
	if err != nil {
		return err
	}
	for _, sku := range skus {
		if owned[sku] {
			continue
		}
		if err := s.grants.InsertCourse(ctx, u.ID, sku); err != nil {
			return err
		}
		s.sendAccess(ctx, u, "course-access", sku)
	}
	return nil
}

// GrantFeatures enables premium features that come with a plan.
func (s *Service) GrantFeatures(ctx context.Context, u domain.User, features []string) error {
	enabled, err := s.grants.FeatureKeys(ctx, u.ID)
	if err != nil {
		return err
	}
	for _, f := range features {
		if enabled[f] {
			continue
		}
		added, err := s.grants.InsertFeatureIfAbsent(ctx, u.ID, f)
		if err != nil {
			return err
		}
		if added {
			s.sendAccess(ctx, u, "feature-enabled", f)
		}
	}
	return nil
}

func (s *Service) sendAccess(ctx context.Context, u domain.User, template, item string) {
	if err := s.mail.Send(ctx, mailer.Message{To: u.Email, Template: template, Data: map[string]any{"item": item}}); err != nil {
		slog.WarnContext(ctx, "access mail", "user", u.ID, "item", item, "err", err)
	}
}
