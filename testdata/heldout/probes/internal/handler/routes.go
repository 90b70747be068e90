package handler

import (
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strconv"

	"example.com/probes/internal/consumer"
	"example.com/probes/internal/domain"
	"example.com/probes/internal/repo"
	"example.com/probes/internal/service"
)

type Services struct {
	Orders       *service.OrderService
	Settlement   *service.Settlement
	Coupons      *service.CouponService
	Bonus        *service.BonusService
	Subs         *service.SubscriptionService
	Seats        *service.SeatService
	OTP          *service.OTPService
	Withdrawals  *service.WithdrawalService
	Renewals     *service.RenewalService
	Misc         *service.AccountMisc
	Reservations *repo.ReservationRepo
	Teams        *service.TeamService
	Users        service.UserStore
	Quota        *consumer.SMSQuota
}

type api struct {
	s   Services
	log *slog.Logger
}

func NewServiceRoutes(s Services) http.Handler {
	a := &api{s: s, log: slog.Default()}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/orders/{id}/pay-locked", a.payLocked)
	mux.HandleFunc("POST /api/invoices/{id}/paid", a.invoicePaid)
	mux.HandleFunc("POST /api/v2/invoices/{id}/paid", a.invoicePaidV2)
	mux.HandleFunc("POST /api/giftcards/{code}/redeem", a.redeem)
	mux.HandleFunc("POST /api/v2/giftcards/{code}/redeem", a.redeemV2)
	mux.HandleFunc("POST /api/promos/{code}", a.promo)
	mux.HandleFunc("POST /api/v2/promos/{code}", a.promoV2)
	mux.HandleFunc("POST /api/bonus", a.bonus)
	mux.HandleFunc("POST /api/v2/bonus", a.bonusV2)
	mux.HandleFunc("POST /api/subscriptions", a.subscribe)
	mux.HandleFunc("POST /api/v2/subscriptions", a.subscribeV2)
	mux.HandleFunc("POST /api/orgs/{id}/invites", a.invite)
	mux.HandleFunc("POST /api/v2/orgs/{id}/invites", a.inviteV2)
	mux.HandleFunc("POST /api/otp", a.otp)
	mux.HandleFunc("POST /api/v2/otp", a.otpV2)
	mux.HandleFunc("POST /api/withdrawals", a.withdraw)
	mux.HandleFunc("POST /api/v2/withdrawals", a.withdrawV2)
	mux.HandleFunc("POST /api/events/{id}/reserve", a.reserve)
	mux.HandleFunc("POST /api/v2/events/{id}/reserve", a.reserveV2)
	mux.HandleFunc("POST /api/v3/events/{id}/reserve", a.reserveNaive)
	mux.HandleFunc("POST /api/teams/{id}/members", a.addMember)
	mux.HandleFunc("POST /api/v2/teams/{id}/members", a.addMemberV2)
	mux.HandleFunc("POST /api/referral-codes", a.referral)
	mux.HandleFunc("POST /api/login", a.login)
	mux.HandleFunc("DELETE /api/session", a.logout)
	mux.HandleFunc("PUT /api/preferences/{name}", a.pref)
	mux.HandleFunc("POST /api/plan", a.plan)
	mux.HandleFunc("POST /api/subscriptions/{id}/renew", a.renew)
	mux.HandleFunc("POST /api/v2/subscriptions/{id}/renew", a.renewV2)
	mux.HandleFunc("POST /api/marketing-sms", a.marketing)
	mux.HandleFunc("POST /api/v2/marketing-sms", a.marketingV2)
	return mux
}

func (a *api) renewal(r *http.Request) service.Renewal {
	amt, _ := strconv.ParseInt(r.FormValue("amount"), 10, 64)
	return service.Renewal{SubscriptionID: pathID(r), CustomerRef: r.FormValue("customer"), Amount: amt}
}
func (a *api) renew(w http.ResponseWriter, r *http.Request) {
	id, err := a.s.Renewals.Renew(r.Context(), a.renewal(r))
	a.done(w, id, err)
}
func (a *api) renewV2(w http.ResponseWriter, r *http.Request) {
	id, err := a.s.Renewals.RenewV2(r.Context(), a.renewal(r), r.FormValue("period"))
	a.done(w, id, err)
}
func (a *api) marketing(w http.ResponseWriter, r *http.Request) {
	a.done(w, nil, a.s.Quota.Send(r.Context(), userID(r), r.FormValue("phone"), r.FormValue("text")))
}
func (a *api) marketingV2(w http.ResponseWriter, r *http.Request) {
	a.done(w, nil, a.s.Quota.SendV2(r.Context(), userID(r), r.FormValue("phone"), r.FormValue("text")))
}

func (a *api) fail(w http.ResponseWriter, err error) {
	switch {
	case errors.Is(err, domain.ErrNotFound):
		http.Error(w, "not found", http.StatusNotFound)
	case errors.Is(err, domain.ErrAlreadyUsed), errors.Is(err, domain.ErrExhausted), errors.Is(err, domain.ErrNoSeats):
		http.Error(w, err.Error(), http.StatusConflict)
	case errors.Is(err, domain.ErrInsufficientFunds):
		http.Error(w, err.Error(), http.StatusUnprocessableEntity)
	case errors.Is(err, domain.ErrTooSoon):
		http.Error(w, err.Error(), http.StatusTooManyRequests)
	default:
		a.log.Error("request failed", "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
	}
}

func pathID(r *http.Request) int64 {
	id, _ := strconv.ParseInt(r.PathValue("id"), 10, 64)
	return id
}

func userID(r *http.Request) int64 {
	id, _ := strconv.ParseInt(r.Header.Get("X-User-ID"), 10, 64)
	return id
}

func accountID(r *http.Request) int64 {
	id, _ := strconv.ParseInt(r.Header.Get("X-Account-ID"), 10, 64)
	return id
}

func (a *api) done(w http.ResponseWriter, v any, err error) {
	if err != nil {
		a.fail(w, err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

func (a *api) payLocked(w http.ResponseWriter, r *http.Request) {
	a.done(w, nil, a.s.Orders.PayLocked(r.Context(), pathID(r)))
}
func (a *api) invoicePaid(w http.ResponseWriter, r *http.Request) {
	a.done(w, nil, a.s.Settlement.MarkPaid(r.Context(), pathID(r)))
}
func (a *api) invoicePaidV2(w http.ResponseWriter, r *http.Request) {
	a.done(w, nil, a.s.Settlement.MarkPaidTx(r.Context(), pathID(r)))
}
func (a *api) redeem(w http.ResponseWriter, r *http.Request) {
	v, err := a.s.Coupons.RedeemGiftCard(r.Context(), r.PathValue("code"), accountID(r))
	a.done(w, v, err)
}
func (a *api) redeemV2(w http.ResponseWriter, r *http.Request) {
	v, err := a.s.Coupons.RedeemGiftCardTx(r.Context(), r.PathValue("code"), accountID(r))
	a.done(w, v, err)
}
func (a *api) promo(w http.ResponseWriter, r *http.Request) {
	a.done(w, nil, a.s.Coupons.ApplyPromo(r.Context(), r.PathValue("code"), userID(r)))
}
func (a *api) promoV2(w http.ResponseWriter, r *http.Request) {
	a.done(w, nil, a.s.Coupons.ApplyPromoV2(r.Context(), r.PathValue("code"), userID(r)))
}
func (a *api) bonus(w http.ResponseWriter, r *http.Request) {
	ok, err := a.s.Bonus.Claim(r.Context(), userID(r), accountID(r))
	a.done(w, ok, err)
}
func (a *api) bonusV2(w http.ResponseWriter, r *http.Request) {
	ok, err := a.s.Bonus.ClaimV2(r.Context(), userID(r), accountID(r))
	a.done(w, ok, err)
}
func (a *api) currentUser(r *http.Request) (domain.User, error) {
	return a.s.Users.GetByID(r.Context(), userID(r))
}
func (a *api) subscribe(w http.ResponseWriter, r *http.Request) {
	u, err := a.currentUser(r)
	if err != nil {
		a.fail(w, err)
		return
	}
	sub, err := a.s.Subs.Subscribe(r.Context(), u, r.URL.Query().Get("plan"))
	a.done(w, sub, err)
}
func (a *api) subscribeV2(w http.ResponseWriter, r *http.Request) {
	u, err := a.currentUser(r)
	if err != nil {
		a.fail(w, err)
		return
	}
	sub, err := a.s.Subs.SubscribeLocked(r.Context(), u, r.URL.Query().Get("plan"))
	a.done(w, sub, err)
}
func (a *api) invite(w http.ResponseWriter, r *http.Request) {
	a.done(w, nil, a.s.Seats.Invite(r.Context(), pathID(r), r.FormValue("email")))
}
func (a *api) inviteV2(w http.ResponseWriter, r *http.Request) {
	a.done(w, nil, a.s.Seats.InviteV2(r.Context(), pathID(r), r.FormValue("email")))
}
func (a *api) otp(w http.ResponseWriter, r *http.Request) {
	a.done(w, nil, a.s.OTP.SendCode(r.Context(), userID(r)))
}
func (a *api) otpV2(w http.ResponseWriter, r *http.Request) {
	a.done(w, nil, a.s.OTP.SendCodeV2(r.Context(), userID(r)))
}
func (a *api) withdrawReq(r *http.Request) (service.WithdrawRequest, error) {
	var req service.WithdrawRequest
	err := json.NewDecoder(r.Body).Decode(&req)
	req.AccountID = accountID(r)
	return req, err
}
func (a *api) withdraw(w http.ResponseWriter, r *http.Request) {
	req, err := a.withdrawReq(r)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	ref, err := a.s.Withdrawals.Withdraw(r.Context(), req)
	a.done(w, ref, err)
}
func (a *api) withdrawV2(w http.ResponseWriter, r *http.Request) {
	req, err := a.withdrawReq(r)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	ref, err := a.s.Withdrawals.WithdrawV2(r.Context(), req)
	a.done(w, ref, err)
}
func (a *api) reserve(w http.ResponseWriter, r *http.Request) {
	id, err := a.s.Reservations.Reserve(r.Context(), pathID(r), userID(r))
	a.done(w, id, err)
}
func (a *api) reserveV2(w http.ResponseWriter, r *http.Request) {
	id, err := a.s.Reservations.ReserveWithCapacity(r.Context(), pathID(r), userID(r))
	a.done(w, id, err)
}
func (a *api) reserveNaive(w http.ResponseWriter, r *http.Request) {
	id, err := a.s.Reservations.ReserveNaive(r.Context(), pathID(r), userID(r))
	a.done(w, id, err)
}
func (a *api) addMember(w http.ResponseWriter, r *http.Request) {
	m, err := a.s.Teams.AddToTeam(r.Context(), pathID(r), userID(r), r.FormValue("role"))
	a.done(w, m, err)
}
func (a *api) addMemberV2(w http.ResponseWriter, r *http.Request) {
	a.done(w, nil, a.s.Teams.AddToTeamV2(r.Context(), pathID(r), userID(r), r.FormValue("role")))
}
func (a *api) referral(w http.ResponseWriter, r *http.Request) {
	code, err := a.s.Misc.NewReferralCode(r.Context(), userID(r))
	a.done(w, code, err)
}
func (a *api) login(w http.ResponseWriter, r *http.Request) {
	sid, err := a.s.Misc.Login(r.Context(), r.FormValue("email"))
	a.done(w, sid, err)
}
func (a *api) logout(w http.ResponseWriter, r *http.Request) {
	a.done(w, nil, a.s.Misc.RemoveSession(r.Context(), r.Header.Get("X-Session")))
}
func (a *api) pref(w http.ResponseWriter, r *http.Request) {
	a.done(w, nil, a.s.Misc.SetPreference(r.Context(), userID(r), r.PathValue("name"), r.FormValue("value")))
}
func (a *api) plan(w http.ResponseWriter, r *http.Request) {
	a.done(w, nil, a.s.Misc.UpgradePlan(r.Context(), userID(r), r.FormValue("plan")))
}
