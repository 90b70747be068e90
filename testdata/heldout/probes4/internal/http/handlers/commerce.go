package handlers

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"example.com/shop4/internal/http/middleware"
	"example.com/shop4/internal/service/transfers"
)

func (a *API) subscribe(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Email  string `json:"email"`
		Source string `json:"source"`
	}
	if err := decode(r, &req); err != nil || req.Email == "" {
		badRequest(w, "email is required")
		return
	}
	if err := a.Newsletter.Subscribe(r.Context(), req.Email, req.Source); err != nil {
		fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

func (a *API) joinWaitlist(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Email string `json:"email"`
	}
	if err := decode(r, &req); err != nil || req.Email == "" {
		badRequest(w, "email is required")
		return
	}
	if err := a.Newsletter.JoinWaitlist(r.Context(), chi.URLParam(r, "sku"), req.Email); err != nil {
		fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

func (a *API) product(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r, "id")
	if !ok {
		badRequest(w, "bad product id")
		return
	}
	p, err := a.Catalog.Product(r.Context(), id)
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, p)
}

func (a *API) ensureTags(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Tags []string `json:"tags"`
	}
	if err := decode(r, &req); err != nil {
		badRequest(w, "tags are required")
		return
	}
	tags, err := a.Catalog.EnsureTags(r.Context(), req.Tags)
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, tags)
}

func (a *API) createAPIKey(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Label string `json:"label"`
	}
	_ = decode(r, &req)
	plain, key, err := a.APIKeys.Create(r.Context(), middleware.CurrentUser(r.Context()), req.Label)
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]any{"key": plain, "id": key.ID, "prefix": key.Prefix})
}

func (a *API) addWebhookEndpoint(w http.ResponseWriter, r *http.Request) {
	var req struct {
		URL string `json:"url"`
	}
	if err := decode(r, &req); err != nil || req.URL == "" {
		badRequest(w, "url is required")
		return
	}
	ep, err := a.APIKeys.AddWebhookEndpoint(r.Context(), middleware.CurrentUser(r.Context()), req.URL)
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, ep)
}

func (a *API) redeemGiftCard(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Code string `json:"code"`
	}
	if err := decode(r, &req); err != nil || req.Code == "" {
		badRequest(w, "code is required")
		return
	}
	amount, err := a.GiftCards.Redeem(r.Context(), middleware.CurrentUser(r.Context()).ID, req.Code)
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]int64{"credited_cents": amount})
}

func (a *API) redeemPromo(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Code string `json:"code"`
	}
	if err := decode(r, &req); err != nil || req.Code == "" {
		badRequest(w, "code is required")
		return
	}
	amount, err := a.GiftCards.RedeemPromo(r.Context(), middleware.CurrentUser(r.Context()).ID, req.Code)
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]int64{"credited_cents": amount})
}

func (a *API) sendTransfer(w http.ResponseWriter, r *http.Request) {
	var req transfers.Request
	key := r.Header.Get("Idempotency-Key")
	if err := decode(r, &req); err != nil || key == "" {
		badRequest(w, "transfer and Idempotency-Key are required")
		return
	}
	t, err := a.Transfers.Send(r.Context(), middleware.CurrentUser(r.Context()).ID, key, req)
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, t)
}

func (a *API) withdraw(w http.ResponseWriter, r *http.Request) {
	var req transfers.Request
	key := r.Header.Get("Idempotency-Key")
	if err := decode(r, &req); err != nil || key == "" {
		badRequest(w, "withdrawal and Idempotency-Key are required")
		return
	}
	t, err := a.Transfers.Withdraw(r.Context(), middleware.CurrentUser(r.Context()).ID, key, req)
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, t)
}

func (a *API) addToWishlist(w http.ResponseWriter, r *http.Request) {
	var req struct {
		ProductID int64  `json:"product_id"`
		Note      string `json:"note"`
	}
	if err := decode(r, &req); err != nil || req.ProductID == 0 {
		badRequest(w, "product_id is required")
		return
	}
	it, err := a.Wishlist.Add(r.Context(), middleware.CurrentUser(r.Context()).ID, req.ProductID, req.Note)
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, it)
}

func (a *API) saveForLater(w http.ResponseWriter, r *http.Request) {
	pid, ok := pathID(r, "productID")
	if !ok {
		badRequest(w, "bad product id")
		return
	}
	it, err := a.Wishlist.MoveFromCart(r.Context(), middleware.CurrentUser(r.Context()).ID, pid)
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, it)
}
