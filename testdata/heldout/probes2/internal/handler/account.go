package handler

import (
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"

	"example.com/shop2/internal/platform"
	"example.com/shop2/internal/service"
	"example.com/shop2/internal/store/bunrepo"
	"example.com/shop2/internal/store/mongorepo"
)

func (a *API) sendOTP(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Phone string `json:"phone"`
	}
	if err := decode(r, &req); err != nil || req.Phone == "" {
		writeError(w, http.StatusBadRequest, "invalid_request", "phone required")
		return
	}
	err := a.OTP.SendCode(r.Context(), req.Phone)
	switch {
	case err == nil:
		w.WriteHeader(http.StatusAccepted)
	case errors.Is(err, service.ErrTooManyCodes):
		writeError(w, http.StatusTooManyRequests, "too_many_codes", err.Error())
	default:
		serverError(w, r, a.Log, err)
	}
}

func (a *API) resendVerification(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Email string `json:"email"`
		Link  string `json:"link"`
	}
	if err := decode(r, &req); err != nil {
		writeError(w, http.StatusBadRequest, "invalid_json", err.Error())
		return
	}
	err := a.OTP.ResendVerification(r.Context(), userID(r), req.Email, req.Link)
	switch {
	case err == nil:
		w.WriteHeader(http.StatusAccepted)
	case errors.Is(err, service.ErrTooManyCodes):
		writeError(w, http.StatusTooManyRequests, "too_many_requests", err.Error())
	default:
		serverError(w, r, a.Log, err)
	}
}

func (a *API) addAddress(w http.ResponseWriter, r *http.Request) {
	var addr mongorepo.Address
	if err := decode(r, &addr); err != nil {
		writeError(w, http.StatusBadRequest, "invalid_json", err.Error())
		return
	}
	out, err := a.Addresses.Add(r.Context(), userID(r), addr)
	switch {
	case err == nil:
		writeJSON(w, http.StatusCreated, out)
	case errors.Is(err, service.ErrAddressLimit):
		writeError(w, http.StatusUnprocessableEntity, "address_limit", err.Error())
	case commonError(w, err):
	default:
		serverError(w, r, a.Log, err)
	}
}

func (a *API) saveCard(w http.ResponseWriter, r *http.Request) {
	var card mongorepo.SavedCard
	if err := decode(r, &card); err != nil {
		writeError(w, http.StatusBadRequest, "invalid_json", err.Error())
		return
	}
	out, err := a.Addresses.SaveCard(r.Context(), userID(r), card)
	switch {
	case err == nil:
		writeJSON(w, http.StatusCreated, out)
	case errors.Is(err, mongorepo.ErrCardLimit):
		writeError(w, http.StatusUnprocessableEntity, "card_limit", err.Error())
	case commonError(w, err):
	default:
		serverError(w, r, a.Log, err)
	}
}

func (a *API) createAPIKey(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Label string `json:"label"`
	}
	if err := decode(r, &req); err != nil {
		writeError(w, http.StatusBadRequest, "invalid_json", err.Error())
		return
	}
	k, err := a.APIKeys.Create(r.Context(), userID(r), req.Label)
	switch {
	case err == nil:
		writeJSON(w, http.StatusCreated, k)
	case errors.Is(err, service.ErrKeyLimit):
		writeError(w, http.StatusUnprocessableEntity, "key_limit", err.Error())
	default:
		serverError(w, r, a.Log, err)
	}
}

func (a *API) redeemGiftCard(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Code string `json:"code"`
	}
	if err := decode(r, &req); err != nil {
		writeError(w, http.StatusBadRequest, "invalid_json", err.Error())
		return
	}
	amount, err := a.GiftCards.Redeem(r.Context(), userID(r), req.Code)
	switch {
	case err == nil:
		writeJSON(w, http.StatusOK, map[string]any{"credited": amount})
	case errors.Is(err, service.ErrGiftCardNotFound):
		writeError(w, http.StatusNotFound, "not_found", err.Error())
	case errors.Is(err, service.ErrGiftCardRedeemed):
		writeError(w, http.StatusConflict, "already_redeemed", err.Error())
	default:
		serverError(w, r, a.Log, err)
	}
}

func (a *API) redeemVoucher(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Code string `json:"code"`
	}
	if err := decode(r, &req); err != nil {
		writeError(w, http.StatusBadRequest, "invalid_json", err.Error())
		return
	}
	amount, err := a.GiftCards.RedeemVoucher(r.Context(), userID(r), req.Code)
	switch {
	case err == nil:
		writeJSON(w, http.StatusOK, map[string]any{"credited": amount})
	case errors.Is(err, service.ErrVoucherNotFound):
		writeError(w, http.StatusNotFound, "not_found", err.Error())
	case errors.Is(err, service.ErrVoucherUsed):
		writeError(w, http.StatusConflict, "already_used", err.Error())
	default:
		serverError(w, r, a.Log, err)
	}
}

func (a *API) claimDaily(w http.ResponseWriter, r *http.Request) {
	a.bonusResult(w, r, a.Bonus.ClaimDaily(r.Context(), userID(r), time.Now()))
}

func (a *API) claimWeekly(w http.ResponseWriter, r *http.Request) {
	a.bonusResult(w, r, a.Bonus.ClaimWeekly(r.Context(), userID(r), time.Now()))
}

func (a *API) bonusResult(w http.ResponseWriter, r *http.Request, err error) {
	switch {
	case err == nil:
		w.WriteHeader(http.StatusNoContent)
	case errors.Is(err, service.ErrBonusClaimed):
		writeError(w, http.StatusConflict, "already_claimed", err.Error())
	default:
		serverError(w, r, a.Log, err)
	}
}

func (a *API) claimSample(w http.ResponseWriter, r *http.Request) {
	var req struct {
		platform.SampleOrder
		Line string `json:"line"`
	}
	if err := decode(r, &req); err != nil {
		writeError(w, http.StatusBadRequest, "invalid_json", err.Error())
		return
	}
	req.UserID = userID(r)
	id, err := a.Samples.Claim(r.Context(), req.SampleOrder, req.Line)
	switch {
	case err == nil:
		writeJSON(w, http.StatusAccepted, map[string]any{"shipment": id})
	case errors.Is(err, service.ErrSampleClaimed):
		writeError(w, http.StatusConflict, "already_claimed", err.Error())
	default:
		serverError(w, r, a.Log, err)
	}
}

func (a *API) acceptInvitation(w http.ResponseWriter, r *http.Request) {
	inv, err := a.Invitations.Accept(r.Context(), chi.URLParam(r, "token"), userID(r))
	switch {
	case err == nil:
		writeJSON(w, http.StatusOK, map[string]any{"workspace_id": inv.WorkspaceID, "role": inv.Role})
	case errors.Is(err, service.ErrInvitationNotFound):
		writeError(w, http.StatusNotFound, "not_found", err.Error())
	case errors.Is(err, service.ErrInvitationUsed), errors.Is(err, service.ErrInvitationExpired):
		writeError(w, http.StatusGone, "invitation_unavailable", err.Error())
	default:
		serverError(w, r, a.Log, err)
	}
}

func (a *API) pauseSubscription(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r, "id")
	if !ok {
		writeError(w, http.StatusNotFound, "not_found", "no such subscription")
		return
	}
	err := a.Subscriptions.Pause(r.Context(), userID(r), id)
	switch {
	case err == nil:
		w.WriteHeader(http.StatusNoContent)
	case errors.Is(err, service.ErrSubscriptionState), errors.Is(err, bunrepo.ErrNotFound):
		writeError(w, http.StatusConflict, "not_active", "subscription is not active")
	default:
		serverError(w, r, a.Log, err)
	}
}

func (a *API) startExport(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Format string `json:"format"`
	}
	if err := decode(r, &req); err != nil {
		writeError(w, http.StatusBadRequest, "invalid_json", err.Error())
		return
	}
	id, err := a.Exports.Start(r.Context(), userID(r), req.Format)
	switch {
	case err == nil:
		writeJSON(w, http.StatusAccepted, map[string]any{"export_id": id})
	case errors.Is(err, bunrepo.ErrQuotaExceeded):
		writeError(w, http.StatusPaymentRequired, "quota_exceeded", err.Error())
	default:
		serverError(w, r, a.Log, err)
	}
}

func (a *API) generateReport(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Kind string `json:"kind"`
	}
	if err := decode(r, &req); err != nil {
		writeError(w, http.StatusBadRequest, "invalid_json", err.Error())
		return
	}
	u, err := a.Reports.Generate(r.Context(), userID(r), req.Kind)
	switch {
	case err == nil:
		writeJSON(w, http.StatusOK, map[string]any{"url": u})
	case errors.Is(err, bunrepo.ErrQuotaExceeded):
		writeError(w, http.StatusPaymentRequired, "quota_exceeded", err.Error())
	default:
		serverError(w, r, a.Log, err)
	}
}

var campaignPoints = map[int64]int64{1: 200, 2: 500}

func (a *API) claimCampaign(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r, "id")
	points, known := campaignPoints[id]
	if !ok || !known {
		writeError(w, http.StatusNotFound, "not_found", "no such campaign")
		return
	}
	a.campaignResult(w, r, a.Campaigns.ClaimReward(r.Context(), userID(r), id, points))
}

func (a *API) claimStreak(w http.ResponseWriter, r *http.Request) {
	year, week := time.Now().UTC().ISOWeek()
	a.campaignResult(w, r, a.Campaigns.ClaimStreakBonus(r.Context(), userID(r), fmt.Sprintf("%d-W%02d", year, week), 100))
}

func (a *API) campaignResult(w http.ResponseWriter, r *http.Request, err error) {
	switch {
	case err == nil:
		w.WriteHeader(http.StatusNoContent)
	case errors.Is(err, bunrepo.ErrAlreadyClaimed):
		writeError(w, http.StatusConflict, "already_claimed", err.Error())
	default:
		serverError(w, r, a.Log, err)
	}
}
