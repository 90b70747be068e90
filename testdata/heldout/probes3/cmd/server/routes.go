package main

import (
	"encoding/json"
	"net/http"
	"strconv"
	"time"

	"example.com/shop3/internal/service"
	"example.com/shop3/internal/store/pgstore"
	"example.com/shop3/internal/webhook"
)

type webhookRoutes struct {
	orders *service.OrderService
	pg     *pgstore.Store
}

func (w *webhookRoutes) register(mux *http.ServeMux) {
	h := &webhook.Handler{Events: pgstore.WebhookRepo{Store: w.pg}, Fulfiller: w.orders}
	mux.HandleFunc("POST /webhooks/processor", h.Processor)
	mux.HandleFunc("POST /webhooks/wallet", h.Wallet)
}

// extraRoutes are the internal endpoints the admin UI and the mobile app use.
type extraRoutes struct {
	accounts *service.AccountService
	devices  *service.DeviceService
	limits   *service.LimitService
	rewards  *service.RewardService
	subs     *service.SubscriptionService
	bonuses  pgstore.BonusRepo
	billing  *service.BillingService
}

func id(r *http.Request, name string) int64 {
	v, _ := strconv.ParseInt(r.PathValue(name), 10, 64)
	return v
}

func reply(w http.ResponseWriter, v any, err error) {
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

func (e *extraRoutes) register(mux *http.ServeMux) {
	mux.HandleFunc("POST /internal/sso/{tenant}", func(w http.ResponseWriter, r *http.Request) {
		u, err := e.accounts.EnsureProfile(r.Context(), service.SignupInput{TenantID: id(r, "tenant"), Email: r.FormValue("email"), Name: r.FormValue("name")})
		reply(w, u, err)
	})
	mux.HandleFunc("POST /internal/merchants/{ext}", func(w http.ResponseWriter, r *http.Request) {
		var m any
		var err error
		if r.FormValue("import") != "" {
			m, err = e.accounts.ImportMerchant(r.Context(), r.PathValue("ext"), r.FormValue("name"))
		} else {
			m, err = e.accounts.OnboardMerchant(r.Context(), r.PathValue("ext"), r.FormValue("name"), r.FormValue("card"))
		}
		reply(w, m, err)
	})
	mux.HandleFunc("POST /internal/users/{user}/phone", func(w http.ResponseWriter, r *http.Request) {
		var err error
		if r.FormValue("change") != "" {
			err = e.devices.ChangePhone(r.Context(), id(r, "user"), r.FormValue("phone"))
		} else {
			err = e.devices.VerifyPhone(r.Context(), id(r, "user"), r.FormValue("phone"))
		}
		reply(w, "ok", err)
	})
	mux.HandleFunc("POST /internal/tenants/{tenant}/apikeys", func(w http.ResponseWriter, r *http.Request) {
		var secret string
		var err error
		if r.FormValue("rotate") != "" {
			secret, err = e.limits.RotateAPIKey(r.Context(), id(r, "tenant"), r.FormValue("name"))
		} else {
			secret, err = e.limits.CreateAPIKey(r.Context(), id(r, "tenant"), r.FormValue("name"))
		}
		reply(w, map[string]string{"secret": secret}, err)
	})
	mux.HandleFunc("POST /internal/tenants/{tenant}/exports", func(w http.ResponseWriter, r *http.Request) {
		var jobID string
		var err error
		if r.FormValue("scheduled") != "" {
			jobID, err = e.rewards.ScheduledExport(r.Context(), id(r, "tenant"), r.FormValue("kind"))
		} else {
			jobID, err = e.rewards.Export(r.Context(), id(r, "tenant"), r.FormValue("kind"))
		}
		reply(w, map[string]string{"job": jobID}, err)
	})
	mux.HandleFunc("POST /internal/subscriptions/{sub}/renew", func(w http.ResponseWriter, r *http.Request) {
		if r.FormValue("prepaid") != "" {
			ok, err := e.subs.RenewPrepaid(r.Context(), id(r, "sub"), r.FormValue("plan"), time.Now().UTC())
			reply(w, ok, err)
			return
		}
		reply(w, "ok", e.subs.Renew(r.Context(), id(r, "sub"), r.FormValue("card"), time.Now().UTC()))
	})
	mux.HandleFunc("POST /internal/users/{user}/bonus", func(w http.ResponseWriter, r *http.Request) {
		now := time.Now().UTC()
		var ok bool
		var err error
		switch r.FormValue("kind") {
		case "streak":
			ok, err = e.bonuses.ClaimStreak(r.Context(), id(r, "user"), 200, now.Truncate(7*24*time.Hour))
		case "birthday":
			ok, err = e.bonuses.ClaimBirthday(r.Context(), id(r, "user"), 500, now.Year())
		default:
			ok, err = e.bonuses.ClaimDaily(r.Context(), id(r, "user"), 50, now.Truncate(24*time.Hour))
		}
		reply(w, ok, err)
	})
	mux.HandleFunc("POST /internal/preorders/{order}/charge", func(w http.ResponseWriter, r *http.Request) {
		cents, _ := strconv.ParseInt(r.FormValue("cents"), 10, 64)
		var ref string
		var err error
		if r.FormValue("stage") == "balance" {
			ref, err = e.billing.ChargeBalance(r.Context(), id(r, "order"), r.FormValue("card"), cents)
		} else {
			ref, err = e.billing.ChargeDeposit(r.Context(), id(r, "order"), r.FormValue("card"), cents)
		}
		reply(w, map[string]string{"charge": ref}, err)
	})
	mux.HandleFunc("POST /internal/invoices/{inv}/credit", func(w http.ResponseWriter, r *http.Request) {
		ok, err := e.billing.PayWithCredit(r.Context(), id(r, "inv"))
		reply(w, ok, err)
	})
}
