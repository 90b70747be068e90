// Package api answers the service's errors over HTTP.
package api

import (
	"errors"
	"net/http"

	"unanswered/service"
	"unanswered/store"
)

// statusOf is the API's table of answers.
var statusOf = map[error]int{store.ErrCodeTaken: http.StatusConflict}

func writeError(w http.ResponseWriter, err error) {
	for known, code := range statusOf {
		if errors.Is(err, known) {
			http.Error(w, err.Error(), code)
			return
		}
	}
	http.Error(w, "internal error", http.StatusInternalServerError)
}

type API struct{ svc *service.Service }

func (a *API) Ship(w http.ResponseWriter, r *http.Request) {
	if err := a.svc.CreateShipment(r.Context(), r.FormValue("ref")); err != nil {
		writeError(w, err)
		return
	}
	w.WriteHeader(http.StatusCreated)
}

func (a *API) Book(w http.ResponseWriter, r *http.Request) {
	if err := a.svc.Book(r.Context(), r.FormValue("ref")); err != nil {
		writeError(w, err)
	}
}

func (a *API) Coupon(w http.ResponseWriter, r *http.Request) {
	if err := a.svc.IssueCoupon(r.Context(), r.FormValue("code")); err != nil {
		writeError(w, err)
	}
}

func (a *API) Token(w http.ResponseWriter, r *http.Request) {
	if err := a.svc.IssueToken(r.Context(), r.FormValue("owner")); err != nil {
		writeError(w, err)
	}
}
