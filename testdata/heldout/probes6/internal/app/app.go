// Package app wires stores, effects and services from the environment.
package app

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/redis/go-redis/v9"

	"example.com/fleet6/internal/carrierclient"
	"example.com/fleet6/internal/effects"
	"example.com/fleet6/internal/store/bunstore"
	"example.com/fleet6/internal/store/gormstore"
	"example.com/fleet6/internal/store/mongostore"
	"example.com/fleet6/internal/store/pgstore"
	"example.com/fleet6/internal/store/queries"
	"example.com/fleet6/internal/store/redisstore"
	"example.com/fleet6/internal/store/sqlstore"
	"example.com/fleet6/internal/store/sqlxstore"

	"example.com/fleet6/internal/service/billing"
	"example.com/fleet6/internal/service/bookings"
	"example.com/fleet6/internal/service/coupons"
	"example.com/fleet6/internal/service/customers"
	"example.com/fleet6/internal/service/dispatch"
	"example.com/fleet6/internal/service/drivers"
	"example.com/fleet6/internal/service/fleet"
	"example.com/fleet6/internal/service/partners"
	"example.com/fleet6/internal/service/payouts"
	"example.com/fleet6/internal/service/referrals"
	"example.com/fleet6/internal/service/shipments"
	"example.com/fleet6/internal/service/wallet"
)

type App struct {
	Log   *slog.Logger
	Pool  *pgxpool.Pool
	Redis *redis.Client
	Mongo *mongostore.Store

	Drivers   *drivers.Service
	Shipments *shipments.Service
	Bookings  *bookings.Service
	Payouts   *payouts.Service
	Fleet     *fleet.Service
	Customers *customers.Service
	Referrals *referrals.Service
	Coupons   *coupons.Service
	Wallet    *wallet.Service
	Billing   *billing.Service
	Partners  *partners.Service
	Dispatch  *dispatch.Service

	PG struct {
		Bookings pgstore.Bookings
		Keys     pgstore.IdempotencyKeys
		Tracking pgstore.Tracking
		Inbox    pgstore.Inbox
		Bonuses  pgstore.Bonuses
		Usage    pgstore.Usage
	}
	Devices mongostore.Devices
	Marks   redisstore.Marks

	Mailer   effects.Mailer
	SMS      effects.SMS
	Payments effects.Payments
	Bus      effects.Publisher
}

func env(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

func New(ctx context.Context) (*App, error) {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	dsn := env("DATABASE_URL", "postgres://fleet:fleet@localhost:5432/fleet?sslmode=disable")

	pool, err := pgstore.Connect(ctx, dsn)
	if err != nil {
		return nil, err
	}
	sqlDB, err := sqlstore.Open(dsn)
	if err != nil {
		return nil, err
	}
	sqlxDB, err := sqlxstore.Open(dsn)
	if err != nil {
		return nil, err
	}
	gdb, err := gormstore.Open(dsn)
	if err != nil {
		return nil, err
	}
	bdb := bunstore.Open(dsn)
	mdb, err := mongostore.Connect(ctx, env("MONGO_URL", "mongodb://localhost:27017"), "fleet")
	if err != nil {
		return nil, err
	}
	rdb := redisstore.New(env("REDIS_ADDR", "localhost:6379"))
	q := queries.New(pool)

	a := &App{Log: log, Pool: pool, Redis: rdb, Mongo: mdb}
	a.Mailer = effects.LogMailer{Log: log}
	a.SMS = effects.LogSMS{Log: log}
	a.Payments = &effects.LogPayments{Log: log}
	a.Bus = effects.LogPublisher{Log: log}
	push := effects.LogPush{Log: log}
	carrier := &effects.LogCarrier{Log: log}

	a.PG.Bookings = pgstore.Bookings{Pool: pool}
	a.PG.Keys = pgstore.IdempotencyKeys{Pool: pool}
	a.PG.Tracking = pgstore.Tracking{Pool: pool}
	a.PG.Inbox = pgstore.Inbox{Pool: pool}
	a.PG.Bonuses = pgstore.Bonuses{Pool: pool}
	a.PG.Usage = pgstore.Usage{Pool: pool}
	a.Devices = mongostore.Devices{S: mdb}
	a.Marks = redisstore.Marks{RDB: rdb}
	payoutRepo := pgstore.Payouts{Pool: pool}
	wallets := gormstore.Wallets{DB: gdb}

	a.Drivers = &drivers.Service{
		Drivers:     sqlstore.Drivers{DB: sqlDB},
		Apps:        sqlstore.Applications{DB: sqlDB},
		Memberships: pgstore.Memberships{Pool: pool},
		Shifts:      sqlstore.Shifts{DB: sqlDB},
		Stats:       pgstore.DriverStats{Pool: pool},
		Approvals:   bunstore.Approvals{DB: bdb},
		Accounts:    pgstore.PayoutAccounts{Q: q},
		Settings:    pgstore.DriverSettings{Q: q},
		SMS:         a.SMS,
		Mailer:      a.Mailer,
		Payments:    a.Payments,
		Log:         log,
	}
	a.Shipments = &shipments.Service{
		Shipments: pgstore.Shipments{Pool: pool},
		Payments:  pgstore.ShipmentPayments{Pool: pool},
		Proofs:    gormstore.Proofs{DB: gdb},
		Subs:      pgstore.TrackingSubscriptions{Q: q},
		Keys:      a.PG.Keys,
		Payouts:   payoutRepo,
		Provider:  a.Payments,
		SMS:       a.SMS,
		Bus:       a.Bus,
		Log:       log,
	}
	a.Bookings = &bookings.Service{Bookings: a.PG.Bookings, Payments: a.Payments, Mailer: a.Mailer, Log: log}
	a.Payouts = &payouts.Service{Payouts: payoutRepo, Provider: a.Payments, Log: log, Backoff: 2 * time.Second}
	a.Fleet = &fleet.Service{
		Vehicles: gormstore.Vehicles{DB: gdb},
		Trailers: gormstore.Trailers{DB: gdb},
		Depots:   bunstore.Depots{DB: bdb},
		Zones:    bunstore.Zones{DB: bdb},
		Profiles: mongostore.VehicleProfiles{S: mdb},
		Bus:      a.Bus,
		Log:      log,
	}
	a.Customers = &customers.Service{
		Customers:     mongostore.Customers{S: mdb},
		Consignees:    mongostore.Consignees{S: mdb},
		Quotes:        mongostore.Quotes{S: mdb},
		Devices:       a.Devices,
		Notifications: mongostore.Notifications{S: mdb},
		Mailer:        a.Mailer,
		Push:          push,
		Carrier:       carrier,
		Log:           log,
	}
	a.Referrals = &referrals.Service{
		Referrals: sqlxstore.Referrals{DB: sqlxDB},
		Rewards:   sqlxstore.Rewards{DB: sqlxDB},
		Codes:     bunstore.ReferralCodes{DB: bdb},
		Wallets:   wallets,
		Log:       log,
	}
	a.Coupons = &coupons.Service{
		Coupons:     gormstore.Coupons{DB: gdb},
		Campaigns:   gormstore.Campaigns{DB: gdb},
		Redemptions: gormstore.Redemptions{DB: gdb},
		Uses:        sqlxstore.CouponUses{DB: sqlxDB},
	}
	a.Wallet = &wallet.Service{Wallets: wallets, Log: log}
	a.Billing = &billing.Service{
		Invoices: gormstore.Invoices{DB: gdb},
		Numbers:  sqlxstore.InvoiceNumbers{DB: sqlxDB},
		Credit:   bunstore.Credit{DB: bdb},
		Provider: a.Payments,
		Mailer:   a.Mailer,
		Log:      log,
	}
	a.Partners = &partners.Service{
		Endpoints:   pgstore.WebhookEndpoints{Q: q},
		Links:       bunstore.CarrierLinks{DB: bdb},
		Events:      sqlxstore.CarrierEvents{DB: sqlxDB},
		Quotas:      redisstore.Quotas{RDB: rdb},
		Log:         log,
		HourlyLimit: 5000,
	}
	a.Dispatch = &dispatch.Service{
		Carrier: carrierclient.New(env("CARRIER_API_URL", "https://api.linehaul.example"), os.Getenv("CARRIER_API_KEY")),
		Log:     log,
	}
	if err := mdb.EnsureIndexes(ctx); err != nil {
		return nil, fmt.Errorf("app: %w", err)
	}
	return a, nil
}
