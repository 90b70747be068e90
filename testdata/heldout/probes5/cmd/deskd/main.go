// Command deskd runs the Desk API, the inbound webhooks, the message
// consumers and the periodic jobs in one process.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/redis/go-redis/v9"

	"example.com/desk5/internal/api"
	"example.com/desk5/internal/consumer"
	"example.com/desk5/internal/effects"
	"example.com/desk5/internal/jobs"
	"example.com/desk5/internal/service/auth"
	"example.com/desk5/internal/service/billing"
	"example.com/desk5/internal/service/contacts"
	"example.com/desk5/internal/service/crm"
	"example.com/desk5/internal/service/events"
	"example.com/desk5/internal/service/idem"
	"example.com/desk5/internal/service/integrations"
	"example.com/desk5/internal/service/kb"
	"example.com/desk5/internal/service/presence"
	"example.com/desk5/internal/service/tickets"
	"example.com/desk5/internal/service/workspace"
	"example.com/desk5/internal/store/gormstore"
	"example.com/desk5/internal/store/mongostore"
	"example.com/desk5/internal/store/pgstore"
	"example.com/desk5/internal/store/sqlxstore"
	"example.com/desk5/internal/store/xormstore"
	"example.com/desk5/internal/webhooks"
)

func env(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

// loadRoutingRules reads the mailbox routing file once at startup, before
// any request is served. Later duplicates of an address are ignored.
func loadRoutingRules(path string, log *slog.Logger) (map[string]int64, error) {
	rules := map[string]int64{}
	if path == "" {
		return rules, nil
	}
	raw, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return rules, nil
	}
	if err != nil {
		return nil, err
	}
	var entries []struct {
		Address  string `json:"address"`
		Assignee int64  `json:"assignee"`
	}
	if err := json.Unmarshal(raw, &entries); err != nil {
		return nil, fmt.Errorf("routing rules: %w", err)
	}
	for _, e := range entries {
		addr := strings.ToLower(e.Address)
		if _, seen := rules[addr]; seen {
			log.Warn("duplicate routing rule ignored", "address", addr)
			continue
		}
		rules[addr] = e.Assignee
	}
	return rules, nil
}

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	if err := run(log); err != nil {
		log.Error("deskd exited", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger) error {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	rules, err := loadRoutingRules(env("DESK_ROUTING_RULES", ""), log)
	if err != nil {
		return err
	}
	tickets.SetRoutingRules(rules)

	core, err := pgstore.Open(env("DESK_CORE_DSN", "postgres://desk@localhost/desk"))
	if err != nil {
		return err
	}
	gdb, err := gormstore.Open(env("DESK_BILLING_DSN", "host=localhost user=desk dbname=billing"))
	if err != nil {
		return err
	}
	evdb, err := sqlxstore.Open(env("DESK_EVENTS_DSN", "postgres://desk@localhost/events?sslmode=disable"))
	if err != nil {
		return err
	}
	legacy, err := xormstore.Open(env("DESK_LEGACY_DSN", "desk@tcp(localhost:3306)/desk?parseTime=true"))
	if err != nil {
		return err
	}
	mdb, err := mongostore.Connect(ctx, env("DESK_MONGO_URI", "mongodb://localhost:27017"))
	if err != nil {
		return err
	}
	if err := mongostore.EnsureIndexes(ctx, mdb); err != nil {
		return err
	}
	rdb := redis.NewClient(&redis.Options{Addr: env("DESK_REDIS_ADDR", "localhost:6379")})
	nc, err := nats.Connect(env("DESK_NATS_URL", nats.DefaultURL))
	if err != nil {
		return err
	}
	defer nc.Drain()
	js, err := jetstream.New(nc)
	if err != nil {
		return err
	}

	mailer := effects.LogMailer{Log: log}
	sms := effects.LogSMS{Log: log}
	payments := effects.SandboxPayments{Log: log}
	publisher := effects.LogPublisher{Log: log}
	indexer := effects.NopIndexer{}
	dir := directory{db: core.DB}
	bus := newMemLog()

	ticketRepo := pgstore.NewTickets(core)
	contactRepo := pgstore.NewContacts(core)
	contactSvc := contacts.New(contactRepo, core, sms, publisher, indexer, log)
	deps := tickets.Deps{
		Tickets:    ticketRepo,
		Workspaces: pgstore.NewWorkspaces(core),
		Contacts:   contactSvc,
		Mailer:     mailer,
		SMS:        sms,
		Pager:      effects.LogPager{Log: log},
		Indexer:    indexer,
		Events:     publisher,
		Surveys:    xormstore.Surveys{Engine: legacy},
		Clock:      effects.SystemClock{},
		Log:        log,
	}
	billingSvc := billing.New(gdb, payments, mailer, publisher, log)
	eventsSvc := events.New(evdb, rdb, payments, mailer, publisher, log)
	intake := tickets.NewIntake(deps)
	integrationsSvc := &integrations.Service{DB: mdb, Chat: effects.LogChat{Log: log}, Events: publisher, CallbackURL: env("DESK_CHAT_CALLBACK", "https://desk.example/hooks/chat"), Log: log}
	attachments := &integrations.Attachments{DB: mdb, Blobs: diskBlobs{root: env("DESK_BLOB_DIR", "/var/lib/desk/blobs")}, Events: publisher, Log: log}
	crmSvc := &crm.Service{Engine: legacy, CRM: effects.LogCRM{Log: log}, Log: log}

	srv := &api.Server{
		Auth:        sessionAuth{db: core.DB},
		Redis:       rdb,
		Tickets:     ticketRepo,
		Contacts:    contactRepo,
		Intake:      intake,
		Lifecycle:   tickets.NewLifecycle(deps, effects.LogWebhooks{Log: log}),
		Replies:     tickets.NewReplies(deps, env("DESK_MAIL_DOMAIN", "desk.example")),
		Escalations: tickets.NewEscalations(deps, tickets.Directory{Tickets: ticketRepo}),
		Library:     &tickets.Library{Store: core},
		Contact:     contactSvc,
		CRM:         crmSvc,
		Workspace: &workspace.Service{
			Store:      core,
			Workspaces: pgstore.NewWorkspaces(core),
			Members:    pgstore.NewMembers(core),
			Invites:    pgstore.NewInvites(core),
			Users:      pgstore.NewUsers(core),
			Mailer:     mailer,
			Routing:    effects.LogRouting{Log: log},
			Certs:      effects.LogCerts{Log: log},
			Events:     publisher,
			Seats:      billingSvc,
			MailDomain: env("DESK_MAIL_DOMAIN", "desk.example"),
			Log:        log,
		},
		Billing:  billingSvc,
		Events:   eventsSvc,
		Login:    &auth.Service{Store: core, Users: pgstore.NewUsers(core), Redis: rdb, Mailer: mailer, Events: publisher, Hasher: bcryptHasher{}, Log: log},
		KB:       &kb.Service{Engine: legacy, Indexer: indexer, Events: publisher, Log: log},
		Presence: &presence.Tracker{Redis: rdb, Telemetry: effects.LogTelemetry{Log: log}, Events: publisher, Log: log},
		Keys:     &idem.Keys{Store: core},
		SMS:      sms,
		Mailer:   mailer,
		Log:      log,
	}
	hooks := &webhooks.Handler{
		Intake:       intake,
		Contacts:     contactSvc,
		Attachments:  attachments,
		Integrations: integrationsSvc,
		Mailboxes:    dir,
		Bus:          bus,
		MailSecret:   []byte(env("DESK_MAIL_SECRET", randomHex(16))),
		PaySecret:    []byte(env("DESK_PAY_SECRET", randomHex(16))),
		Log:          log,
	}

	runner := consumer.JetStreamRunner{JS: js, Log: log}
	consumers := []struct {
		durable, subject string
		handle           jetstream.MessageHandler
	}{
		{"reply-appender", "mail.replies.matched", (&consumer.ReplyAppender{Store: core, Mailer: mailer, Log: log}).Handle},
		{"transcript-appender", "chat.transcripts", (&consumer.TranscriptAppender{Store: core, Mailer: mailer, Log: log}).Handle},
		{"usage-meter", "usage.ai", (&consumer.UsageMeter{DB: gdb, Log: log}).Handle},
		{"voice-meter", "usage.voice", (&consumer.VoiceMeter{DB: gdb, Log: log}).Handle},
		{"oncall-texter", "sla.breached", (&consumer.OnCallTexter{SMS: sms, Log: log}).Handle},
		{"manager-digest", "sla.breached", (&consumer.ManagerDigest{Store: core, Log: log}).Handle},
	}
	for _, c := range consumers {
		cc, err := runner.Run(ctx, "DESK", c.durable, c.subject, c.handle)
		if err != nil {
			return err
		}
		defer cc.Stop()
	}
	ledger := &consumer.OrganizerLedger{DB: evdb, Mailer: mailer, Log: log}
	if err := ledger.Start(ctx, bus); err != nil {
		return err
	}

	go jobs.Every(ctx, log, time.Minute, &jobs.SLABreachNotifier{Store: core, Managers: dir, Mailer: mailer, Log: log})
	go jobs.Every(ctx, log, 5*time.Minute, &jobs.DunningJob{Store: core, Mailer: mailer, Emails: dir, Log: log})
	go jobs.Every(ctx, log, 30*time.Second, &jobs.WebhookRetrier{DB: evdb, Sender: effects.LogWebhooks{Log: log}, Log: log})
	go jobs.Every(ctx, log, 10*time.Second, &jobs.WebhookDispatcher{DB: evdb, Sender: effects.LogWebhooks{Log: log}, Log: log})
	go jobs.Every(ctx, log, 2*time.Minute, &jobs.CSATSurveys{Engine: legacy, Mailer: mailer, Log: log})
	go jobs.Every(ctx, log, time.Hour, &jobs.NPSSurveys{Engine: legacy, Mailer: mailer, Log: log})

	apiServer := &http.Server{Addr: env("DESK_API_ADDR", ":8080"), Handler: srv.Routes(), ReadHeaderTimeout: 10 * time.Second}
	hookServer := &http.Server{Addr: env("DESK_HOOKS_ADDR", ":8081"), Handler: hooks.Router(), ReadHeaderTimeout: 10 * time.Second}
	errc := make(chan error, 2)
	go func() { errc <- apiServer.ListenAndServe() }()
	go func() { errc <- hookServer.ListenAndServe() }()
	log.Info("deskd started")

	select {
	case <-ctx.Done():
	case err := <-errc:
		if !errors.Is(err, http.ErrServerClosed) {
			return err
		}
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	_ = apiServer.Shutdown(shutdown)
	_ = hookServer.Shutdown(shutdown)
	return nil
}
