package api

import (
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/redis/go-redis/v9"

	"example.com/desk5/internal/effects"
	"example.com/desk5/internal/repo"
	"example.com/desk5/internal/service/auth"
	"example.com/desk5/internal/service/billing"
	"example.com/desk5/internal/service/contacts"
	"example.com/desk5/internal/service/crm"
	"example.com/desk5/internal/service/events"
	"example.com/desk5/internal/service/idem"
	"example.com/desk5/internal/service/kb"
	"example.com/desk5/internal/service/presence"
	"example.com/desk5/internal/service/tickets"
	"example.com/desk5/internal/service/workspace"
)

// Server holds the services the handlers call.
type Server struct {
	Auth        Authenticator
	Redis       *redis.Client
	Tickets     repo.Tickets
	Contacts    repo.Contacts
	Intake      *tickets.Intake
	Lifecycle   *tickets.Lifecycle
	Replies     *tickets.Replies
	Escalations *tickets.Escalations
	Library     *tickets.Library
	Contact     *contacts.Service
	CRM         *crm.Service
	Workspace   *workspace.Service
	Billing     *billing.Service
	Events      *events.Service
	Login       *auth.Service
	KB          *kb.Service
	Presence    *presence.Tracker
	Keys        *idem.Keys
	SMS         effects.SMSSender
	Mailer      effects.Mailer
	Log         *slog.Logger
}

// Routes builds the gin engine.
func (s *Server) Routes() *gin.Engine {
	r := gin.New()
	r.Use(gin.Recovery())
	r.GET("/healthz", func(c *gin.Context) { c.String(http.StatusOK, "ok") })

	// Unauthenticated endpoints.
	pub := r.Group("/v1")
	pub.POST("/auth/password-reset", s.requestPasswordReset)
	pub.POST("/auth/password-reset/confirm", s.confirmPasswordReset)
	pub.POST("/auth/admin-reset/confirm", s.confirmAdminReset)
	pub.POST("/auth/magic-link", s.sendMagicLink)
	pub.GET("/auth/magic-link/:token", s.consumeMagicLink)
	pub.POST("/auth/device", s.consumeDeviceCode)
	pub.POST("/auth/totp", s.verifyTOTP)
	pub.POST("/forms/:workspaceID/tickets", s.submitWebForm)
	pub.GET("/portal/:workspaceID/tickets/:ticketID", s.portalTicket)
	pub.POST("/kb/:workspaceID/articles/:articleID/helpful", s.voteHelpful)
	pub.POST("/kb/:workspaceID/articles/:articleID/views", s.recordView)
	pub.POST("/events/:eventID/registrations", s.registerForEvent)
	pub.POST("/events/:eventID/checkout", s.checkout)
	pub.POST("/events/:eventID/group-checkout", s.groupCheckout)
	pub.POST("/events/:eventID/workshop-checkout", s.workshopCheckout)
	pub.POST("/events/:eventID/masterclass-checkout", s.masterclassCheckout)
	pub.DELETE("/events/:eventID/registrations/:registrationID", s.cancelRegistration)

	v1 := r.Group("/v1", RequireActor(s.Auth))
	v1.POST("/workspaces", s.createWorkspace)
	v1.POST("/auth/step-up", s.stepUp)
	v1.POST("/invites/accept", s.acceptInvite)
	v1.POST("/invites/accept-sso", s.acceptSSOInvite)
	v1.POST("/presence/heartbeat", s.heartbeat)
	v1.POST("/presence/mobile-heartbeat", s.mobileHeartbeat)

	tk := v1.Group("/tickets")
	tk.POST("", s.createTicket)
	tk.POST("/api", s.createTicketIdempotent)
	tk.POST("/phone", s.logPhoneCall)
	tk.POST("/:ticketID/tags", s.addTag)
	tk.POST("/:ticketID/escalate", s.escalate)
	one := tk.Group("/:ticketID", LoadTicket(s.Tickets))
	one.POST("/resolve", s.resolveTicket)
	one.POST("/close", s.closeTicket)
	one.POST("/reopen", s.reopenTicket)
	one.POST("/replies/email", s.replyEmail)
	one.POST("/replies/sms", s.replySMS)

	v1.POST("/macros", s.createMacro)
	v1.POST("/views", s.saveView)
	v1.POST("/contacts", s.importContact)
	v1.POST("/contacts/v2", s.createContactV2)
	v1.POST("/contacts/:contactID/crm-sync", s.syncContactToCRM)
	v1.POST("/contacts/:contactID/organizations/:orgID", s.linkContactToOrg)
	v1.POST("/contacts/:contactID/sms", ResponseCache(s.Redis), s.textContact)
	v1.POST("/contacts/:contactID/emails", LeasedResponseCache(s.Redis), s.emailContact)

	ws := v1.Group("/workspace")
	ws.POST("/mailboxes", s.addMailbox)
	ws.POST("/mailboxes/default", s.ensureDefaultMailbox)
	ws.POST("/domains", s.claimDomain)
	ws.POST("/agents", s.addAgent)
	ws.POST("/light-agents", s.addLightAgent)
	ws.POST("/invites", s.invite)
	ws.PUT("/theme", s.updateTheme)

	b := v1.Group("/billing")
	b.POST("/invoices/:invoiceID/pay", s.payInvoice)
	b.POST("/invoices/:invoiceID/retry", s.retryInvoice)
	b.POST("/payments/:paymentID/refunds", s.refundPayment)
	b.POST("/payments/:paymentID/void", s.voidPayment)
	b.POST("/charges", s.chargeOneOff)
	b.POST("/addons", s.chargeAddon)
	b.POST("/credits", s.applyCredit)
	b.POST("/coupons/redeem", s.redeemCoupon)
	b.POST("/promo-codes/redeem", s.redeemPromo)
	b.POST("/usage", s.reportUsage)
	b.POST("/automations", s.createAutomation)
	b.POST("/automations/:automationID/clone", s.cloneAutomation)
	b.POST("/subscription/renew", s.renewNow)
	b.POST("/subscription/reactivate", s.reactivate)
	b.POST("/tax-profile", s.taxProfile)
	b.POST("/seats/:userID", s.assignSeat)
	b.POST("/qa-seats/:userID", s.assignQASeat)
	b.POST("/customer", s.ensureCustomer)

	ev := v1.Group("/events")
	ev.POST("/:eventID/speakers", s.addSpeaker)
	ev.POST("/:eventID/sponsor-guests", s.sponsorGuest)
	ev.POST("/:eventID/resize", s.resizeEvent)
	ev.POST("/tags", s.ensureEventTag)
	ev.POST("/broadcasts/:broadcastID/send", s.sendBroadcast)
	ev.POST("/broadcasts/:broadcastID/last-call", s.sendLastCall)

	k := v1.Group("/kb")
	k.POST("/articles", s.createArticle)
	k.POST("/categories", s.ensureCategory)

	return r
}
