package httpapi

import (
	"context"
	"net/http"
	"sync"
	"time"

	"github.com/gorilla/mux"

	"example.com/shop3/internal/payments"
	"example.com/shop3/internal/service"
)

// RateSource fetches exchange rates.
type RateSource interface {
	Rate(ctx context.Context, currency string) (float64, error)
}

// DonationHandler takes round-up donations at checkout.
type DonationHandler struct {
	Charger service.Charger
	Rates   RateSource

	seen sync.Map // donation key -> charge id

	mu    sync.Mutex
	rates map[string]cachedRate
}

type cachedRate struct {
	value float64
	at    time.Time
}

type donation struct {
	Key         string `json:"key"`
	CardRef     string `json:"card"`
	AmountCents int64  `json:"amount"`
	Currency    string `json:"currency"`
}

// Donate charges the donation unless this key was charged before.
func (h *DonationHandler) Donate(w http.ResponseWriter, r *http.Request) {
	var d donation
	if err := decodeBody(r, &d); err != nil || d.Key == "" {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	if id, dup := h.seen.Load(d.Key); dup {
		writeJSON(w, http.StatusOK, map[string]any{"charge": id, "replayed": true})
		return
	}
	ch, err := h.Charger.Charge(r.Context(), "", payments.ChargeRequest{
		CustomerRef: d.CardRef, AmountCents: d.AmountCents, Currency: d.Currency, Description: "Donation",
	})
	if err != nil {
		writeError(w, err)
		return
	}
	h.seen.Store(d.Key, ch.ID)
	writeJSON(w, http.StatusCreated, map[string]any{"charge": ch.ID})
}

// Rate answers the exchange rate, cached for a minute.
func (h *DonationHandler) Rate(w http.ResponseWriter, r *http.Request) {
	cur := mux.Vars(r)["currency"]
	h.mu.Lock()
	c, ok := h.rates[cur]
	h.mu.Unlock()
	if !ok || time.Since(c.at) > time.Minute {
		v, err := h.Rates.Rate(r.Context(), cur)
		if err != nil {
			writeError(w, err)
			return
		}
		c = cachedRate{value: v, at: time.Now()}
		h.mu.Lock()
		if h.rates == nil {
			h.rates = map[string]cachedRate{}
		}
		h.rates[cur] = c
		h.mu.Unlock()
	}
	writeJSON(w, http.StatusOK, map[string]float64{"rate": c.value})
}
