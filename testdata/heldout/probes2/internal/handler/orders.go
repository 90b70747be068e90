package handler

import (
	"errors"
	"net/http"

	"example.com/shop2/internal/service"
)

func (a *API) payOrder(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r, "id")
	if !ok {
		writeError(w, http.StatusNotFound, "not_found", "no such order")
		return
	}
	var req service.PayRequest
	if err := decode(r, &req); err != nil {
		writeError(w, http.StatusBadRequest, "invalid_json", err.Error())
		return
	}
	o, err := a.Orders.Pay(r.Context(), userID(r), id, req)
	switch {
	case err == nil:
		if c, cerr := r.Cookie("aff"); cerr == nil {
			if aerr := a.Referrals.AttributeOrder(r.Context(), o.ID, o.TotalCents, c.Value); aerr != nil {
				a.Log.WarnContext(r.Context(), "affiliate attribution", "order_id", o.ID, "err", aerr)
			}
		}
		writeJSON(w, http.StatusOK, o)
	case errors.Is(err, service.ErrNotPayable):
		writeJSON(w, http.StatusConflict, map[string]any{"code": "not_payable", "status": o.Status})
	case commonError(w, err):
	default:
		serverError(w, r, a.Log, err)
	}
}

func (a *API) cancelOrder(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r, "id")
	if !ok {
		writeError(w, http.StatusNotFound, "not_found", "no such order")
		return
	}
	o, err := a.Orders.Cancel(r.Context(), userID(r), id)
	switch {
	case err == nil:
		writeJSON(w, http.StatusOK, o)
	case errors.Is(err, service.ErrNotRefundable):
		writeJSON(w, http.StatusConflict, map[string]any{"code": "not_refundable", "status": o.Status})
	case commonError(w, err):
	default:
		serverError(w, r, a.Log, err)
	}
}

func (a *API) redeemCoupon(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r, "id")
	if !ok {
		writeError(w, http.StatusNotFound, "not_found", "no such order")
		return
	}
	var req struct {
		Code    string `json:"code"`
		Welcome bool   `json:"welcome"`
	}
	if err := decode(r, &req); err != nil {
		writeError(w, http.StatusBadRequest, "invalid_json", err.Error())
		return
	}
	var (
		off int64
		err error
	)
	if req.Welcome {
		off, err = a.Coupons.RedeemWelcome(r.Context(), userID(r), id, req.Code)
	} else {
		off, err = a.Coupons.RedeemPromo(r.Context(), userID(r), id, req.Code)
	}
	switch {
	case err == nil:
		writeJSON(w, http.StatusOK, map[string]any{"discount": off})
	case errors.Is(err, service.ErrCouponInvalid), errors.Is(err, service.ErrCouponUsed):
		writeError(w, http.StatusUnprocessableEntity, "coupon_rejected", err.Error())
	default:
		serverError(w, r, a.Log, err)
	}
}

func (a *API) refundItem(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r, "id")
	if !ok {
		writeError(w, http.StatusNotFound, "not_found", "no such order")
		return
	}
	var req struct {
		AmountCents int64  `json:"amount"`
		Reason      string `json:"reason"`
	}
	if err := decode(r, &req); err != nil {
		writeError(w, http.StatusBadRequest, "invalid_json", err.Error())
		return
	}
	ref, err := a.Refunds.RefundItem(r.Context(), id, req.AmountCents, req.Reason)
	if err != nil {
		serverError(w, r, a.Log, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"refund": ref.ID, "status": ref.Status})
}

func (a *API) refundShipping(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r, "id")
	if !ok {
		writeError(w, http.StatusNotFound, "not_found", "no such order")
		return
	}
	var req struct {
		FeeCents int64 `json:"fee"`
	}
	if err := decode(r, &req); err != nil {
		writeError(w, http.StatusBadRequest, "invalid_json", err.Error())
		return
	}
	ref, err := a.Refunds.RefundShipping(r.Context(), id, req.FeeCents)
	if err != nil {
		serverError(w, r, a.Log, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"refund": ref.ID, "status": ref.Status})
}

func (a *API) checkoutReturn(w http.ResponseWriter, r *http.Request) {
	var req struct {
		OrderID     int64  `json:"order_id"`
		Kind        string `json:"kind"`
		ProviderRef string `json:"provider_ref"`
		AmountCents int64  `json:"amount"`
	}
	if err := decode(r, &req); err != nil {
		writeError(w, http.StatusBadRequest, "invalid_json", err.Error())
		return
	}
	var (
		id  int64
		err error
	)
	switch req.Kind {
	case "payment":
		id, err = a.Checkout.RecordPayment(r.Context(), req.OrderID, req.ProviderRef, req.AmountCents)
	case "refund":
		id, err = a.Checkout.RecordRefund(r.Context(), req.OrderID, req.ProviderRef, req.AmountCents)
	default:
		writeError(w, http.StatusBadRequest, "invalid_kind", "kind must be payment or refund")
		return
	}
	if err != nil {
		serverError(w, r, a.Log, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"id": id})
}

func (a *API) withdraw(w http.ResponseWriter, r *http.Request) {
	var req struct {
		AmountCents int64  `json:"amount"`
		IBAN        string `json:"iban"`
		Name        string `json:"name"`
	}
	if err := decode(r, &req); err != nil || req.AmountCents <= 0 {
		writeError(w, http.StatusBadRequest, "invalid_request", "amount and iban required")
		return
	}
	ref, err := a.Withdrawals.Withdraw(r.Context(), userID(r), req.AmountCents, req.IBAN, req.Name)
	switch {
	case err == nil:
		writeJSON(w, http.StatusAccepted, map[string]any{"bank_ref": ref})
	case errors.Is(err, service.ErrInsufficientFunds):
		writeError(w, http.StatusUnprocessableEntity, "insufficient_funds", err.Error())
	default:
		serverError(w, r, a.Log, err)
	}
}

func (a *API) settle(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r, "id")
	if !ok {
		writeError(w, http.StatusNotFound, "not_found", "no such settlement")
		return
	}
	ref, err := a.Withdrawals.SettleMerchant(r.Context(), id)
	if err != nil {
		if !commonError(w, err) {
			serverError(w, r, a.Log, err)
		}
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"bank_ref": ref})
}
