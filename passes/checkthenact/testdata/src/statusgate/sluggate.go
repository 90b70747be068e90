package statusgate

import (
	"context"
	"errors"
)

// A record's slug names it, as its id does: a test of it against a
// constant (the reserved default project is not exposed) picks which
// record the request may touch, not where the record is in its life.

type Project struct {
	ID     string
	Slug   string
	Name   string
	Status string
}

type Projects interface {
	FindProject(ctx context.Context, idOrSlug string) (Project, error)
	UpdateProject(ctx context.Context, p Project) error
	UpdateProjectFields(ctx context.Context, arg UpdateProjectParams) error
}

// UpdateProjectParams is a partial update, as sqlc generates one.
type UpdateProjectParams struct {
	ID   string
	Slug string
	Name string
}

type AuditLog interface {
	InsertAuditLog(ctx context.Context, event, resource string) error
}

// Near miss: the slug test hides the reserved project; every other
// update writes the row (a new slug among its fields) and its audit
// entry, as it should.
func updateProject(ctx context.Context, ps Projects, audit AuditLog, idOrSlug, slug, name string) error {
	p, err := ps.FindProject(ctx, idOrSlug)
	if err != nil {
		return err
	}
	if p.Slug == "default" {
		return errors.New("project not found")
	}
	if err := ps.UpdateProjectFields(ctx, UpdateProjectParams{ID: p.ID, Slug: slug, Name: name}); err != nil {
		return err
	}
	return audit.InsertAuditLog(ctx, "project.update", p.ID)
}

// The same shape on the project's Status is a gate: two archive requests
// both find it active and both write the archive entry.
func archiveProject(ctx context.Context, ps Projects, audit AuditLog, idOrSlug string) error {
	p, err := ps.FindProject(ctx, idOrSlug) // want `status-gate race: Status read here is tested`
	if err != nil {
		return err
	}
	if p.Status == "archived" {
		return nil
	}
	if err := audit.InsertAuditLog(ctx, "project.archive", p.ID); err != nil {
		return err
	}
	p.Status = "archived"
	return ps.UpdateProject(ctx, p)
}
