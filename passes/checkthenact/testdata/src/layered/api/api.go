// Package api is the handler layer over layered/store.
package api

import (
	"errors"
	"fmt"
	"net/http"

	"layered/store"
)

type API struct{ st *store.Store }

func (a *API) Register(w http.ResponseWriter, r *http.Request) {
	err := a.st.Register(r.Context(), r.FormValue("email"))
	switch {
	case errors.Is(err, store.ErrEmailTaken):
		http.Error(w, "already registered", http.StatusConflict)
	case err != nil:
		http.Error(w, err.Error(), http.StatusInternalServerError)
	default:
		w.WriteHeader(http.StatusCreated)
	}
}

func (a *API) CreateTeam(w http.ResponseWriter, r *http.Request) {
	if err := a.createTeam(r); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

func (a *API) createTeam(r *http.Request) error {
	if err := a.st.CreateTeam(r.Context(), r.FormValue("name")); err != nil {
		return fmt.Errorf("create team: %w (%v)", err, store.ErrNameTaken)
	}
	return nil
}
