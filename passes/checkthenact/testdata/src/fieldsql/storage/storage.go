// Package storage keeps its SQL in struct fields its constructor builds
// (authelia's storage.SQLProvider) and is reached through the Provider
// interface.
package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"
)

const tableOpaqueIDs = "user_opaque_identifier"

type OpaqueID struct {
	ID       int
	Username string
	Value    string
}

type Provider interface {
	LoadOpaqueID(ctx context.Context, username string) (*OpaqueID, error)
	SaveOpaqueID(ctx context.Context, username, value string) error
	SaveOpaqueIDOnce(ctx context.Context, username, value string) error
}

type SQLProvider struct {
	db *sqlx.DB

	sqlSelectOpaqueID     string
	sqlInsertOpaqueID     string
	sqlInsertOpaqueIDOnce string
}

func NewSQLProvider(db *sqlx.DB) *SQLProvider {
	return &SQLProvider{
		db:                    db,
		sqlSelectOpaqueID:     fmt.Sprintf(`SELECT id, username, value FROM %s WHERE username = ?`, tableOpaqueIDs),
		sqlInsertOpaqueID:     fmt.Sprintf(`INSERT INTO %s (username, value) VALUES (?, ?)`, tableOpaqueIDs),
		sqlInsertOpaqueIDOnce: fmt.Sprintf(`INSERT INTO %s (username, value) VALUES (?, ?) ON CONFLICT (username) DO NOTHING`, tableOpaqueIDs),
	}
}

func NewPostgreSQLProvider(db *sqlx.DB) *SQLProvider {
	p := NewSQLProvider(db)
	p.sqlSelectOpaqueID = p.db.Rebind(p.sqlSelectOpaqueID)
	p.sqlInsertOpaqueID = p.db.Rebind(p.sqlInsertOpaqueID)
	p.sqlInsertOpaqueIDOnce = p.db.Rebind(p.sqlInsertOpaqueIDOnce)
	return p
}

func (p *SQLProvider) LoadOpaqueID(ctx context.Context, username string) (*OpaqueID, error) {
	id := &OpaqueID{}
	if err := p.db.GetContext(ctx, id, p.sqlSelectOpaqueID, username); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, nil
		}
		return nil, err
	}
	return id, nil
}

func (p *SQLProvider) SaveOpaqueID(ctx context.Context, username, value string) error {
	_, err := p.db.ExecContext(ctx, p.sqlInsertOpaqueID, username, value)
	return err
}

func (p *SQLProvider) SaveOpaqueIDOnce(ctx context.Context, username, value string) error {
	_, err := p.db.ExecContext(ctx, p.sqlInsertOpaqueIDOnce, username, value)
	return err
}
