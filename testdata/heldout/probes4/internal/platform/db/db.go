// Package db opens the connection pools every layer shares.
package db

import (
	"context"
	"database/sql"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/jmoiron/sqlx"
	_ "github.com/lib/pq"
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
)

type Handles struct {
	Pool *pgxpool.Pool
	SQLX *sqlx.DB
	Gorm *gorm.DB
	Bun  *bun.DB
}

func Open(ctx context.Context, dsn string) (*Handles, error) {
	pool, err := pgxpool.New(ctx, dsn)
	if err != nil {
		return nil, err
	}
	sx, err := sqlx.Open("postgres", dsn)
	if err != nil {
		pool.Close()
		return nil, err
	}
	gdb, err := gorm.Open(postgres.Open(dsn), &gorm.Config{
		TranslateError: true,
		Logger:         logger.Default.LogMode(logger.Warn),
	})
	if err != nil {
		pool.Close()
		return nil, err
	}
	var sqldb *sql.DB = stdlib.OpenDBFromPool(pool)
	bdb := bun.NewDB(sqldb, pgdialect.New())
	return &Handles{Pool: pool, SQLX: sx, Gorm: gdb, Bun: bdb}, nil
}

func (h *Handles) Close() {
	_ = h.Bun.Close()
	_ = h.SQLX.Close()
	if s, err := h.Gorm.DB(); err == nil {
		_ = s.Close()
	}
	h.Pool.Close()
}
