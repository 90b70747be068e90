package repo

import (
	"context"
	"database/sql"

	"example.com/probes/internal/domain"
)

// ProjectStore uses database/sql directly.
type ProjectStore struct {
	DB *sql.DB
}

func (s *ProjectStore) ExistsBySlug(ctx context.Context, orgID int64, slug string) (bool, error) {
	var ok bool
	err := s.DB.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM projects WHERE org_id = $1 AND slug = $2)`, orgID, slug).Scan(&ok)
	return ok, err
}

func (s *ProjectStore) Insert(ctx context.Context, p *domain.Project) error {
	err := s.DB.QueryRowContext(ctx,
		`INSERT INTO projects (org_id, slug, name) VALUES ($1, $2, $3) RETURNING id`, p.OrgID, p.Slug, p.Name).Scan(&p.ID)
	if err != nil && isUniqueViolation(err) {
		return domain.ErrDuplicate
	}
	return err
}
