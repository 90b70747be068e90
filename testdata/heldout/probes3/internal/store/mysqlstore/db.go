// Package mysqlstore holds the repositories backed by MySQL 8 (InnoDB,
// REPEATABLE READ), written with database/sql and squirrel.
package mysqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	sq "github.com/Masterminds/squirrel"
	"github.com/go-sql-driver/mysql"

	"example.com/shop3/internal/domain"
)

const erDupEntry = 1062

// Store groups the MySQL repositories over one pool.
type Store struct {
	db *sql.DB
	sb sq.StatementBuilderType
}

func Open(dsn string) (*Store, error) {
	cfg, err := mysql.ParseDSN(dsn)
	if err != nil {
		return nil, fmt.Errorf("mysql dsn: %w", err)
	}
	cfg.ParseTime = true
	cfg.ClientFoundRows = false
	connector, err := mysql.NewConnector(cfg)
	if err != nil {
		return nil, err
	}
	db := sql.OpenDB(connector)
	db.SetMaxOpenConns(40)
	db.SetConnMaxLifetime(5 * time.Minute)
	return &Store{db: db, sb: sq.StatementBuilder.PlaceholderFormat(sq.Question)}, nil
}

func (s *Store) DB() *sql.DB { return s.db }

func (s *Store) Close() error { return s.db.Close() }

func isDuplicate(err error) bool {
	var me *mysql.MySQLError
	return errors.As(err, &me) && me.Number == erDupEntry
}

// mapErr turns driver errors into the domain's sentinels.
func mapErr(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, sql.ErrNoRows):
		return domain.ErrNotFound
	case isDuplicate(err):
		return domain.ErrDuplicate
	default:
		return err
	}
}

// ignoreNoRows is used by lookups whose callers treat a zero record as "none".
func ignoreNoRows(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	return err
}

func (s *Store) withTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}
