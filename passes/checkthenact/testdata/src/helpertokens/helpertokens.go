// Package helpertokens holds one-time codes checked by one helper and
// removed by another: a process map behind functions of another package,
// a cache interface's Get and Del, a check in a handler and the removal
// in the function it hands the code to.
package helpertokens

import (
	"context"
	"database/sql"
	"errors"

	"helpertokens/codes"
	"helpertokens/tmptokens"
)

type Server struct{ db *sql.DB }

// Two resets with one code both pass the check before either deletes it,
// and each sets a password.
func (s *Server) ResetPassword(ctx context.Context, email, code string) error {
	if !codes.VerifyCodeWithKey(email, code, "reset") { // want `token-reuse race: VerifyCodeWithKey checks the one-time code and DeleteKey at line \d+ removes it in a separate step whose outcome gates nothing, so two requests with one code both pass the check before either removes it, and both reach the update of users`
		return errors.New("invalid code")
	}
	if _, err := s.db.ExecContext(ctx, `UPDATE users SET password = $1 WHERE email = $2`, "x", email); err != nil {
		return err
	}
	codes.DeleteKey(email, "reset")
	return nil
}

// Near miss: the code is taken in the step that checks it.
func (s *Server) ResetPasswordTaken(ctx context.Context, email, code string) error {
	if !codes.TakeCodeWithKey(email, code, "reset") {
		return errors.New("invalid code")
	}
	_, err := s.db.ExecContext(ctx, `UPDATE users SET password = $1 WHERE email = $2`, "x", email)
	return err
}

// Near miss: the delete reports whether this caller removed the code,
// and only that caller goes on.
func (s *Server) ResetPasswordDeleteGates(ctx context.Context, email, code string) error {
	if !codes.VerifyCodeWithKey(email, code, "reset") {
		return errors.New("invalid code")
	}
	if !codes.DeleteKeyIfPresent(email, "reset") {
		return errors.New("code already used")
	}
	_, err := s.db.ExecContext(ctx, `UPDATE users SET password = $1 WHERE email = $2`, "x", email)
	return err
}

// Near miss: the code is removed only when the check failed (a wrong
// guess burns it); the passing branch removes nothing.
func (s *Server) ConfirmBurnOnFailure(ctx context.Context, email, code string) error {
	if !codes.VerifyCodeWithKey(email, code, "confirm") {
		codes.DeleteKey(email, "confirm")
		return errors.New("invalid code")
	}
	return nil
}

// Cache is the module's cache interface (a redis or in-memory backend).
type Cache interface {
	GetString(ctx context.Context, key string) (string, bool, error)
	SetString(ctx context.Context, key, value string) error
	Del(ctx context.Context, key string) error
	GetDel(ctx context.Context, key string) (string, bool, error)
}

const emailCodeKey = "app:user:email-code:"

type EmailRepo struct{ cache Cache }

// Two requests with one e-mailed code both read it before either Del.
func (r *EmailRepo) VerifyCode(ctx context.Context, code string) (string, error) {
	key := emailCodeKey + code
	content, exist, err := r.cache.GetString(ctx, key) // want `token-reuse race: GetString checks the one-time code and Del at line \d+ removes it`
	if err != nil {
		return "", err
	}
	if !exist {
		return "", nil
	}
	_ = r.cache.Del(ctx, key)
	return content, nil
}

// Near miss: GETDEL reads and removes the code in one step.
func (r *EmailRepo) VerifyCodeGetDel(ctx context.Context, code string) (string, error) {
	content, exist, err := r.cache.GetDel(ctx, emailCodeKey+code)
	if err != nil || !exist {
		return "", err
	}
	return content, nil
}

// Near miss: a cached profile, not a one-time code, read then evicted.
func (r *EmailRepo) RefreshProfile(ctx context.Context, userID string) (string, error) {
	key := "app:user:profile:" + userID
	content, exist, err := r.cache.GetString(ctx, key)
	if err != nil || !exist {
		return "", err
	}
	_ = r.cache.Del(ctx, key)
	return content, nil
}

// Temporary 2FA tokens: checked in the handler, removed in the function
// it hands the token to.
type tmpTokens interface {
	Check(id string) (any, error)
	Delete(id string)
}

type Auth struct {
	tokens tmpTokens
	db     *sql.DB
}

func (a *Auth) TwofaPage(ctx context.Context, token, totp string) error {
	if _, err := a.tokens.Check(token); err != nil { // want `token-reuse race: Check checks the one-time code and Delete at line \d+ removes it`
		return err
	}
	return a.twofaVerify(ctx, token, totp)
}

func (a *Auth) twofaVerify(ctx context.Context, token, totp string) error {
	if totp == "" {
		return errors.New("invalid")
	}
	a.tokens.Delete(token)
	_, err := a.db.ExecContext(ctx, `INSERT INTO sessions (token) VALUES ($1)`, token)
	return err
}

// The same through a package of package-level helpers.
func (a *Auth) TwofaPagePkg(ctx context.Context, token, totp string) error {
	if _, err := tmptokens.Check(token); err != nil { // want `token-reuse race: Check checks the one-time code and Delete at line \d+ removes it`
		return err
	}
	if totp == "" {
		return errors.New("invalid")
	}
	tmptokens.Delete(token)
	_, err := a.db.ExecContext(ctx, `INSERT INTO sessions (token) VALUES ($1)`, token)
	return err
}

// Near miss: Get removes the token as it reads it.
func (a *Auth) ResetPkg(ctx context.Context, token string) error {
	if _, err := tmptokens.Get(token); err != nil {
		return err
	}
	_, err := a.db.ExecContext(ctx, `UPDATE users SET password = $1`, "x")
	return err
}

// A sign-up checks the e-mailed code and never removes it, while
// ResetPassword shows the codes are meant to be removed once used: every
// registration with the code, concurrent or later, passes and inserts.
func (s *Server) Register(ctx context.Context, email, code string) error {
	if !codes.VerifyCodeWithKey(email, code, "register") { // want `token-reuse race: VerifyCodeWithKey checks the one-time code and nothing on this path removes it \(DeleteKey, which this package calls elsewhere, would\), so every request with the code, concurrent or later, passes and reaches the insert of users`
		return errors.New("invalid code")
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO users (email) VALUES ($1)`, email)
	return err
}

// Near miss: the code allows an absolute write (the e-mail bound to the
// caller's own account): running it again leaves the row as one run does.
func (s *Server) BindEmail(ctx context.Context, userID int64, email, code string) error {
	if !codes.VerifyCodeWithKey(email, code, "bind") {
		return errors.New("invalid code")
	}
	_, err := s.db.ExecContext(ctx, `UPDATE users SET email = $1 WHERE id = $2`, email, userID)
	return err
}

// Near miss: the removal's result gates the insert, so only the request
// that removed the code registers.
func (s *Server) RegisterDeleteGates(ctx context.Context, email, code string) error {
	if !codes.VerifyCodeWithKey(email, code, "register") {
		return errors.New("invalid code")
	}
	if !codes.DeleteKeyIfPresent(email, "register") {
		return errors.New("code already used")
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO users (email) VALUES ($1)`, email)
	return err
}

// Near miss: Get takes the token as it reads it (tmptokens removes on
// read), although the package has a Delete it calls elsewhere.
func (a *Auth) RegisterPkg(ctx context.Context, token, email string) error {
	if _, err := tmptokens.Get(token); err != nil {
		return err
	}
	_, err := a.db.ExecContext(ctx, `INSERT INTO users (email) VALUES ($1)`, email)
	return err
}

// Near miss: the package's removal beside the check is about sessions,
// not invitation codes (no word in common, and codes is no token store).
func (s *Server) AcceptInvite(ctx context.Context, email, code string) error {
	if !codes.CheckInviteCode(email, code) {
		return errors.New("invalid code")
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO users (email) VALUES ($1)`, email)
	return err
}

func (s *Server) SignOut(user string) { codes.DeleteAllSessions(user) }

// Near miss: the check only looks; the handler it hands the token to
// takes it from the store (tmptokens.Get removes as it reads).
func (a *Auth) ResetPage(ctx context.Context, token, email string) error {
	if _, err := tmptokens.Check(token); err != nil {
		return err
	}
	return a.doReset(ctx, token, email)
}

func (a *Auth) doReset(ctx context.Context, token, email string) error {
	if _, err := tmptokens.Get(token); err != nil {
		return err
	}
	_, err := a.db.ExecContext(ctx, `INSERT INTO password_resets (email) VALUES ($1)`, email)
	return err
}

// Near miss: the removals beside the check name an access token, a
// credential used many times, or share only the word "token" with it
// (ExpireTokenByUser): neither is about the login token checked.
func (s *Server) LoginWithToken(ctx context.Context, email, token string) error {
	if !codes.VerifyLoginToken(email, token) {
		return errors.New("invalid token")
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO logins (email) VALUES ($1)`, email)
	return err
}

func (s *Server) Logout(token string) { codes.ExpireTokenByAccessToken(token) }

func (s *Server) LogoutUser(user string) { codes.ExpireTokenByUser(user) }
