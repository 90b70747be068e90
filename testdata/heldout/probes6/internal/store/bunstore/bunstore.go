// Package bunstore implements the depot, partner, approval, referral-code and
// credit repositories with bun on PostgreSQL.
package bunstore

import (
	"database/sql"
	"errors"
	"time"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"
	"github.com/uptrace/bun/driver/pgdriver"
)

func Open(dsn string) *bun.DB {
	sqldb := sql.OpenDB(pgdriver.NewConnector(pgdriver.WithDSN(dsn)))
	return bun.NewDB(sqldb, pgdialect.New())
}

func isUnique(err error) bool {
	var pgErr pgdriver.Error
	return errors.As(err, &pgErr) && pgErr.Field('C') == "23505"
}

type depotRow struct {
	bun.BaseModel `bun:"table:depots"`

	ID      int64  `bun:"id,pk,autoincrement"`
	OrgID   int64  `bun:"org_id"`
	Code    string `bun:"code"`
	Name    string `bun:"name"`
	Address string `bun:"address"`
}

type zoneRow struct {
	bun.BaseModel `bun:"table:zones"`

	ID      int64  `bun:"id,pk,autoincrement"`
	OrgID   int64  `bun:"org_id"`
	Code    string `bun:"code"`
	Name    string `bun:"name"`
	Polygon string `bun:"polygon"`
}

type carrierLinkRow struct {
	bun.BaseModel `bun:"table:carrier_links"`

	ID         int64  `bun:"id,pk,autoincrement"`
	MerchantID int64  `bun:"merchant_id"`
	Carrier    string `bun:"carrier"`
	AccountNo  string `bun:"account_no"`
}

type brokerLinkRow struct {
	bun.BaseModel `bun:"table:broker_links"`

	ID         int64  `bun:"id,pk,autoincrement"`
	MerchantID int64  `bun:"merchant_id"`
	Broker     string `bun:"broker"`
	EORI       string `bun:"eori"`
}

type driverRow struct {
	bun.BaseModel `bun:"table:drivers"`

	ID         int64        `bun:"id,pk"`
	FleetID    int64        `bun:"fleet_id"`
	Phone      string       `bun:"phone"`
	Name       string       `bun:"name"`
	Status     string       `bun:"status"`
	ApprovedAt bun.NullTime `bun:"approved_at"`
}

type referralCodeRow struct {
	bun.BaseModel `bun:"table:referral_codes"`

	ID         int64     `bun:"id,pk,autoincrement"`
	MerchantID int64     `bun:"merchant_id"`
	Code       string    `bun:"code"`
	OwnerID    int64     `bun:"owner_id"`
	CreatedAt  time.Time `bun:"created_at,nullzero,default:current_timestamp"`
}

type merchantRow struct {
	bun.BaseModel `bun:"table:merchants"`

	ID   int64  `bun:"id,pk"`
	Name string `bun:"name"`
}

type creditRow struct {
	bun.BaseModel `bun:"table:merchant_credit"`

	MerchantID int64 `bun:"merchant_id,pk"`
	LimitCents int64 `bun:"limit_cents"`
	UsedCents  int64 `bun:"used_cents"`
	Version    int64 `bun:"version"`
}
