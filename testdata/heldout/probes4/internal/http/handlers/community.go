package handlers

import (
	"net/http"

	"example.com/shop4/internal/http/middleware"
)

func (a *API) registerForEvent(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r, "id")
	if !ok {
		badRequest(w, "bad event id")
		return
	}
	ticket, err := a.Events.Register(r.Context(), id, middleware.CurrentUser(r.Context()))
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]string{"ticket": ticket})
}

func (a *API) joinSession(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r, "id")
	if !ok {
		badRequest(w, "bad session id")
		return
	}
	seat, err := a.Events.JoinSession(r.Context(), id, middleware.CurrentUser(r.Context()))
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]string{"seat": seat})
}

func (a *API) submitReview(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r, "id")
	var req struct {
		Rating int    `json:"rating"`
		Body   string `json:"body"`
	}
	if err := decode(r, &req); err != nil || !ok || req.Rating < 1 || req.Rating > 5 {
		badRequest(w, "rating 1-5 is required")
		return
	}
	if err := a.Reviews.Submit(r.Context(), middleware.CurrentUser(r.Context()), id, req.Rating, req.Body); err != nil {
		fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

func (a *API) askQuestion(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r, "id")
	var req struct {
		Body string `json:"body"`
	}
	if err := decode(r, &req); err != nil || !ok || req.Body == "" {
		badRequest(w, "body is required")
		return
	}
	if err := a.Reviews.Ask(r.Context(), middleware.CurrentUser(r.Context()), id, req.Body); err != nil {
		fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

func (a *API) inviteMember(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r, "id")
	var req struct {
		Email string `json:"email"`
		Role  string `json:"role"`
	}
	if err := decode(r, &req); err != nil || !ok || req.Email == "" {
		badRequest(w, "email is required")
		return
	}
	inv, err := a.Teams.InviteMember(r.Context(), id, middleware.CurrentUser(r.Context()), req.Email, req.Role)
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]any{"id": inv.ID, "expires_at": inv.ExpiresAt})
}

func (a *API) acceptInvite(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Token string `json:"token"`
	}
	if err := decode(r, &req); err != nil || req.Token == "" {
		badRequest(w, "token is required")
		return
	}
	inv, err := a.Teams.AcceptInvite(r.Context(), req.Token, middleware.CurrentUser(r.Context()))
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]int64{"team_id": inv.TeamID})
}

func (a *API) addMember(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r, "id")
	var req struct {
		UserID int64  `json:"user_id"`
		Role   string `json:"role"`
	}
	if err := decode(r, &req); err != nil || !ok || req.UserID == 0 {
		badRequest(w, "user_id is required")
		return
	}
	if err := a.Teams.AddMember(r.Context(), id, req.UserID, req.Role); err != nil {
		fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusCreated)
}

func (a *API) addGuest(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r, "id")
	var req struct {
		Email string `json:"email"`
	}
	if err := decode(r, &req); err != nil || !ok || req.Email == "" {
		badRequest(w, "email is required")
		return
	}
	g, err := a.Teams.AddGuest(r.Context(), id, middleware.CurrentUser(r.Context()), req.Email)
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, g)
}

func (a *API) claimHandle(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Handle string `json:"handle"`
	}
	if err := decode(r, &req); err != nil || req.Handle == "" {
		badRequest(w, "handle is required")
		return
	}
	if err := a.Storefront.ClaimHandle(r.Context(), middleware.CurrentUser(r.Context()).ID, req.Handle); err != nil {
		fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (a *API) reserveSlug(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Slug string `json:"slug"`
	}
	if err := decode(r, &req); err != nil || req.Slug == "" {
		badRequest(w, "slug is required")
		return
	}
	if err := a.Storefront.ReserveSlug(r.Context(), middleware.CurrentUser(r.Context()).ID, req.Slug); err != nil {
		fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
