package main

import (
	"context"
	"database/sql"
	"log"
	"log/slog"
	"net/http"
	"os"

	"github.com/gin-gonic/gin"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jmoiron/sqlx"
	"github.com/labstack/echo/v4"
	_ "github.com/lib/pq"
	"github.com/redis/go-redis/v9"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"xorm.io/xorm"

	"example.com/probes/internal/consumer"
	"example.com/probes/internal/handler"
	"example.com/probes/internal/jobs"
	"example.com/probes/internal/mail"
	"example.com/probes/internal/payment"
	"example.com/probes/internal/platform"
	"example.com/probes/internal/repo"
	"example.com/probes/internal/service"
	"example.com/probes/internal/webhook"
)

func main() {
	ctx := context.Background()
	dsn := os.Getenv("DATABASE_URL")
	logger := slog.New(slog.NewJSONHandler(os.Stdout, nil))

	gdb, err := gorm.Open(postgres.Open(dsn), &gorm.Config{})
	if err != nil {
		log.Fatal(err)
	}
	sdb, err := sql.Open("postgres", dsn)
	if err != nil {
		log.Fatal(err)
	}
	xdb := sqlx.NewDb(sdb, "postgres")
	pool, err := pgxpool.New(ctx, dsn)
	if err != nil {
		log.Fatal(err)
	}
	engine, err := xorm.NewEngine("postgres", dsn)
	if err != nil {
		log.Fatal(err)
	}
	rdb := redis.NewClient(&redis.Options{Addr: os.Getenv("REDIS_ADDR")})

	mailer := mail.NewHTTPSender(os.Getenv("MAIL_URL"), os.Getenv("MAIL_KEY"))
	sms := &mail.TwilioLike{URL: os.Getenv("SMS_URL"), Client: http.DefaultClient}
	gw := payment.NewClient(os.Getenv("PSP_URL"), os.Getenv("PSP_KEY"))
	pub := &platform.StreamPublisher{Redis: rdb}

	users := repo.NewUserRepo(gdb)
	accounts := &repo.AccountRepo{DB: sdb}
	orders := repo.NewOrderRepo(gdb)

	reg := service.NewRegistrationService(users, mailer, logger)
	inv := service.NewInvitationService(&repo.InvitationRepo{DB: sdb}, mailer)
	checkout := service.NewCheckoutService(repo.NewPaymentRepo(xdb), gw, pub)
	orderSvc := service.NewOrderService(orders, gw, users, logger)
	refunds := service.NewRefundService(&repo.RefundRepo{Engine: engine}, orders, gw)
	trials := service.NewTrialService(repo.NewFeatureRepo(engine), accounts, 500)
	projects := service.NewProjectService(&repo.ProjectStore{DB: sdb}, pub)
	teams := service.NewTeamService(repo.NewTeamRepo(pool), users, mailer)
	settlement := service.NewSettlement(repo.NewInvoiceRepo(xdb), accounts)
	coupons := service.NewCouponService(repo.NewCouponRepo(gdb))
	bonus := service.NewBonusService(gdb, 10)
	subs := service.NewSubscriptionService(xdb, gw)
	seats := service.NewSeatService(repo.NewOrgRepo(xdb), mailer)
	otp := service.NewOTPService(sdb, sms)
	withdrawals := service.NewWithdrawalService(accounts, gw)
	renewals := service.NewRenewalService(gw, logger)
	misc := &service.AccountMisc{SQL: xdb, Gorm: gdb, Pub: pub}
	reservations := &repo.ReservationRepo{Pool: pool}
	quota := &consumer.SMSQuota{Redis: rdb, SMS: sms, Limit: 3}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /tips", func(w http.ResponseWriter, r *http.Request) {
		res, err := gw.ChargeWithRetry(r.Context(), payment.ChargeRequest{CustomerRef: r.FormValue("customer"), Amount: 300, Currency: "EUR"})
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		_, _ = w.Write([]byte(res.ID))
	})
	mux.HandleFunc("POST /v2/tips", func(w http.ResponseWriter, r *http.Request) {
		res, err := gw.ChargeWithRetrySafe(r.Context(), payment.ChargeRequest{CustomerRef: r.FormValue("customer"), Amount: 300, Currency: "EUR", IdempotencyKey: r.Header.Get("Idempotency-Key")})
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		_, _ = w.Write([]byte(res.ID))
	})
	mux.HandleFunc("POST /payouts/bank", func(w http.ResponseWriter, r *http.Request) {
		ref, err := gw.Transfer(r.Context(), r.FormValue("iban"), 1000)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		_, _ = w.Write([]byte(ref))
	})

	(&handler.UserHandler{Reg: reg, Invites: inv, Users: users, Log: logger}).Routes(mux)
	(&handler.AdminHandler{Reminders: &jobs.Reminders{DB: xdb, Mailer: mailer, Log: logger}}).Routes(mux)
	mux.Handle("POST /webhooks/psp", &webhook.Handler{Events: &repo.EventLog{Pool: pool}, Log: logger})
	mux.Handle("/api/", handler.NewServiceRoutes(handler.Services{
		Orders: orderSvc, Settlement: settlement, Coupons: coupons, Bonus: bonus, Subs: subs, Seats: seats,
		OTP: otp, Withdrawals: withdrawals, Renewals: renewals, Misc: misc, Reservations: reservations,
		Teams: teams, Users: users, Quota: quota,
	}))

	g := gin.New()
	(&handler.CheckoutAPI{Checkout: checkout, Orders: orderSvc, Refunds: refunds, Trials: trials}).Register(g)
	(&handler.TransferAPI{Keys: &repo.IdempotencyStore{DB: sdb}, Transfers: &repo.TransferRepo{DB: sdb}, Gateway: gw}).Register(g)
	mux.Handle("/v1/", g)
	mux.Handle("/v2/", g)

	e := echo.New()
	(&handler.ProjectAPI{Projects: projects, Redis: rdb, Gateway: gw}).Register(e)
	mux.Handle("/orgs/", e)

	notifier := &consumer.ShippingNotifier{Redis: rdb, Mailer: mailer}
	fulfil := &consumer.FulfilmentConsumer{DB: gdb, Bus: pub}
	cashback := &consumer.CashbackConsumer{Inbox: &repo.Inbox{Pool: pool}, Ledger: accounts, Pool: pool}
	go consumer.Run(ctx, rdb, "orders.shipped", notifier.Handle, notifier.HandleV2)
	go consumer.Run(ctx, rdb, "checkout.completed", fulfil.Handle, fulfil.HandleQuiet)
	go consumer.Run(ctx, rdb, "cashback", cashback.Handle, cashback.HandleTx)

	log.Fatal(http.ListenAndServe(":8080", mux))
}
