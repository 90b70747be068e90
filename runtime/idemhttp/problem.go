package idemhttp

import (
	"encoding/json"
	"net/http"
)

// problemBase is where the problem types are documented: this package's
// README, one anchor per type.
const problemBase = "https://github.com/idemvet/idemvet/blob/main/runtime/idemhttp/README.md#"

// Problem types (RFC 9457 "type" members).
const (
	ProblemKeyMissing       = problemBase + "key-missing"
	ProblemKeyMalformed     = problemBase + "key-malformed"
	ProblemKeyInUse         = problemBase + "key-in-use"
	ProblemKeyReused        = problemBase + "key-reused"
	ProblemBodyTooLarge     = problemBase + "body-too-large"
	ProblemUnauthenticated  = problemBase + "unauthenticated"
	ProblemResponseTooLarge = problemBase + "response-too-large"
	ProblemRateLimited      = problemBase + "rate-limited"
	ProblemReplayForbidden  = problemBase + "replay-forbidden"
	ProblemReplayNotFound   = problemBase + "replay-not-found"
)

// problem is an RFC 9457 problem details object.
type problem struct {
	Type   string `json:"type,omitempty"`
	Title  string `json:"title"`
	Status int    `json:"status"`
	Detail string `json:"detail,omitempty"`
}

// writeProblem answers with application/problem+json. The detail never
// says anything about another request that used the key.
func writeProblem(w http.ResponseWriter, status int, typ, title, detail string) {
	body, _ := json.Marshal(problem{Type: typ, Title: title, Status: status, Detail: detail})
	w.Header().Set("Content-Type", "application/problem+json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(append(body, '\n')) // nothing was stored: a client gone by now just retries
}
