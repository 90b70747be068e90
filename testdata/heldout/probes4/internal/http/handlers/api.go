// Package handlers is the public JSON API.
package handlers

import (
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"
	chimw "github.com/go-chi/chi/v5/middleware"

	"example.com/shop4/internal/http/middleware"
	"example.com/shop4/internal/service/accounts"
	"example.com/shop4/internal/service/apikeys"
	"example.com/shop4/internal/service/auth"
	"example.com/shop4/internal/service/billing"
	"example.com/shop4/internal/service/catalog"
	"example.com/shop4/internal/service/checkout"
	"example.com/shop4/internal/service/events"
	"example.com/shop4/internal/service/giftcards"
	"example.com/shop4/internal/service/newsletter"
	"example.com/shop4/internal/service/orders"
	"example.com/shop4/internal/service/referrals"
	"example.com/shop4/internal/service/reviews"
	"example.com/shop4/internal/service/rewards"
	"example.com/shop4/internal/service/social"
	"example.com/shop4/internal/service/storefront"
	"example.com/shop4/internal/service/teams"
	"example.com/shop4/internal/service/transfers"
	"example.com/shop4/internal/service/wishlist"
	"example.com/shop4/internal/store"
)

type API struct {
	Sessions     middleware.SessionLookup
	Invoices     store.InvoiceStore
	Idempotency  store.IdempotencyStore
	Accounts     *accounts.Service
	APIKeys      *apikeys.Service
	Auth         *auth.Service
	LoginLimiter *auth.LoginLimiter
	Billing      *billing.Service
	Catalog      *catalog.Service
	Checkout     *checkout.Service
	Events       *events.Service
	GiftCards    *giftcards.Service
	Newsletter   *newsletter.Service
	Orders       *orders.Service
	Referrals    *referrals.Service
	Reviews      *reviews.Service
	Rewards      *rewards.Service
	Social       *social.Service
	Storefront   *storefront.Service
	Teams        *teams.Service
	Transfers    *transfers.Service
	Wishlist     *wishlist.Service

	PaymentWebhook http.Handler
	CarrierWebhook http.Handler
}

func (a *API) Routes() http.Handler {
	r := chi.NewRouter()
	r.Use(chimw.RequestID, chimw.RealIP, chimw.Recoverer)

	r.Post("/signup", a.signup)
	r.Get("/verify-email", a.verifyEmail)
	r.Post("/newsletter", a.subscribe)
	r.Post("/products/{sku}/waitlist", a.joinWaitlist)
	r.Get("/products/{id}", a.product)
	r.Post("/guest/checkout", a.guestCheckout)
	r.Get("/auth/magic", a.magicLink)
	r.Post("/auth/code", a.verifyCode)
	r.Post("/webhooks/payments", a.PaymentWebhook.ServeHTTP)
	r.Post("/webhooks/carrier", a.CarrierWebhook.ServeHTTP)

	r.Group(func(r chi.Router) {
		r.Use(middleware.Authenticate(a.Sessions))

		r.Patch("/me/locale", a.updateLocale)
		r.Get("/me/profile", a.profile)
		r.Get("/me/notifications", a.notificationSettings)
		r.Post("/me/checkin", a.checkIn)
		r.Post("/me/referral", a.attributeReferral)
		r.Post("/campaigns/{id}/enroll", a.enroll)
		r.Post("/me/api-keys", a.createAPIKey)
		r.Post("/me/webhooks", a.addWebhookEndpoint)
		r.Post("/me/giftcards", a.redeemGiftCard)
		r.Post("/me/promos", a.redeemPromo)
		r.Post("/me/transfers", a.sendTransfer)
		r.Post("/me/withdrawals", a.withdraw)
		r.Post("/me/login-code", a.sendLoginCode)

		r.Post("/orders", a.createOrder)
		r.Post("/subscriptions", a.createSubscription)
		r.Post("/orders/{id}/pay", a.payOrder)
		r.Post("/orders/{id}/cancel", a.cancelOrder)
		r.Post("/orders/{id}/coupon", a.applyCoupon)
		r.Post("/orders/{id}/referral-code", a.applyReferralCode)

		r.Route("/invoices/{number}", func(r chi.Router) {
			r.Use(middleware.LoadInvoice(a.Invoices))
			r.Get("/", a.getInvoice)
			r.Post("/pay", a.payInvoice)
			r.Post("/pay-saved-card", a.payInvoiceSavedCard)
		})

		r.Put("/users/{id}/follow", a.follow)
		r.Put("/users/{id}/block", a.block)

		r.Post("/wishlist", a.addToWishlist)
		r.Post("/cart/items/{productID}/save-for-later", a.saveForLater)
		r.Post("/events/{id}/register", a.registerForEvent)
		r.Post("/sessions/{id}/join", a.joinSession)
		r.Post("/order-items/{id}/review", a.submitReview)
		r.Post("/order-items/{id}/question", a.askQuestion)
		r.Post("/products/tags", a.ensureTags)

		r.Post("/teams/{id}/invites", a.inviteMember)
		r.Post("/teams/join", a.acceptInvite)
		r.Post("/teams/{id}/members", a.addMember)
		r.Post("/teams/{id}/guests", a.addGuest)

		r.Put("/seller/handle", a.claimHandle)
		r.Put("/seller/slug", a.reserveSlug)
	})
	return r
}

func decode(r *http.Request, v any) error {
	return json.NewDecoder(io.LimitReader(r.Body, 1<<20)).Decode(v)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func pathID(r *http.Request, name string) (int64, bool) {
	id, err := strconv.ParseInt(chi.URLParam(r, name), 10, 64)
	return id, err == nil
}

var conflicts = []error{
	accounts.ErrEmailTaken, orders.ErrNotCancellable, orders.ErrNotReturnable, orders.ErrCouponExhausted,
	orders.ErrCouponExpired, orders.ErrNotOpen, billing.ErrInvoiceNotOpen, giftcards.ErrAlreadyRedeemed,
	events.ErrAlreadyRegistered, reviews.ErrAlreadyReviewed, reviews.ErrAlreadyAsked, teams.ErrNoSeats,
	teams.ErrGuestLimit, teams.ErrInviteUsed, apikeys.ErrKeyLimit, apikeys.ErrEndpointLimit,
	storefront.ErrTaken, transfers.ErrInProgress,
}

var invalid = []error{
	accounts.ErrInvalidToken, accounts.ErrTokenExpired, giftcards.ErrInvalidCode, giftcards.ErrExpired,
	teams.ErrInviteExpired, referrals.ErrSelfReferral, orders.ErrSelfReferral, social.ErrSelf,
	auth.ErrInvalidLink, auth.ErrInvalidCode, checkout.ErrEmptyCart,
}

// fail writes the error response for err.
func fail(w http.ResponseWriter, r *http.Request, err error) {
	switch {
	case errors.Is(err, store.ErrNotFound):
		writeJSON(w, http.StatusNotFound, map[string]string{"error": "not found"})
		return
	case errors.Is(err, auth.ErrRateLimited):
		writeJSON(w, http.StatusTooManyRequests, map[string]string{"error": err.Error()})
		return
	}
	for _, c := range conflicts {
		if errors.Is(err, c) {
			writeJSON(w, http.StatusConflict, map[string]string{"error": err.Error()})
			return
		}
	}
	for _, c := range invalid {
		if errors.Is(err, c) {
			writeJSON(w, http.StatusUnprocessableEntity, map[string]string{"error": err.Error()})
			return
		}
	}
	slog.ErrorContext(r.Context(), "request failed", "path", r.URL.Path, "err", err)
	writeJSON(w, http.StatusInternalServerError, map[string]string{"error": "internal error"})
}

func badRequest(w http.ResponseWriter, msg string) {
	writeJSON(w, http.StatusBadRequest, map[string]string{"error": msg})
}
