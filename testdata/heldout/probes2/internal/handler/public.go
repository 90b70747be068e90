package handler

import (
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5"
	"go.mongodb.org/mongo-driver/v2/bson"

	"example.com/shop2/internal/service"
	"example.com/shop2/internal/store/mongorepo"
)

func (a *API) product(w http.ResponseWriter, r *http.Request) {
	p, err := a.Catalog.Product(r.Context(), chi.URLParam(r, "sku"))
	switch {
	case err == nil:
		w.Header().Set("Cache-Control", "public, max-age=60")
		writeJSON(w, http.StatusOK, p)
	case errors.Is(err, service.ErrProductNotFound):
		writeError(w, http.StatusNotFound, "not_found", err.Error())
	default:
		serverError(w, r, a.Log, err)
	}
}

type listRequest struct {
	SKU   string `json:"sku"`
	Email string `json:"email"`
}

func (a *API) joinWaitlist(w http.ResponseWriter, r *http.Request) {
	var req listRequest
	if err := decode(r, &req); err != nil {
		writeError(w, http.StatusBadRequest, "invalid_json", err.Error())
		return
	}
	if err := a.Waitlist.Join(r.Context(), req.SKU, req.Email); err != nil {
		serverError(w, r, a.Log, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (a *API) restockAlert(w http.ResponseWriter, r *http.Request) {
	var req listRequest
	if err := decode(r, &req); err != nil {
		writeError(w, http.StatusBadRequest, "invalid_json", err.Error())
		return
	}
	if err := a.Waitlist.NotifyWhenBack(r.Context(), req.SKU, req.Email); err != nil {
		serverError(w, r, a.Log, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func shipmentID(r *http.Request) (bson.ObjectID, bool) {
	id, err := bson.ObjectIDFromHex(chi.URLParam(r, "id"))
	return id, err == nil
}

func (a *API) buyLabel(w http.ResponseWriter, r *http.Request) {
	id, ok := shipmentID(r)
	if !ok {
		writeError(w, http.StatusNotFound, "not_found", "no such shipment")
		return
	}
	label, err := a.Shipping.BuyLabel(r.Context(), id, r.URL.Query().Get("service"))
	switch {
	case err == nil:
		writeJSON(w, http.StatusOK, label)
	case errors.Is(err, mongorepo.ErrShipmentNotFound):
		writeError(w, http.StatusNotFound, "not_found", err.Error())
	default:
		serverError(w, r, a.Log, err)
	}
}

func (a *API) schedulePickup(w http.ResponseWriter, r *http.Request) {
	id, ok := shipmentID(r)
	if !ok {
		writeError(w, http.StatusNotFound, "not_found", "no such shipment")
		return
	}
	day, err := time.Parse(time.DateOnly, r.URL.Query().Get("date"))
	if err != nil {
		writeError(w, http.StatusBadRequest, "invalid_date", err.Error())
		return
	}
	pickup, err := a.Shipping.SchedulePickup(r.Context(), id, day)
	switch {
	case err == nil:
		writeJSON(w, http.StatusOK, map[string]any{"pickup_id": pickup})
	case errors.Is(err, mongorepo.ErrShipmentNotFound):
		writeError(w, http.StatusNotFound, "not_found", err.Error())
	case commonError(w, err):
	default:
		serverError(w, r, a.Log, err)
	}
}

func (a *API) merchantCall(w http.ResponseWriter, r *http.Request, resp service.APIResponse, err error) {
	switch {
	case err == nil:
		if resp.Replayed {
			w.Header().Set("Idempotent-Replayed", "true")
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(resp.Status)
		_, _ = w.Write(resp.Body)
	case errors.Is(err, service.ErrKeyMismatch):
		writeError(w, http.StatusUnprocessableEntity, "idempotency_key_reused", err.Error())
	case commonError(w, err):
	default:
		serverError(w, r, a.Log, err)
	}
}

func idempotencyKey(w http.ResponseWriter, r *http.Request) (string, bool) {
	k := r.Header.Get("Idempotency-Key")
	if k == "" || len(k) > 255 {
		writeError(w, http.StatusBadRequest, "idempotency_key_required", "send an Idempotency-Key header")
		return "", false
	}
	return k, true
}

func (a *API) createPaymentLink(w http.ResponseWriter, r *http.Request) {
	key, ok := idempotencyKey(w, r)
	if !ok {
		return
	}
	var req service.PaymentLinkRequest
	if err := decode(r, &req); err != nil {
		writeError(w, http.StatusBadRequest, "invalid_json", err.Error())
		return
	}
	resp, err := a.MerchantAPI.CreatePaymentLink(r.Context(), merchantID(r), key, req)
	a.merchantCall(w, r, resp, err)
}

func (a *API) requestPayout(w http.ResponseWriter, r *http.Request) {
	key, ok := idempotencyKey(w, r)
	if !ok {
		return
	}
	var req service.PayoutRequest
	if err := decode(r, &req); err != nil {
		writeError(w, http.StatusBadRequest, "invalid_json", err.Error())
		return
	}
	resp, err := a.MerchantAPI.RequestPayout(r.Context(), merchantID(r), key, req)
	a.merchantCall(w, r, resp, err)
}

func (a *API) registerEndpoint(w http.ResponseWriter, r *http.Request) {
	var req struct {
		URL string `json:"url"`
	}
	if err := decode(r, &req); err != nil {
		writeError(w, http.StatusBadRequest, "invalid_json", err.Error())
		return
	}
	ep, err := a.Endpoints.Register(r.Context(), merchantID(r), req.URL)
	switch {
	case err == nil:
		writeJSON(w, http.StatusCreated, map[string]any{"id": ep.ID, "secret": ep.Secret})
	case errors.Is(err, service.ErrEndpointLimit):
		writeError(w, http.StatusUnprocessableEntity, "endpoint_limit", err.Error())
	case commonError(w, err):
	default:
		serverError(w, r, a.Log, err)
	}
}

func (a *API) chargeInvoice(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r, "id")
	if !ok {
		writeError(w, http.StatusNotFound, "not_found", "no such invoice")
		return
	}
	var inv service.Invoice
	if err := decode(r, &inv); err != nil {
		writeError(w, http.StatusBadRequest, "invalid_json", err.Error())
		return
	}
	inv.ID = id
	if n, err := strconv.Atoi(r.URL.Query().Get("installment")); err == nil && n > 0 {
		status, err := a.Invoices.ChargeInstallment(r.Context(), inv, n)
		if err != nil {
			serverError(w, r, a.Log, err)
			return
		}
		writeJSON(w, http.StatusOK, map[string]any{"status": status})
		return
	}
	if err := a.Invoices.ChargeInvoice(r.Context(), inv); err != nil {
		serverError(w, r, a.Log, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"status": "succeeded"})
}
