package handler

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"

	"example.com/shop2/internal/service"
	"example.com/shop2/internal/store"
)

func (a *API) register(w http.ResponseWriter, r *http.Request) {
	var req service.RegisterRequest
	if err := decode(r, &req); err != nil {
		writeError(w, http.StatusBadRequest, "invalid_json", err.Error())
		return
	}
	u, err := a.Signup.Register(r.Context(), req)
	switch {
	case err == nil:
		writeJSON(w, http.StatusCreated, map[string]any{"id": u.ID, "email": u.Email})
	case errors.Is(err, service.ErrEmailTaken):
		writeError(w, http.StatusConflict, "email_taken", "an account with this e-mail exists")
	case commonError(w, err):
	default:
		serverError(w, r, a.Log, err)
	}
}

func (a *API) createTeam(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Slug string `json:"slug"`
		Name string `json:"name"`
	}
	if err := decode(r, &req); err != nil {
		writeError(w, http.StatusBadRequest, "invalid_json", err.Error())
		return
	}
	team, created, err := a.Teams.CreateTeam(r.Context(), userID(r), req.Slug, req.Name)
	switch {
	case err == nil && created:
		writeJSON(w, http.StatusCreated, team)
	case err == nil:
		writeJSON(w, http.StatusOK, team)
	case errors.Is(err, service.ErrSlugTaken):
		writeError(w, http.StatusConflict, "slug_taken", err.Error())
	case commonError(w, err):
	default:
		serverError(w, r, a.Log, err)
	}
}

func claimsFrom(r *http.Request) (service.Claims, error) {
	// The ID token was verified by the OAuth middleware upstream.
	verified, _ := strconv.ParseBool(r.Header.Get("X-Id-Token-Email-Verified"))
	c := service.Claims{
		Subject:       r.Header.Get("X-Id-Token-Sub"),
		Email:         r.Header.Get("X-Id-Token-Email"),
		EmailVerified: verified,
	}
	if c.Subject == "" {
		return c, errors.New("missing id token")
	}
	return c, nil
}

func (a *API) linkIdentity(w http.ResponseWriter, r *http.Request) {
	claims, err := claimsFrom(r)
	if err != nil {
		writeError(w, http.StatusBadRequest, "invalid_token", err.Error())
		return
	}
	id, err := a.Identities.Link(r.Context(), userID(r), chi.URLParam(r, "provider"), claims)
	switch {
	case err == nil:
		writeJSON(w, http.StatusOK, map[string]any{"id": id.ID, "provider": id.Provider})
	case errors.Is(err, service.ErrIdentityInUse):
		writeError(w, http.StatusConflict, "identity_in_use", err.Error())
	case commonError(w, err):
	default:
		serverError(w, r, a.Log, err)
	}
}

func (a *API) oauthCallback(w http.ResponseWriter, r *http.Request) {
	claims, err := claimsFrom(r)
	if err != nil {
		writeError(w, http.StatusBadRequest, "invalid_token", err.Error())
		return
	}
	hint, _ := strconv.ParseInt(r.Header.Get("X-Email-Owner"), 10, 64)
	uid, err := a.Identities.SignIn(r.Context(), hint, chi.URLParam(r, "provider"), claims)
	if err != nil {
		if !commonError(w, err) {
			serverError(w, r, a.Log, err)
		}
		return
	}
	fp := service.Fingerprint{UserAgent: r.UserAgent(), IP: r.RemoteAddr, DeviceID: r.Header.Get("X-Device-Id")}
	if err := a.Devices.RecordLogin(r.Context(), uid, claims.Email, fp); err != nil {
		a.Log.WarnContext(r.Context(), "record login device", "user_id", uid, "err", err)
	}
	writeJSON(w, http.StatusOK, map[string]any{"user_id": uid})
}

func (a *API) openAccount(w http.ResponseWriter, r *http.Request) {
	var req service.OpenAccountRequest
	if err := decode(r, &req); err != nil {
		writeError(w, http.StatusBadRequest, "invalid_json", err.Error())
		return
	}
	acct, err := a.Accounts.Open(r.Context(), req)
	switch {
	case err == nil:
		writeJSON(w, http.StatusCreated, acct)
	case errors.Is(err, store.ErrAlreadyExists):
		// Opening an account twice is not an error: answer with the account.
		writeJSON(w, http.StatusOK, map[string]any{"email": req.Email, "id": acct.ID, "existing": true})
	case commonError(w, err):
	default:
		serverError(w, r, a.Log, err)
	}
}

func (a *API) onboardMerchant(w http.ResponseWriter, r *http.Request) {
	var req service.OnboardRequest
	if err := decode(r, &req); err != nil {
		writeError(w, http.StatusBadRequest, "invalid_json", err.Error())
		return
	}
	m, err := a.Merchants.Onboard(r.Context(), req)
	if err != nil {
		if !commonError(w, err) {
			serverError(w, r, a.Log, err)
		}
		return
	}
	writeJSON(w, http.StatusOK, m)
}

func (a *API) trustBrowser(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Email    string `json:"email"`
		Label    string `json:"label"`
		DeviceID string `json:"device_id"`
	}
	if err := decode(r, &req); err != nil {
		writeError(w, http.StatusBadRequest, "invalid_json", err.Error())
		return
	}
	fp := service.Fingerprint{UserAgent: r.UserAgent(), IP: r.RemoteAddr, DeviceID: req.DeviceID}
	if err := a.Devices.TrustBrowser(r.Context(), userID(r), req.Email, fp, req.Label); err != nil {
		serverError(w, r, a.Log, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (a *API) applyReferral(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Code string `json:"code"`
	}
	if err := decode(r, &req); err != nil {
		writeError(w, http.StatusBadRequest, "invalid_json", err.Error())
		return
	}
	err := a.Referrals.Apply(r.Context(), userID(r), req.Code)
	switch {
	case err == nil:
		w.WriteHeader(http.StatusNoContent)
	case errors.Is(err, service.ErrAlreadyReferred):
		writeError(w, http.StatusConflict, "already_referred", err.Error())
	case commonError(w, err):
	default:
		serverError(w, r, a.Log, err)
	}
}
