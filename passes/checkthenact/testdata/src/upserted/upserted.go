// Package upserted holds records read and handed back whole to a store's
// Upsert, which recreates a row deleted in between.
package upserted

import (
	"context"
	"errors"
	"time"
)

type Destination struct {
	ID         string
	TenantID   string
	URL        string
	DisabledAt *time.Time
}

type Destinations interface {
	RetrieveDestination(ctx context.Context, tenantID, id string) (*Destination, error)
	UpsertDestination(ctx context.Context, d Destination) error
	DeleteDestination(ctx context.Context, tenantID, id string) error
	UpdateDestinationURL(ctx context.Context, tenantID, id, url string) error
}

// Settings have no delete: an upsert of one read before overwrites, but
// puts back nothing.
type Setting struct {
	TenantID string
	Theme    string
}

type Settings interface {
	RetrieveSetting(ctx context.Context, tenantID string) (*Setting, error)
	UpsertSetting(ctx context.Context, s Setting) error
}

type Handlers struct {
	dests    Destinations
	settings Settings
}

var errNotFound = errors.New("not found")

// A DELETE between the read and the upsert is undone: the destination is
// back, disabled.
func (h *Handlers) Disable(ctx context.Context, tenantID, id string) error {
	d, err := h.dests.RetrieveDestination(ctx, tenantID, id) // want `lost update: the record read here is upserted whole by UpsertDestination at line \d+, in a separate step: a DeleteDestination between the two is undone`
	if err != nil {
		return err
	}
	if d == nil {
		return errNotFound
	}
	now := time.Now()
	d.DisabledAt = &now
	return h.dests.UpsertDestination(ctx, *d)
}

// Near miss: the record upserted is built from the request, not read.
func (h *Handlers) Create(ctx context.Context, tenantID, id, url string) error {
	return h.dests.UpsertDestination(ctx, Destination{ID: id, TenantID: tenantID, URL: url})
}

// Near miss: the change is one column, written by an update that needs
// the row.
func (h *Handlers) MoveURL(ctx context.Context, tenantID, id, url string) error {
	d, err := h.dests.RetrieveDestination(ctx, tenantID, id)
	if err != nil || d == nil {
		return errNotFound
	}
	return h.dests.UpdateDestinationURL(ctx, tenantID, d.ID, url)
}

// Near miss: the store deletes no settings, so the upsert brings nothing
// back.
func (h *Handlers) SetTheme(ctx context.Context, tenantID, theme string) error {
	s, err := h.settings.RetrieveSetting(ctx, tenantID)
	if err != nil {
		return err
	}
	s.Theme = theme
	return h.settings.UpsertSetting(ctx, *s)
}
