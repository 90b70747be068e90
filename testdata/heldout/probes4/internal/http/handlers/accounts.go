package handlers

import (
	"net/http"
	"strconv"

	"example.com/shop4/internal/http/middleware"
	"example.com/shop4/internal/service/accounts"
)

func (a *API) signup(w http.ResponseWriter, r *http.Request) {
	var req accounts.RegisterRequest
	if err := decode(r, &req); err != nil || req.Email == "" {
		badRequest(w, "email is required")
		return
	}
	u, err := a.Accounts.Register(r.Context(), req)
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, u)
}

func (a *API) verifyEmail(w http.ResponseWriter, r *http.Request) {
	if err := a.Accounts.VerifyEmail(r.Context(), r.URL.Query().Get("token")); err != nil {
		fail(w, r, err)
		return
	}
	http.Redirect(w, r, "/account?verified=1", http.StatusSeeOther)
}

func (a *API) updateLocale(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Locale string `json:"locale"`
	}
	if err := decode(r, &req); err != nil || req.Locale == "" {
		badRequest(w, "locale is required")
		return
	}
	u := middleware.CurrentUser(r.Context())
	if err := a.Accounts.UpdateLocale(r.Context(), u.ID, req.Locale); err != nil {
		fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (a *API) profile(w http.ResponseWriter, r *http.Request) {
	p, err := a.Accounts.EnsureProfile(r.Context(), middleware.CurrentUser(r.Context()))
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, p)
}

func (a *API) notificationSettings(w http.ResponseWriter, r *http.Request) {
	ns, err := a.Accounts.EnsureNotificationSettings(r.Context(), middleware.CurrentUser(r.Context()))
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, ns)
}

func (a *API) checkIn(w http.ResponseWriter, r *http.Request) {
	res, err := a.Rewards.CheckIn(r.Context(), middleware.CurrentUser(r.Context()).ID)
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, res)
}

func (a *API) magicLink(w http.ResponseWriter, r *http.Request) {
	sess, err := a.Auth.ExchangeMagicLink(r.Context(), r.URL.Query().Get("token"))
	if err != nil {
		fail(w, r, err)
		return
	}
	http.SetCookie(w, &http.Cookie{Name: "sid", Value: sess.ID, Expires: sess.ExpiresAt, HttpOnly: true, Secure: true, Path: "/"})
	http.Redirect(w, r, "/", http.StatusSeeOther)
}

func (a *API) sendLoginCode(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Phone string `json:"phone"`
	}
	if err := decode(r, &req); err != nil || req.Phone == "" {
		badRequest(w, "phone is required")
		return
	}
	challenge, err := a.Auth.SendLoginCode(r.Context(), middleware.CurrentUser(r.Context()).ID, req.Phone)
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusAccepted, map[string]string{"challenge": challenge})
}

func (a *API) verifyCode(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Email     string `json:"email"`
		Challenge string `json:"challenge"`
		Code      string `json:"code"`
	}
	if err := decode(r, &req); err != nil {
		badRequest(w, "bad request")
		return
	}
	if ok, err := a.LoginLimiter.Allow(r.Context(), req.Email); err != nil || !ok {
		writeJSON(w, http.StatusTooManyRequests, map[string]string{"error": "too many attempts"})
		return
	}
	sess, err := a.Auth.VerifyLoginCode(r.Context(), req.Challenge, req.Code)
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"session": sess.ID, "expires": strconv.FormatInt(sess.ExpiresAt.Unix(), 10)})
}

func (a *API) attributeReferral(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Code string `json:"code"`
	}
	if err := decode(r, &req); err != nil || req.Code == "" {
		badRequest(w, "code is required")
		return
	}
	if err := a.Referrals.Attribute(r.Context(), middleware.CurrentUser(r.Context()).ID, req.Code); err != nil {
		fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (a *API) enroll(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r, "id")
	if !ok {
		badRequest(w, "bad campaign id")
		return
	}
	if err := a.Referrals.Enroll(r.Context(), id, middleware.CurrentUser(r.Context()).ID, r.URL.Query().Get("channel")); err != nil {
		fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
