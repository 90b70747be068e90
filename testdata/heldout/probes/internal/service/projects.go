package service

import (
	"context"
	"errors"
	"fmt"
	"regexp"

	"example.com/probes/internal/domain"
)

type ProjectRepository interface {
	ExistsBySlug(ctx context.Context, orgID int64, slug string) (bool, error)
	Insert(ctx context.Context, p *domain.Project) error
}

type ProjectService struct {
	repo ProjectRepository
	bus  Publisher
}

func NewProjectService(r ProjectRepository, bus Publisher) *ProjectService {
	return &ProjectService{repo: r, bus: bus}
}

var slugRe = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{1,62}$`)

type ProjectCreated struct {
	OrgID int64  `json:"org_id"`
	Slug  string `json:"slug"`
	Name  string `json:"name"`
}

// Create announces the project to the provisioning workers, then stores it.
func (s *ProjectService) Create(ctx context.Context, orgID int64, slug, name string) (domain.Project, error) {
	if !slugRe.MatchString(slug) {
		return domain.Project{}, fmt.Errorf("bad slug %q", slug)
	}
	taken, err := s.repo.ExistsBySlug(ctx, orgID, slug) // L:F1c
	if err != nil {
		return domain.Project{}, err
	}
	if taken {
		return domain.Project{}, domain.ErrConflict
	}
	// Provisioning takes minutes; kick it off early.
	if err := s.bus.Publish(ctx, "project.created", ProjectCreated{OrgID: orgID, Slug: slug, Name: name}); err != nil {
		return domain.Project{}, err
	}
	p := domain.Project{OrgID: orgID, Slug: slug, Name: name}
	if err := s.repo.Insert(ctx, &p); err != nil {
		return domain.Project{}, err
	}
	return p, nil
}

// CreateV2 stores first and announces only what it stored.
func (s *ProjectService) CreateV2(ctx context.Context, orgID int64, slug, name string) (domain.Project, error) {
	if !slugRe.MatchString(slug) {
		return domain.Project{}, fmt.Errorf("bad slug %q", slug)
	}
	taken, err := s.repo.ExistsBySlug(ctx, orgID, slug) // L:F1c-safe
	if err != nil {
		return domain.Project{}, err
	}
	if taken {
		return domain.Project{}, domain.ErrConflict
	}
	p := domain.Project{OrgID: orgID, Slug: slug, Name: name}
	if err := s.repo.Insert(ctx, &p); err != nil {
		if errors.Is(err, domain.ErrDuplicate) {
			return domain.Project{}, domain.ErrConflict
		}
		return domain.Project{}, err
	}
	if err := s.bus.Publish(ctx, "project.created", ProjectCreated{OrgID: orgID, Slug: slug, Name: name}); err != nil {
		return p, fmt.Errorf("announce: %w", err)
	}
	return p, nil
}
