// Package bindings writes a value that should be unique (an external
// identity, an e-mail) onto an existing row after checking that no row
// holds it: two requests both see it free and both write it, and two rows
// hold it.
package bindings

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"net/http"

	"bindings/model"
	"bindings/random"
)

// Two accounts binding one GitHub id at once both find it free and both
// write it onto their user.
func BindGitHub(id int, login string) error {
	user := model.User{GitHubId: login}
	if model.IsGitHubIdTaken(user.GitHubId) { // want `check-then-bind race: the existence check IsGitHubIdTaken finds the value free and the write at line \d+ puts it on an existing user row`
		return errors.New("this GitHub account is bound already")
	}
	user.Id = id
	if err := user.FillById(); err != nil {
		return err
	}
	user.GitHubId = login
	return user.Update()
}

// Near miss: the bind is one conditional statement whose rows affected
// says whether this caller won.
func BindGitHubAtomic(id int, login string) error {
	user := model.User{Id: id, GitHubId: login}
	if model.IsGitHubIdTaken(user.GitHubId) {
		return errors.New("this GitHub account is bound already")
	}
	won, err := model.BindGitHubIdIfFree(&user, login)
	if err != nil {
		return err
	}
	if !won {
		return errors.New("this GitHub account is bound already")
	}
	return nil
}

// A change of e-mail through a store function that saves the record.
func ChangeEmail(u *model.User, email string) error {
	if model.IsEmailTaken(email) { // want `check-then-bind race: the existence check IsEmailTaken finds the value free`
		return errors.New("e-mail in use")
	}
	u.Email = email
	return model.UpdateUser(u)
}

// Near miss: the record saved does not carry the checked value: the
// check is of the new e-mail, the save writes another user.
func ChangeEmailOfOther(u, other *model.User, email string) error {
	if model.IsEmailTaken(email) {
		return errors.New("e-mail in use")
	}
	other.GitHubId = ""
	return model.UpdateUser(other)
}

// Near miss: the write is on the present branch (the row holding the
// value is there), not on the branch that found it free.
func RefreshBinding(u *model.User) error {
	if !model.IsGitHubIdTaken(u.GitHubId) {
		return errors.New("not bound")
	}
	return u.Update()
}

// The user is loaded after the check into a record made there: still an
// existing row the value is put on.
func BindGitHubLoadedAfter(id int, login string) error {
	if model.IsGitHubIdTaken(login) { // want `check-then-bind race: the existence check IsGitHubIdTaken finds the value free`
		return errors.New("this GitHub account is bound already")
	}
	user := model.User{Id: id}
	if err := user.FillById(); err != nil {
		return err
	}
	user.GitHubId = login
	return user.Update()
}

// Near miss: the record saved is made on the branch that found the value
// free: a new row (an insert or an upsert by its id), not an existing
// row the value is put on.
func BindNew(id int, login string) error {
	if model.IsGitHubIdTaken(login) {
		return errors.New("this GitHub account is bound already")
	}
	return model.UpdateUser(&model.User{Id: id, GitHubId: login})
}

// Near miss: the value is a fresh random token this call minted; a twin
// checks a token of its own, so the check only guards a collision.
func NewAccessToken(u *model.User) error {
	buf := make([]byte, 16)
	if _, err := rand.Read(buf); err != nil {
		return err
	}
	u.AccessToken = hex.EncodeToString(buf)
	if model.IsAccessTokenTaken(u.AccessToken) {
		return errors.New("try again")
	}
	return u.Update()
}

// Near miss: the fresh token comes from a helper of another package named
// for random keys (random.GetUUID), whose body this package does not see.
func RegenerateAccessToken(u *model.User) error {
	u.AccessToken = random.GetUUID()
	if model.IsAccessTokenTaken(u.AccessToken) {
		return errors.New("try again")
	}
	return u.Update()
}

// current is a package-level record: its fields are stored to anywhere.
var current model.User

// Near miss: the checked value is a field of a global record, which the
// fresh-key test cannot follow (and must not fail on).
func RebindCurrent() error {
	if model.IsAccessTokenTaken(current.AccessToken) {
		return errors.New("taken")
	}
	return nil
}

// wechatIDByCode asks the provider which account a login code is for.
func wechatIDByCode(code string) (string, error) {
	resp, err := http.Get("https://wechat.example/user?code=" + code)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	return resp.Header.Get("X-Id"), nil
}

// The value checked is fetched from a provider (one-api's WeChat bind):
// the record is handed the helper's result, not the code it was asked.
func BindWeChat(id int, code string) error {
	wechatID, err := wechatIDByCode(code)
	if err != nil {
		return err
	}
	if model.IsGitHubIdTaken(wechatID) { // want `check-then-bind race`
		return errors.New("bound already")
	}
	user := model.User{Id: id}
	if err := user.FillById(); err != nil {
		return err
	}
	user.GitHubId = wechatID
	return user.Update()
}

// Near miss: the fetched id goes onto a record made on the branch that
// no read fills: a new row, not an existing one the value is put on.
func BindWeChatNew(id int, code string) error {
	wechatID, err := wechatIDByCode(code)
	if err != nil {
		return err
	}
	if model.IsGitHubIdTaken(wechatID) {
		return errors.New("bound already")
	}
	return model.UpdateUser(&model.User{Id: id, GitHubId: wechatID})
}

// The write-back also evicts the user's cache entry: still a write of the
// user row that carries the bound id.
func BindLark(id int, larkID string) error {
	user := model.User{GitHubId: larkID}
	if model.IsGitHubIdTaken(user.GitHubId) { // want `check-then-bind race: the existence check IsGitHubIdTaken finds the value free and the write at line \d+ puts it on an existing user row`
		return errors.New("this account is bound already")
	}
	user.Id = id
	if err := user.FillById(); err != nil {
		return err
	}
	user.GitHubId = larkID
	return user.UpdateEvicting()
}
