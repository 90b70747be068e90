package handlers

import (
	"errors"
	"net/http"

	"example.com/shop4/internal/http/middleware"
	"example.com/shop4/internal/store"
)

func (a *API) follow(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r, "id")
	if !ok {
		badRequest(w, "bad user id")
		return
	}
	if err := a.Social.Follow(r.Context(), middleware.CurrentUser(r.Context()).ID, id); err != nil {
		fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (a *API) block(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r, "id")
	if !ok {
		badRequest(w, "bad user id")
		return
	}
	err := a.Social.Block(r.Context(), middleware.CurrentUser(r.Context()).ID, id)
	switch {
	case err == nil, errors.Is(err, store.ErrDuplicate):
		w.WriteHeader(http.StatusNoContent)
	default:
		fail(w, r, err)
	}
}
