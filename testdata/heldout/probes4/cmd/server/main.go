// Command server runs the shop: the public API, the back-office API, the
// queue consumers and the periodic jobs.
package main

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/redis/go-redis/v9"
	"golang.org/x/sync/errgroup"

	"example.com/shop4/internal/admin"
	"example.com/shop4/internal/clients/courier"
	"example.com/shop4/internal/clients/mailer"
	"example.com/shop4/internal/clients/payments"
	"example.com/shop4/internal/clients/queue"
	"example.com/shop4/internal/clients/sms"
	"example.com/shop4/internal/consumer"
	"example.com/shop4/internal/http/handlers"
	"example.com/shop4/internal/jobs"
	"example.com/shop4/internal/platform/config"
	"example.com/shop4/internal/platform/db"
	"example.com/shop4/internal/service/accounts"
	"example.com/shop4/internal/service/apikeys"
	"example.com/shop4/internal/service/auth"
	"example.com/shop4/internal/service/billing"
	"example.com/shop4/internal/service/catalog"
	"example.com/shop4/internal/service/checkout"
	"example.com/shop4/internal/service/crm"
	"example.com/shop4/internal/service/entitlements"
	"example.com/shop4/internal/service/events"
	"example.com/shop4/internal/service/giftcards"
	"example.com/shop4/internal/service/newsletter"
	"example.com/shop4/internal/service/orders"
	"example.com/shop4/internal/service/payouts"
	"example.com/shop4/internal/service/referrals"
	"example.com/shop4/internal/service/reviews"
	"example.com/shop4/internal/service/rewards"
	"example.com/shop4/internal/service/shipping"
	"example.com/shop4/internal/service/social"
	"example.com/shop4/internal/service/storefront"
	"example.com/shop4/internal/service/teams"
	"example.com/shop4/internal/service/transfers"
	"example.com/shop4/internal/service/wishlist"
	"example.com/shop4/internal/store/bunrepo"
	"example.com/shop4/internal/store/gormrepo"
	"example.com/shop4/internal/store/pgrepo"
	"example.com/shop4/internal/store/sqlxrepo"
	"example.com/shop4/internal/webhooks"
)

func main() {
	if err := run(); err != nil {
		slog.Error("server stopped", "err", err)
		os.Exit(1)
	}
}

func run() error {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	cfg := config.FromEnv()

	h, err := db.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer h.Close()
	rdb := redis.NewClient(&redis.Options{Addr: cfg.RedisAddr})
	defer rdb.Close()

	// clients
	mail := mailer.NewHTTPMailer(cfg.MailerURL, cfg.MailerKey, cfg.MailFrom)
	gateway := payments.NewClient(cfg.PaymentsURL, cfg.PaymentsKey)
	carrier := courier.New(cfg.CourierURL, cfg.CourierToken)
	texts := sms.NewGateway(os.Getenv("SMS_URL"), os.Getenv("SMS_ACCOUNT"), os.Getenv("SMS_TOKEN"))
	streams := queue.NewStreams(rdb, "shop", cfg.ConsumerName)

	// repositories
	users := gormrepo.NewUsers(h.Gorm)
	customers := gormrepo.NewCustomers(h.Gorm)
	orderRepo := gormrepo.NewOrders(h.Gorm)
	coupons := gormrepo.NewCoupons(h.Gorm)
	invoices := gormrepo.NewInvoices(h.Gorm)
	graph := gormrepo.NewSocial(h.Gorm)
	taxonomy := gormrepo.NewTaxonomy(h.Gorm)
	invites := gormrepo.NewInvites(h.Gorm)
	verifications := gormrepo.NewVerifications(h.Gorm)

	shipments := pgrepo.NewShipments(h.Pool)
	rewardRepo := pgrepo.NewRewards(h.Pool)
	referralRepo := pgrepo.NewReferrals(h.Pool)
	wishlistRepo := pgrepo.NewWishlist(h.Pool)
	paymentRepo := pgrepo.NewPayments(h.Pool)
	keys := pgrepo.NewKeys(h.Pool)
	teamRepo := pgrepo.NewTeams(h.Pool)
	idem := pgrepo.NewIdempotency(h.Pool)
	grants := pgrepo.NewGrants(h.Pool)
	reviewRepo := pgrepo.NewReviews(h.Pool)
	questions := pgrepo.NewQuestions(h.Pool)
	sessions := pgrepo.NewSessions(h.Pool)
	products := pgrepo.NewProducts(h.Pool)
	fulfilment := pgrepo.NewFulfilment(h.Pool)
	points := pgrepo.NewPoints(h.Pool)
	subscriptions := pgrepo.NewSubscriptions(h.Pool)
	transferLedger := pgrepo.NewTransfers(h.Pool)
	webhookLog := pgrepo.NewWebhookLog(h.Pool)

	subs := sqlxrepo.NewNewsletter(h.SQLX)
	profiles := sqlxrepo.NewProfiles(h.SQLX)
	contacts := sqlxrepo.NewContacts(h.SQLX)
	giftCodes := sqlxrepo.NewGiftCodes(h.SQLX)
	wallets := sqlxrepo.NewWallets(h.SQLX)
	eventRepo := sqlxrepo.NewEvents(h.SQLX)
	carts := sqlxrepo.NewCarts(h.SQLX)
	reviewRequests := sqlxrepo.NewReviewRequests(h.SQLX)

	payoutRepo := bunrepo.NewPayouts(h.Bun)
	refunds := bunrepo.NewRefunds(h.Bun)

	// services
	billingSvc := billing.New(invoices, paymentRepo, subscriptions, gateway, mail)
	catalogSvc := catalog.New(taxonomy, products, rdb)
	entitlementSvc := entitlements.New(grants, mail)
	orderSvc := orders.New(orderRepo, coupons, gateway)
	shippingSvc := shipping.New(shipments, carrier, mail)
	payoutSvc := payouts.New(payoutRepo, gateway)
	baseURL := "https://shop.example.com"

	api := &handlers.API{
		Sessions:     sessions,
		Invoices:     invoices,
		Idempotency:  idem,
		Accounts:     accounts.New(users, profiles, wallets, verifications, mail),
		APIKeys:      apikeys.New(keys, cfg.MaxAPIKeys, 10),
		Auth:         auth.New(rdb, sessions, mail, texts, cfg.SMSPerHour, baseURL),
		LoginLimiter: auth.NewLoginLimiter(rdb, 10, 15*time.Minute),
		Billing:      billingSvc,
		Catalog:      catalogSvc,
		Checkout:     checkout.New(customers, orderRepo, paymentRepo, gateway, mail, streams),
		Events:       events.New(eventRepo, mail),
		GiftCards:    giftcards.New(giftCodes, wallets),
		Newsletter:   newsletter.New(subs, mail, baseURL),
		Orders:       orderSvc,
		Referrals:    referrals.New(referralRepo),
		Reviews:      reviews.New(reviewRepo, questions, streams),
		Rewards:      rewards.New(rewardRepo, points),
		Social:       social.New(graph, streams),
		Storefront:   storefront.New(h.SQLX),
		Teams:        teams.New(teamRepo, invites, mail, baseURL),
		Transfers:    transfers.New(rdb, gateway, transferLedger),
		Wishlist:     wishlist.New(wishlistRepo, streams),

		PaymentWebhook: webhooks.NewPaymentEvents(cfg.WebhookSecret, webhookLog, orderRepo, users, points, mail),
		CarrierWebhook: webhooks.NewCarrierEvents(h.Pool, webhookLog, mail),
	}

	backOffice := echo.New()
	backOffice.HideBanner = true
	(&admin.Server{
		Token:    os.Getenv("STAFF_TOKEN"),
		Payouts:  payoutSvc,
		Orders:   orderSvc,
		Shipping: shippingSvc,
		Billing:  billingSvc,
		Catalog:  catalogSvc,
	}).Register(backOffice)

	scheduler := jobs.NewScheduler(cfg.JobInterval,
		jobs.NewCartReminders(carts, mail),
		jobs.NewReviewRequests(reviewRequests, mail),
		jobs.NewScheduledPayouts(payoutRepo, gateway),
		jobs.NewRefundQueue(refunds, gateway),
		jobs.NewRenewals(billingSvc),
		jobs.NewRatings(products),
	)

	public := &http.Server{Addr: cfg.HTTPAddr, Handler: api.Routes(), ReadHeaderTimeout: 10 * time.Second}

	g, ctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		if err := public.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
			return err
		}
		return nil
	})
	g.Go(func() error {
		if err := backOffice.Start(cfg.AdminAddr); err != nil && !errors.Is(err, http.ErrServerClosed) {
			return err
		}
		return nil
	})
	g.Go(func() error {
		return consumer.Run(ctx, streams,
			consumer.Route{Topic: "order.delivered", Handler: consumer.NewLoyalty(rdb, points).Handle},
			consumer.Route{Topic: "order.first_paid", Handler: consumer.NewReferralReward(h.Pool).Handle},
			consumer.Route{Topic: "order.cancelled", Handler: consumer.NewRestock(products).Handle},
			consumer.Route{Topic: "shipment.delivered", Handler: consumer.NewDelivered(fulfilment).Handle},
			consumer.Route{Topic: "order.paid", Handler: consumer.NewCourseAccess(users, entitlementSvc).Handle},
			consumer.Route{Topic: "user.updated", Handler: consumer.NewContactSync(users, crm.New(contacts)).Handle},
			consumer.Route{Topic: "subscription.started", Handler: consumer.NewPlanFeatures(users, entitlementSvc).Handle},
		)
	})
	g.Go(func() error {
		scheduler.Start(ctx)
		return nil
	})
	g.Go(func() error {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		_ = backOffice.Shutdown(shutdown)
		return public.Shutdown(shutdown)
	})
	slog.Info("shop started", "http", cfg.HTTPAddr, "admin", cfg.AdminAddr)
	return g.Wait()
}
