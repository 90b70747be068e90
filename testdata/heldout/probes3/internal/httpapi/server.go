// Package httpapi is the shop's public REST API on gorilla/mux.
package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"

	"github.com/gorilla/mux"

	"example.com/shop3/internal/domain"
	"example.com/shop3/internal/service"
)

type Server struct {
	Accounts  *service.AccountService
	Billing   *service.BillingService
	Invoices  service.Invoices
	Orders    *service.OrderService
	Cards     *service.GiftCardService
	Shipping  *service.ShippingService
	Devices   *service.DeviceService
	Limits    *service.LimitService
	Rewards   *service.RewardService
	Idem      *Idempotency
	Donations *DonationHandler
}

func (s *Server) Routes() http.Handler {
	r := mux.NewRouter()
	r.HandleFunc("/signup", s.signup).Methods(http.MethodPost)
	r.HandleFunc("/invites/accept", s.acceptInvite).Methods(http.MethodPost)
	r.Handle("/invoices/{id}/pay", s.Idem.Replay(http.HandlerFunc(s.payInvoice))).Methods(http.MethodPost)
	r.HandleFunc("/invoices/{id}/autopay", s.autoPay).Methods(http.MethodPost)
	r.HandleFunc("/giftcards/{code}/redeem", s.redeemCard).Methods(http.MethodPost)
	r.HandleFunc("/orders/{id}/ship", s.ship).Methods(http.MethodPost)
	r.HandleFunc("/devices", s.registerDevice).Methods(http.MethodPost)
	r.HandleFunc("/otp", s.resendOTP).Methods(http.MethodPost)
	r.HandleFunc("/coupons/{code}/apply", s.applyCoupon).Methods(http.MethodPost)
	r.HandleFunc("/rewards/{id}/claim", s.claimReward).Methods(http.MethodPost)
	r.HandleFunc("/orders", s.placeOrder).Methods(http.MethodPost)
	r.Handle("/orders/quick", s.Idem.Claimed(http.HandlerFunc(s.placeQuickOrder))).Methods(http.MethodPost)
	r.HandleFunc("/payments/replay", s.Idem.StoredPayment).Methods(http.MethodGet)
	r.HandleFunc("/payments/stored", s.Idem.StoredPaymentForTenant).Methods(http.MethodGet)
	r.HandleFunc("/donations", s.Donations.Donate).Methods(http.MethodPost)
	r.HandleFunc("/rates/{currency}", s.Donations.Rate).Methods(http.MethodGet)
	return r
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// writeError maps the domain's errors to statuses.
func writeError(w http.ResponseWriter, err error) {
	switch {
	case errors.Is(err, domain.ErrNotFound):
		writeJSON(w, http.StatusNotFound, map[string]string{"error": "not found"})
	case errors.Is(err, domain.ErrConflict), errors.Is(err, domain.ErrAlreadyRedeemed):
		writeJSON(w, http.StatusConflict, map[string]string{"error": err.Error()})
	case errors.Is(err, domain.ErrQuotaExceeded):
		writeJSON(w, http.StatusTooManyRequests, map[string]string{"error": "limit reached"})
	case errors.Is(err, domain.ErrInvalidState):
		writeJSON(w, http.StatusUnprocessableEntity, map[string]string{"error": err.Error()})
	default:
		writeJSON(w, http.StatusInternalServerError, map[string]string{"error": "internal error"})
	}
}

func tenantOf(r *http.Request) int64 {
	id, _ := strconv.ParseInt(r.Header.Get("X-Tenant-ID"), 10, 64)
	return id
}

func userOf(r *http.Request) int64 {
	id, _ := strconv.ParseInt(r.Header.Get("X-User-ID"), 10, 64)
	return id
}

func pathID(r *http.Request) int64 {
	id, _ := strconv.ParseInt(mux.Vars(r)["id"], 10, 64)
	return id
}

func (s *Server) signup(w http.ResponseWriter, r *http.Request) {
	var in service.SignupInput
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	in.TenantID = tenantOf(r)
	u, err := s.Accounts.Register(r.Context(), in)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusCreated, u)
}

func (s *Server) acceptInvite(w http.ResponseWriter, r *http.Request) {
	var in service.SignupInput
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	in.TenantID = tenantOf(r)
	u, err := s.Accounts.RegisterInvited(r.Context(), in)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, u)
}

func (s *Server) payInvoice(w http.ResponseWriter, r *http.Request) {
	inv, err := s.Invoices.Get(r.Context(), pathID(r))
	if err != nil {
		writeError(w, err)
		return
	}
	ref, err := s.Billing.PayInvoice(r.Context(), inv, r.FormValue("card"))
	if err != nil {
		writeError(w, err)
		return
	}
	go func(ctx context.Context) { _ = s.Billing.SendReceipt(ctx, inv.ID) }(context.WithoutCancel(r.Context()))
	writeJSON(w, http.StatusOK, map[string]string{"charge": ref})
}

func (s *Server) autoPay(w http.ResponseWriter, r *http.Request) {
	inv, err := s.Invoices.Get(r.Context(), pathID(r))
	if err != nil {
		writeError(w, err)
		return
	}
	ref, err := s.Billing.AutoPay(r.Context(), inv, r.FormValue("card"))
	if err != nil {
		writeError(w, err)
		return
	}
	_ = s.Billing.SendReceiptOnce(r.Context(), inv.ID)
	writeJSON(w, http.StatusOK, map[string]string{"charge": ref})
}

func (s *Server) redeemCard(w http.ResponseWriter, r *http.Request) {
	code := mux.Vars(r)["code"]
	var cents int64
	var err error
	if r.URL.Query().Get("promo") == "1" {
		cents, err = s.Cards.RedeemPromo(r.Context(), tenantOf(r), userOf(r), code)
	} else {
		cents, err = s.Cards.Redeem(r.Context(), tenantOf(r), userOf(r), code)
	}
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]int64{"credited": cents})
}

func (s *Server) ship(w http.ResponseWriter, r *http.Request) {
	addr := r.FormValue("address")
	var err error
	switch r.FormValue("mode") {
	case "express":
		_, err = s.Shipping.ShipExpress(r.Context(), pathID(r), addr)
	case "free":
		_, err = s.Shipping.ShipFree(r.Context(), tenantOf(r), pathID(r), addr)
	case "return":
		_, err = s.Shipping.ShipFreeReturn(r.Context(), tenantOf(r), pathID(r), addr)
	default:
		_, err = s.Shipping.Ship(r.Context(), pathID(r), addr)
	}
	if err != nil {
		writeError(w, err)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

func (s *Server) registerDevice(w http.ResponseWriter, r *http.Request) {
	var in struct{ DeviceID, Platform, Phone string }
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	var err error
	if r.Header.Get("X-Companion-App") != "" {
		err = s.Devices.RegisterTrustedDevice(r.Context(), userOf(r), in.DeviceID, in.Platform, in.Phone)
	} else {
		err = s.Devices.RegisterDevice(r.Context(), userOf(r), in.DeviceID, in.Platform, in.Phone)
	}
	if err != nil {
		writeError(w, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) resendOTP(w http.ResponseWriter, r *http.Request) {
	phone := r.FormValue("phone")
	var err error
	if r.FormValue("login") == "1" {
		err = s.Devices.SendLoginOTP(r.Context(), phone)
	} else {
		err = s.Devices.ResendOTP(r.Context(), phone)
	}
	if err != nil {
		writeError(w, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) applyCoupon(w http.ResponseWriter, r *http.Request) {
	code := mux.Vars(r)["code"]
	orderID, _ := strconv.ParseInt(r.FormValue("order"), 10, 64)
	var err error
	if r.FormValue("partner") != "" {
		err = s.Limits.ApplyPartnerCoupon(r.Context(), code, userOf(r), orderID)
	} else {
		err = s.Limits.ApplyCoupon(r.Context(), code, userOf(r), orderID)
	}
	if err != nil {
		writeError(w, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) claimReward(w http.ResponseWriter, r *http.Request) {
	id := mux.Vars(r)["id"]
	var pts int64
	var err error
	if r.FormValue("streak") != "" {
		pts, err = s.Rewards.ClaimStreakReward(r.Context(), userOf(r), id)
	} else {
		pts, err = s.Rewards.ClaimReward(r.Context(), userOf(r), id)
	}
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]int64{"points": pts})
}

func (s *Server) placeOrder(w http.ResponseWriter, r *http.Request) {
	var in service.PlaceOrderInput
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	in.TenantID, in.UserID, in.Key = tenantOf(r), userOf(r), r.Header.Get("Idempotency-Key")
	o, err := s.Orders.PlaceOrder(r.Context(), in)
	if errors.Is(err, domain.ErrDuplicate) {
		w.WriteHeader(http.StatusOK)
		return
	}
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusCreated, o)
}

func (s *Server) placeQuickOrder(w http.ResponseWriter, r *http.Request) {
	var in service.PlaceOrderInput
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	in.TenantID, in.UserID, in.Key = tenantOf(r), userOf(r), r.Header.Get("Idempotency-Key")
	o, err := s.Orders.PlaceQuickOrder(r.Context(), in)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusCreated, o)
}
