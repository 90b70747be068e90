// Command api runs the shop HTTP API and, with -worker, the background
// consumers and jobs.
package main

import (
	"context"
	"database/sql"
	"errors"
	"flag"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/jackc/pgx/v5/pgxpool"
	_ "github.com/jackc/pgx/v5/stdlib"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/redis/go-redis/v9"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"example.com/shop2/internal/billing"
	"example.com/shop2/internal/config"
	"example.com/shop2/internal/consumer"
	"example.com/shop2/internal/events"
	"example.com/shop2/internal/handler"
	"example.com/shop2/internal/idem"
	"example.com/shop2/internal/jobs"
	"example.com/shop2/internal/notify"
	"example.com/shop2/internal/platform"
	"example.com/shop2/internal/ratelimit"
	"example.com/shop2/internal/service"
	"example.com/shop2/internal/store"
	"example.com/shop2/internal/store/bunrepo"
	"example.com/shop2/internal/store/mongorepo"
	"example.com/shop2/internal/webhook"
)

func main() {
	worker := flag.Bool("worker", false, "run consumers and scheduled jobs instead of the HTTP API")
	flag.Parse()

	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	if err := run(*worker, log); err != nil {
		log.Error("exit", "err", err)
		os.Exit(1)
	}
}

func run(worker bool, log *slog.Logger) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	cfg, err := config.Load()
	if err != nil {
		return err
	}

	pool, err := pgxpool.New(ctx, cfg.CoreDSN)
	if err != nil {
		return err
	}
	defer pool.Close()

	ledgerDB, err := sql.Open("pgx", cfg.LedgerDSN)
	if err != nil {
		return err
	}
	defer ledgerDB.Close()
	ledgerDB.SetMaxOpenConns(20)
	bdb := bunrepo.Open(ledgerDB)

	mc, err := mongo.Connect(options.Client().ApplyURI(cfg.MongoURI))
	if err != nil {
		return err
	}
	defer mc.Disconnect(context.Background())
	mdb := mc.Database(cfg.MongoDB)

	rdb := redis.NewClient(&redis.Options{Addr: cfg.RedisAddr})
	defer rdb.Close()

	nc, err := nats.Connect(cfg.NATSURL)
	if err != nil {
		return err
	}
	defer nc.Drain()
	js, err := jetstream.New(nc)
	if err != nil {
		return err
	}

	mailer := notify.NewHTTPMailer(cfg.MailURL, cfg.MailKey, cfg.MailFrom)
	sms := notify.NewTwilioSMS(cfg.TwilioSID, cfg.TwilioToken, cfg.TwilioFrom)
	gateway := billing.NewGateway(cfg.StripeKey, log)
	publisher := events.NewPublisher(cfg.KafkaBrokers)
	defer publisher.Close()

	if worker {
		return runWorker(ctx, cfg, pool, ledgerDB, js, mailer, gateway, log)
	}

	browsers := mongorepo.NewTrustedBrowserRepo(mdb)
	if err := browsers.EnsureIndexes(ctx); err != nil {
		return err
	}
	users := store.NewUserStore(pool)
	orders := store.NewOrderStore(pool)
	carrier := platform.NewCarrierClient(cfg.CarrierURL, cfg.CarrierKey)

	api := &handler.API{
		Signup:        service.NewSignupService(users, mailer, platform.NewNewsletter(cfg.NewsletterURL, cfg.NewsletterKey), log),
		Teams:         service.NewTeamService(store.NewTeamStore(pool), users, mailer, log),
		Identities:    service.NewIdentityService(store.NewIdentityStore(pool), mailer, log),
		Accounts:      service.NewAccountService(store.NewAccountStore(ledgerDB), gateway, log),
		Merchants:     service.NewMerchantService(store.NewMerchantStore(ledgerDB), gateway, log),
		Devices:       service.NewDeviceService(mongorepo.NewDeviceRepo(mdb), browsers, mailer, log),
		Referrals:     service.NewReferralService(bunrepo.NewReferralRepo(bdb), platform.NewReferralCodes(ledgerDB), 500, log),
		Orders:        service.NewOrderService(orders, platform.NewBillingDirectory(pool), gateway, publisher, log),
		Invitations:   service.NewInvitationService(bunrepo.NewInvitationRepo(bdb), log),
		Subscriptions: service.NewSubscriptionService(bunrepo.NewSubscriptionRepo(bdb), log),
		GiftCards:     service.NewGiftCardService(ledgerDB, log),
		Shipping:      service.NewShippingService(mongorepo.NewShipmentRepo(mdb), carrier, log),
		Coupons:       service.NewCouponService(pool, log),
		Bonus:         service.NewBonusService(ledgerDB, log),
		APIKeys:       service.NewAPIKeyService(pool, 5, log),
		Endpoints:     service.NewEndpointService(pool, log),
		Exports:       service.NewExportService(bunrepo.NewUsageRepo(bdb), js, log),
		Reports:       service.NewReportService(bunrepo.NewUsageRepo(bdb), platform.NewPDFRenderer(cfg.RendererURL), log),
		Addresses:     service.NewAddressService(mongorepo.NewAddressRepo(mdb), mongorepo.NewWalletRepo(mdb), log),
		OTP:           service.NewOTPService(rdb, sms, mailer, log),
		MerchantAPI:   service.NewMerchantAPI(pool, log),
		Refunds:       service.NewRefundService(orders, gateway, log),
		Invoices:      service.NewInvoiceService(pool, gateway, log),
		Waitlist:      service.NewWaitlistService(pool, mailer, log),
		Samples:       service.NewSampleService(rdb, platform.NewSampleShipper(cfg.CarrierURL, cfg.CarrierKey), log),
		Catalog:       service.NewCatalogService(mdb, rdb, log),
		Checkout:      service.NewCheckoutService(pool, log),
		Campaigns:     bunrepo.NewCampaignRepo(bdb),
		Withdrawals:   service.NewWithdrawalService(pool, billing.NewBankClient(cfg.BankURL, cfg.BankToken), log),
		Log:           log,
	}

	routes := api.Routes(handler.Middlewares{
		Auth:        handler.Authenticate(platform.NewSessionTokens(rdb)),
		LoginLimit:  ratelimit.Middleware(ratelimit.NewFixedWindow(rdb, "rl:login", 10, time.Minute), ratelimit.ClientIP),
		APILimit:    ratelimit.Middleware(ratelimit.NewCounter(rdb, "rl:api", 600, time.Minute), ratelimit.ClientIP),
		IdemV1:      idem.CacheMiddleware(rdb, handler.PrincipalOf, 24*time.Hour, log),
		IdemV2:      idem.LockMiddleware(rdb, handler.PrincipalOf, 24*time.Hour, time.Minute, log),
		StripeHook:  webhook.NewStripeHandler(ledgerDB, cfg.StripeWebhook, mailer, log),
		CarrierHook: webhook.NewCarrierHandler(ledgerDB, cfg.CarrierWebhook, log),
	})

	srv := &http.Server{Addr: cfg.HTTPAddr, Handler: routes, ReadHeaderTimeout: 5 * time.Second}
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		_ = srv.Shutdown(shutdown)
	}()
	log.Info("listening", "addr", cfg.HTTPAddr)
	if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

func runWorker(ctx context.Context, cfg config.Config, pool *pgxpool.Pool, ledgerDB *sql.DB, js jetstream.JetStream, mailer notify.Mailer, gateway *billing.Gateway, log *slog.Logger) error {
	awsCfg, err := awsconfig.LoadDefaultConfig(ctx)
	if err != nil {
		return err
	}
	sqsClient := sqs.NewFromConfig(awsCfg)

	fulfillment, err := consumer.NewFulfillmentConsumer(ctx, js, pool, log)
	if err != nil {
		return err
	}
	if cc, err := fulfillment.Start(ctx); err == nil {
		defer cc.Stop()
	} else {
		return err
	}
	moves, err := consumer.NewStockMovesConsumer(ctx, js, pool, log)
	if err != nil {
		return err
	}
	if cc, err := moves.Start(ctx); err == nil {
		defer cc.Stop()
	} else {
		return err
	}
	notifications, err := consumer.NewNotificationConsumer(ctx, cfg.KafkaBrokers, js, pool,
		notify.NewReceiptMailer(mailer, log), notify.NewShippedNotifier(mailer, pool, log), log)
	if err != nil {
		return err
	}

	runners := map[string]func(context.Context) error{
		"loyalty":        consumer.NewLoyaltyConsumer(cfg.KafkaBrokers, pool, log).Run,
		"sales-stats":    consumer.NewSalesStatsConsumer(cfg.KafkaBrokers, pool, log).Run,
		"review-rewards": consumer.NewReviewRewardsConsumer(cfg.KafkaBrokers, pool, log).Run,
		"notifications":  notifications.Run,
	}
	for name, run := range runners {
		go func() {
			if err := run(ctx); err != nil {
				log.Error("consumer stopped", "consumer", name, "err", err)
			}
		}()
	}
	go consumer.NewReservationPoller(sqsClient, cfg.ReservationsSQS, pool, log).Run(ctx)
	go consumer.NewStockSyncPoller(sqsClient, cfg.StockSyncSQS, pool, log).Run(ctx)
	go consumer.NewWalletCreditPoller(sqsClient, cfg.RefundCreditSQS, cfg.CashbackSQS, pool, log).Run(ctx)

	payouts := jobs.NewPayoutRunner(pool, gateway, log)
	reminders := jobs.NewReminderSender(pool, mailer, log)
	renewals := jobs.NewRenewalRunner(pool, gateway, log)

	tick := time.NewTicker(5 * time.Minute)
	defer tick.Stop()
	for {
		for name, job := range map[string]func(context.Context) error{
			"payouts":   payouts.Run,
			"reminders": reminders.Run,
			"renewals":  renewals.Run,
		} {
			if err := job(ctx); err != nil {
				log.Error("job failed", "job", name, "err", err)
			}
		}
		select {
		case <-ctx.Done():
			return nil
		case <-tick.C:
		}
	}
}
