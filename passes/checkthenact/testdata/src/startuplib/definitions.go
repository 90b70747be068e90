package startuplib

import (
	"context"
	"database/sql"
)

type Menu struct {
	Name string
	Path string
}

// A plugin registers its menus when it is set up: the list is code's,
// handed in once at start-up, and each is made when missing.
func RegisterMenus(menus ...Menu) {
	ctx := context.Background()
	for _, m := range menus {
		var exists bool
		if err := bootDB.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM menus WHERE name = $1)`, m.Name).Scan(&exists); err != nil {
			panic(err)
		}
		if !exists {
			withTx(ctx, func(tx *sql.Tx) error {
				_, err := tx.ExecContext(ctx, `INSERT INTO menus (name, path) VALUES ($1, $2)`, m.Name, m.Path)
				return err
			})
		}
	}
}

func withTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := bootDB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// Near miss: a menu a request adds, one at a time, with its context.
func RegisterMenu(ctx context.Context, m Menu) error {
	var exists bool
	if err := bootDB.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM menus WHERE name = $1)`, m.Name).Scan(&exists); err != nil { // want `check-then-act race`
		return err
	}
	if !exists {
		_, err := bootDB.ExecContext(ctx, `INSERT INTO menus (name, path) VALUES ($1, $2)`, m.Name, m.Path)
		return err
	}
	return nil
}

// Near miss: the whole input is a list, but of strings a caller sends.
func RegisterTags(tags ...string) error {
	ctx := context.Background()
	for _, t := range tags {
		var exists bool
		if err := bootDB.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM tags WHERE name = $1)`, t).Scan(&exists); err != nil { // want `check-then-act race`
			return err
		}
		if !exists {
			if _, err := bootDB.ExecContext(ctx, `INSERT INTO tags (name) VALUES ($1)`, t); err != nil {
				return err
			}
		}
	}
	return nil
}

// Config is the application's configuration file.
type Config struct {
	Menus []Menu
}

// The menus the configuration file declares, written when the serve
// command starts, before it listens: the helper is called from nowhere
// else.
func SyncMenuConfigToDatabase(cfg *Config, db *sql.DB) error {
	for _, m := range cfg.Menus {
		if err := createMenuFromConfig(db, m); err != nil {
			return err
		}
	}
	return nil
}

func createMenuFromConfig(db *sql.DB, m Menu) error {
	ctx := context.Background()
	var exists bool
	if err := db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM menus WHERE name = $1)`, m.Name).Scan(&exists); err != nil {
		return err
	}
	if exists {
		return nil
	}
	_, err := db.ExecContext(ctx, `INSERT INTO menus (name, path) VALUES ($1, $2)`, m.Name, m.Path)
	return err
}

// Near miss: a sync a request runs, with its context, on the
// configuration and a menu the caller sends.
func SyncMenuConfig(ctx context.Context, cfg *Config, m Menu) error {
	var exists bool
	if err := bootDB.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM menus WHERE name = $1)`, m.Name).Scan(&exists); err != nil { // want `check-then-act race`
		return err
	}
	if exists || len(cfg.Menus) == 0 {
		return nil
	}
	_, err := bootDB.ExecContext(ctx, `INSERT INTO menus (name, path) VALUES ($1, $2)`, m.Name, m.Path)
	return err
}
