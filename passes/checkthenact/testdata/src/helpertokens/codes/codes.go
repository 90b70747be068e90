// Package codes keeps one-time codes in process memory behind helpers,
// each holding the mutex only inside itself.
package codes

import "sync"

var (
	mu    sync.Mutex
	codes = map[string]string{}
)

func RegisterCodeWithKey(key, code, purpose string) {
	mu.Lock()
	defer mu.Unlock()
	codes[purpose+key] = code
}

// VerifyCodeWithKey compares without consuming.
func VerifyCodeWithKey(key, code, purpose string) bool {
	mu.Lock()
	defer mu.Unlock()
	return codes[purpose+key] == code
}

func DeleteKey(key, purpose string) {
	mu.Lock()
	defer mu.Unlock()
	delete(codes, purpose+key)
}

// DeleteKeyIfPresent reports whether this caller removed the key.
func DeleteKeyIfPresent(key, purpose string) bool {
	mu.Lock()
	defer mu.Unlock()
	_, ok := codes[purpose+key]
	delete(codes, purpose+key)
	return ok
}

// TakeCodeWithKey compares and removes in one step under the mutex.
func TakeCodeWithKey(key, code, purpose string) bool {
	mu.Lock()
	defer mu.Unlock()
	ok := codes[purpose+key] == code
	if ok {
		delete(codes, purpose+key)
	}
	return ok
}

// CheckInviteCode compares an invitation's code, without consuming.
func CheckInviteCode(key, code string) bool {
	mu.Lock()
	defer mu.Unlock()
	return codes["invite"+key] == code
}

// DeleteAllSessions ends a user's sessions: a removal of something else.
func DeleteAllSessions(user string) {}

// VerifyLoginToken checks a login token; ExpireTokenByAccessToken ends
// an access token's use: both say "token", about different credentials.
func VerifyLoginToken(key, token string) bool { return codes["login"+key] == token }

func ExpireTokenByAccessToken(token string) {}

func ExpireTokenByUser(user string) {}
