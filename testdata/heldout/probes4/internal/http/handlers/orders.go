package handlers

import (
	"net/http"

	"example.com/shop4/internal/domain"
	"example.com/shop4/internal/http/middleware"
)

func (a *API) cancelOrder(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r, "id")
	if !ok {
		badRequest(w, "bad order id")
		return
	}
	order, err := a.Orders.Cancel(r.Context(), middleware.CurrentUser(r.Context()).ID, id)
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, order)
}

func (a *API) applyCoupon(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r, "id")
	var req struct {
		Code string `json:"code"`
	}
	if err := decode(r, &req); err != nil || !ok || req.Code == "" {
		badRequest(w, "code is required")
		return
	}
	order, err := a.Orders.ApplyCoupon(r.Context(), id, req.Code)
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, order)
}

func (a *API) applyReferralCode(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r, "id")
	var req struct {
		Code string `json:"code"`
	}
	if err := decode(r, &req); err != nil || !ok || req.Code == "" {
		badRequest(w, "code is required")
		return
	}
	order, err := a.Orders.ApplyReferralCode(r.Context(), id, req.Code)
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, order)
}

func (a *API) getInvoice(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, middleware.Invoice(r.Context()))
}

func (a *API) payInvoice(w http.ResponseWriter, r *http.Request) {
	inv := middleware.Invoice(r.Context())
	if inv.Status != domain.InvoiceOpen {
		writeJSON(w, http.StatusConflict, map[string]string{"error": "invoice is " + inv.Status})
		return
	}
	var req struct {
		Source string `json:"source"`
	}
	if err := decode(r, &req); err != nil || req.Source == "" {
		badRequest(w, "source is required")
		return
	}
	paid, err := a.Billing.Collect(r.Context(), inv, req.Source)
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, paid)
}

func (a *API) payInvoiceSavedCard(w http.ResponseWriter, r *http.Request) {
	inv := middleware.Invoice(r.Context())
	if inv.Status != domain.InvoiceOpen {
		writeJSON(w, http.StatusConflict, map[string]string{"error": "invoice is " + inv.Status})
		return
	}
	source := "cus_" + middleware.CurrentUser(r.Context()).Email + ":default"
	paid, err := a.Billing.CollectAuto(r.Context(), inv, source)
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, paid)
}
