package handler

import (
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strconv"

	"example.com/probes/internal/domain"
	"example.com/probes/internal/service"
)

type UserHandler struct {
	Reg     *service.RegistrationService
	Invites *service.InvitationService
	Users   service.UserStore
	Log     *slog.Logger
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(v)
}

// writeErr maps the domain errors the API knows; everything else is a 500.
func writeErr(w http.ResponseWriter, log *slog.Logger, err error) {
	switch {
	case errors.Is(err, domain.ErrNotFound):
		writeJSON(w, http.StatusNotFound, map[string]string{"error": "not found"})
	case errors.Is(err, domain.ErrEmailTaken):
		writeJSON(w, http.StatusConflict, map[string]string{"error": "email taken"})
	case errors.Is(err, domain.ErrAlreadyUsed):
		writeJSON(w, http.StatusGone, map[string]string{"error": "already used"})
	case errors.Is(err, domain.ErrTooSoon):
		writeJSON(w, http.StatusTooManyRequests, map[string]string{"error": "slow down"})
	default:
		log.Error("request failed", "err", err)
		writeJSON(w, http.StatusInternalServerError, map[string]string{"error": "internal"})
	}
}

func (h *UserHandler) Routes(mux *http.ServeMux) {
	mux.HandleFunc("POST /signup", h.signup)
	mux.HandleFunc("POST /v2/signup", h.signupV2)
	mux.HandleFunc("POST /invitations/{token}/accept", h.accept)
	mux.HandleFunc("POST /v2/invitations/{token}/accept", h.acceptV2)
	mux.HandleFunc("POST /users/{id}/verify", h.verify)
}

func (h *UserHandler) signup(w http.ResponseWriter, r *http.Request) {
	var in service.SignupInput
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": err.Error()})
		return
	}
	u, err := h.Reg.Register(r.Context(), in)
	if err != nil {
		writeErr(w, h.Log, err)
		return
	}
	writeJSON(w, http.StatusCreated, u)
}

func (h *UserHandler) signupV2(w http.ResponseWriter, r *http.Request) {
	var in service.SignupInput
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": err.Error()})
		return
	}
	u, created, err := h.Reg.RegisterV2(r.Context(), in)
	if err != nil {
		writeErr(w, h.Log, err)
		return
	}
	code := http.StatusOK
	if created {
		code = http.StatusCreated
	}
	writeJSON(w, code, u)
}

func (h *UserHandler) currentUser(r *http.Request) (domain.User, error) {
	id, err := strconv.ParseInt(r.Header.Get("X-User-ID"), 10, 64)
	if err != nil {
		return domain.User{}, err
	}
	return h.Users.GetByID(r.Context(), id)
}

func (h *UserHandler) accept(w http.ResponseWriter, r *http.Request) {
	u, err := h.currentUser(r)
	if err != nil {
		writeJSON(w, http.StatusUnauthorized, nil)
		return
	}
	if err := h.Invites.Accept(r.Context(), r.PathValue("token"), u); err != nil {
		writeErr(w, h.Log, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (h *UserHandler) acceptV2(w http.ResponseWriter, r *http.Request) {
	u, err := h.currentUser(r)
	if err != nil {
		writeJSON(w, http.StatusUnauthorized, nil)
		return
	}
	if err := h.Invites.AcceptV2(r.Context(), r.PathValue("token"), u); err != nil {
		writeErr(w, h.Log, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// verify marks the e-mail verified; only an absolute write, no side effect.
func (h *UserHandler) verify(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil {
		writeJSON(w, http.StatusBadRequest, nil)
		return
	}
	u, err := h.Users.GetByID(r.Context(), id) // L:S-abs-verify
	if err != nil {
		writeErr(w, h.Log, err)
		return
	}
	if u.EmailVerified {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	if err := h.Users.MarkEmailVerified(r.Context(), u.ID); err != nil {
		writeErr(w, h.Log, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
