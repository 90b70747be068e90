package tickets

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"example.com/desk5/internal/db"
	"example.com/desk5/internal/domain"
	"example.com/desk5/internal/store/pgstore"
)

// Library manages macros (canned replies) and saved inbox views.
type Library struct {
	Store *pgstore.Store
}

// CreateMacro adds a canned reply. Names must be unique within a workspace
// because agents pick macros by name in the composer.
func (l *Library) CreateMacro(ctx context.Context, actor domain.Actor, name, body string) (domain.Macro, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return domain.Macro{}, domain.Invalid("name", "required")
	}
	if body == "" {
		return domain.Macro{}, domain.Invalid("body", "required")
	}
	var out domain.Macro
	err := l.Store.WithTx(ctx, func(q *db.Queries) error {
		_, err := q.GetMacroByName(ctx, db.GetMacroByNameParams{WorkspaceID: actor.WorkspaceID, Name: name})
		if err == nil {
			return fmt.Errorf("macro %q: %w", name, domain.ErrConflict)
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		m, err := q.CreateMacro(ctx, db.CreateMacroParams{
			WorkspaceID: actor.WorkspaceID,
			Name:        name,
			Body:        body,
			CreatedBy:   actor.UserID,
		})
		if err != nil {
			return err
		}
		out = domain.Macro{ID: m.ID, WorkspaceID: m.WorkspaceID, Name: m.Name, Body: m.Body, CreatedBy: m.CreatedBy}
		return nil
	})
	return out, pgstore.MapErr(err)
}

// SaveView stores a personal inbox filter. Saving the same name twice
// returns the stored view.
func (l *Library) SaveView(ctx context.Context, actor domain.Actor, name string, filter map[string]any) (domain.SavedView, error) {
	raw, err := json.Marshal(filter)
	if err != nil {
		return domain.SavedView{}, domain.Invalid("filter", err.Error())
	}
	view, err := l.createView(ctx, actor, name, raw)
	if errors.Is(err, domain.ErrAlreadyExists) {
		existing, gerr := l.Store.Q.GetSavedViewByName(ctx, db.GetSavedViewByNameParams{
			WorkspaceID: actor.WorkspaceID, UserID: actor.UserID, Name: name,
		})
		if gerr != nil {
			return domain.SavedView{}, pgstore.MapErr(gerr)
		}
		return domain.SavedView{ID: existing.ID, WorkspaceID: existing.WorkspaceID, UserID: existing.UserID, Name: existing.Name, Filter: existing.Filter}, nil
	}
	return view, err
}

func (l *Library) createView(ctx context.Context, actor domain.Actor, name string, raw []byte) (domain.SavedView, error) {
	var out domain.SavedView
	err := l.Store.WithTx(ctx, func(q *db.Queries) error {
		_, err := q.GetSavedViewByName(ctx, db.GetSavedViewByNameParams{WorkspaceID: actor.WorkspaceID, UserID: actor.UserID, Name: name})
		if err == nil {
			return domain.ErrAlreadyExists
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		v, err := q.CreateSavedView(ctx, db.CreateSavedViewParams{
			WorkspaceID: actor.WorkspaceID,
			UserID:      actor.UserID,
			Name:        name,
			Filter:      raw,
		})
		if err != nil {
			return err
		}
		out = domain.SavedView{ID: v.ID, WorkspaceID: v.WorkspaceID, UserID: v.UserID, Name: v.Name, Filter: v.Filter}
		return nil
	})
	return out, pgstore.MapErr(err)
}
