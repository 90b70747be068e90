// Package flowerrors is an HTTP handler whose error handler, on a flow
// that is not found, starts a new flow with a fresh id (kratos's
// self-service flows).
package flowerrors

import (
	"context"
	"errors"
	"net/http"
)

type Flow struct {
	ID    string
	State string
}

var ErrNotFound = errors.New("not found")

// FlowPersister is implemented in a package that imports this one.
type FlowPersister interface {
	GetFlow(ctx context.Context, id string) (*Flow, error)
	CreateFlow(ctx context.Context, f *Flow) error
}

func newID() string { return "fresh" }

// flowID is the flow the request asks for.
func flowID(r *http.Request) (string, error) {
	id := r.URL.Query().Get("flow")
	if id == "" {
		return "", errors.New("no flow")
	}
	return id, nil
}

// fromRequest starts a flow for the request, with an id of its own.
func fromRequest(r *http.Request) *Flow {
	return &Flow{ID: newID(), State: r.URL.Query().Get("return_to")}
}

type ErrorHandler struct{ flows FlowPersister }

// WriteFlowError reports the error; on a flow that is gone it answers
// with a new one.
func (e *ErrorHandler) WriteFlowError(w http.ResponseWriter, r *http.Request, f *Flow, err error) {
	fresh := fromRequest(r)
	if cerr := e.flows.CreateFlow(r.Context(), fresh); cerr != nil {
		http.Error(w, cerr.Error(), http.StatusInternalServerError)
		return
	}
	http.Redirect(w, r, "/flows/"+fresh.ID, http.StatusSeeOther)
}

type Handler struct {
	flows  FlowPersister
	errors *ErrorHandler
}

// Near miss: on a missing flow the error handler is handed the error; the
// flow it makes is a new one of its own.
func (h *Handler) Submit(w http.ResponseWriter, r *http.Request) {
	id, err := flowID(r)
	if err != nil {
		h.errors.WriteFlowError(w, r, nil, err)
		return
	}
	f, err := h.flows.GetFlow(r.Context(), id)
	if errors.Is(err, ErrNotFound) {
		h.errors.WriteFlowError(w, r, nil, err)
		return
	}
	_ = f
}

// On a missing flow, the flow asked for is made: two requests both make
// it.
func (h *Handler) Resume(w http.ResponseWriter, r *http.Request) {
	id, err := flowID(r)
	if err != nil {
		return
	}
	_, err = h.flows.GetFlow(r.Context(), id) // want `check-then-act race: the existence check GetFlow`
	if errors.Is(err, ErrNotFound) {
		_ = h.flows.CreateFlow(r.Context(), &Flow{ID: id, State: "new"})
	}
}
