// Command server runs the shop's HTTP and gRPC APIs, its consumers and its
// scheduled jobs.
package main

import (
	"context"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/sns"
	amqp "github.com/rabbitmq/amqp091-go"
	"github.com/redis/rueidis"
	"google.golang.org/grpc"

	"example.com/shop3/internal/cache"
	"example.com/shop3/internal/consumer"
	"example.com/shop3/internal/grpcapi"
	"example.com/shop3/internal/httpapi"
	"example.com/shop3/internal/jobs"
	"example.com/shop3/internal/notify"
	"example.com/shop3/internal/payments"
	"example.com/shop3/internal/service"
	"example.com/shop3/internal/store/dynstore"
	"example.com/shop3/internal/store/mysqlstore"
	"example.com/shop3/internal/store/pgstore"
)

func env(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

type exportAPI struct{ gw *payments.Gateway }

func (e exportAPI) StartExport(ctx context.Context, tenantID int64, kind string) (string, error) {
	ch, err := e.gw.Charge(ctx, "", payments.ChargeRequest{CustomerRef: "tenant", AmountCents: 500, Currency: "EUR", Description: "export " + kind})
	return ch.ID, err
}

type rateAPI struct{}

func (rateAPI) Rate(ctx context.Context, currency string) (float64, error) { return 1, nil }

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, log); err != nil {
		log.Error("server stopped", "err", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, log *slog.Logger) error {
	my, err := mysqlstore.Open(env("MYSQL_DSN", "shop:shop@tcp(127.0.0.1:3306)/shop"))
	if err != nil {
		return err
	}
	defer my.Close()
	pg, err := pgstore.New(ctx, env("DATABASE_URL", "postgres://shop@127.0.0.1/shop"))
	if err != nil {
		return err
	}
	defer pg.Close()
	awsCfg, err := config.LoadDefaultConfig(ctx)
	if err != nil {
		return err
	}
	dyn := dynstore.New(dynamodb.NewFromConfig(awsCfg), env("DYNAMO_PREFIX", "shop-"))
	rc, err := rueidis.NewClient(rueidis.ClientOption{InitAddress: []string{env("REDIS_ADDR", "127.0.0.1:6379")}})
	if err != nil {
		return err
	}
	defer rc.Close()
	mailer, err := notify.NewMailer(env("SMTP_HOST", "127.0.0.1"), env("SMTP_USER", ""), env("SMTP_PASS", ""), "shop@example.com")
	if err != nil {
		return err
	}
	texter := &notify.Texter{SNS: sns.NewFromConfig(awsCfg), SenderID: "SHOP"}
	gw := &payments.Gateway{BaseURL: env("PROCESSOR_URL", "http://127.0.0.1:9000"), APIKey: os.Getenv("PROCESSOR_KEY"), HTTP: &http.Client{Timeout: 10 * time.Second}}
	carrier := &payments.Carrier{Gateway: payments.Gateway{BaseURL: env("CARRIER_URL", "http://127.0.0.1:9001"), HTTP: gw.HTTP}}

	amqpConn, err := amqp.Dial(env("AMQP_URL", "amqp://guest:guest@127.0.0.1:5672/"))
	if err != nil {
		return err
	}
	defer amqpConn.Close()
	pub, err := consumer.NewPublisher(amqpConn, "shop")
	if err != nil {
		return err
	}

	users := mysqlstore.UserRepo{Store: my}
	invoices := mysqlstore.InvoiceRepo{Store: my}
	accountsRepo := mysqlstore.AccountRepo{Store: my}
	ledger := pgstore.LedgerRepo{Store: pg}
	keys := pgstore.KeyRepo{Store: pg}

	accounts := &service.AccountService{
		Users: users, Merchants: mysqlstore.MerchantRepo{Store: my}, Referrals: mysqlstore.ReferralRepo{Store: my},
		Accounts: accountsRepo, Mailer: mailer, Charger: gw, Events: pub,
		ReferralBonusCents: 1000, OnboardingFeeCents: 4900,
	}
	billing := &service.BillingService{Invoices: invoices, Users: users, Charger: gw, Mailer: mailer, Texter: texter}
	orders := &service.OrderService{Orders: pgstore.OrderRepo{Store: pg}, Keys: keys, Users: users, Texter: texter, Events: pub, Carrier: carrier}
	shipping := &service.ShippingService{
		Shipments: pgstore.ShipmentRepo{Store: pg}, Carrier: carrier, Quota: &cache.Quotas{Client: rc},
		Orders: orders, FreeLabelsPerDay: 50, CarrierName: "dhl",
	}
	devices := &service.DeviceService{
		Devices: dyn, Verifications: mysqlstore.VerificationRepo{Store: my}, Texter: texter,
		OTP: &cache.OTPLimiter{Pool: cache.NewPool(env("REDIS_ADDR", "127.0.0.1:6379")), Max: 5}, MaxOTP: 5,
	}
	limits := &service.LimitService{Keys: pgstore.APIKeyRepo{Store: pg}, Coupons: mysqlstore.CouponRepo{Store: my}, Ledger: ledger}
	rewards := &service.RewardService{Rewards: dyn, Accounts: accountsRepo, Quota: dyn, Exports: exportAPI{gw}, ExportsPerMonth: 10}
	subs := &service.SubscriptionService{Subs: pgstore.SubscriptionRepo{Store: pg}, Charger: gw, Ledger: ledger,
		Prices: map[string]int64{"basic": 900, "pro": 2900}}
	bonuses := pgstore.BonusRepo{Store: pg}

	api := &httpapi.Server{
		Accounts: accounts, Billing: billing, Invoices: invoices, Orders: orders,
		Cards:    &service.GiftCardService{Cards: pgstore.GiftCardRepo{Store: pg}, Ledger: ledger},
		Shipping: shipping, Devices: devices, Limits: limits, Rewards: rewards,
		Idem:      &httpapi.Idempotency{Responses: &cache.Responses{Client: rc}, Keys: keys},
		Donations: &httpapi.DonationHandler{Charger: gw, Rates: rateAPI{}},
	}
	mux := http.NewServeMux()
	mux.Handle("/", api.Routes())
	hooks := &webhookRoutes{orders: orders, pg: pg}
	hooks.register(mux)
	extra := &extraRoutes{accounts: accounts, devices: devices, limits: limits, rewards: rewards, subs: subs, bonuses: bonuses, billing: billing}
	extra.register(mux)

	gs := grpc.NewServer()
	grpcapi.Register(gs, &grpcapi.Server{Orders: orders, Accounts: accounts})
	lis, err := net.Listen("tcp", env("GRPC_ADDR", ":9090"))
	if err != nil {
		return err
	}
	go func() { _ = gs.Serve(lis) }()
	defer gs.GracefulStop()

	bo := &consumer.Backoffice{Store: pg, Inbox: pgstore.InboxRepo{Store: pg}, Log: log}
	if bo.Ch, err = amqpConn.Channel(); err != nil {
		return err
	}
	go func() { _ = bo.Run(ctx, "backoffice") }()
	go func() {
		_ = consumer.RunLoyalty(ctx, strings.Split(env("KAFKA_BROKERS", "127.0.0.1:9092"), ","),
			&consumer.Loyalty{Store: pg, Orders: pgstore.OrderRepo{Store: pg}, Log: log})
	}()

	j := &jobs.Jobs{
		Notifications: pgstore.NotificationRepo{Store: pg}, Outbox: pgstore.OutboxRepo{Store: pg},
		Invoices: invoices, Billing: billing, Mailer: mailer, Texter: texter, Publisher: pub, Log: log,
	}
	c := j.Start(ctx)
	defer c.Stop()

	srv := &http.Server{Addr: env("HTTP_ADDR", ":8080"), Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = srv.Shutdown(shutdown)
	}()
	if err := srv.ListenAndServe(); err != http.ErrServerClosed {
		return err
	}
	return nil
}
