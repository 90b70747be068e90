package idemhttp

import (
	"errors"
	"fmt"
	"net/http"
)

// ErrReplayNotFound, returned (or wrapped) by Options.AuthorizeReplay,
// answers the refused replay 404 instead of 403: for resources whose
// existence the caller must not learn.
var ErrReplayNotFound = errors.New("idemhttp: replay not found")

// replay sends a stored response to a retry, after the hooks that guard it:
// Admit (rate), AuthorizeReplay (access now, not at the first request) and
// Restore (decryption, or loading a body by reference). A refusal says
// nothing about the stored response.
func (m *Middleware) replay(w http.ResponseWriter, r *http.Request, stored StoredResponse) {
	if m.opts.Admit != nil {
		if err := m.opts.Admit(r, true); err != nil {
			writeRateLimited(w)
			return
		}
	}
	if m.opts.AuthorizeReplay != nil {
		if err := m.opts.AuthorizeReplay(r, stored); errors.Is(err, ErrReplayNotFound) {
			writeProblem(w, http.StatusNotFound, ProblemReplayNotFound, "Not Found", "")
			return
		} else if err != nil {
			writeProblem(w, http.StatusForbidden, ProblemReplayForbidden, "Forbidden",
				"the caller may not see the result of this idempotency key")
			return
		}
	}
	if m.opts.Restore != nil {
		restored, err := m.opts.Restore(r, stored)
		if err != nil {
			m.serverError(w, r, fmt.Errorf("idemhttp: Options.Restore failed for a stored %d response: %w", stored.Status, err),
				http.StatusInternalServerError, "", "Internal Server Error", "the stored response could not be read")
			return
		}
		stored.Header, stored.Body = restored.Header, restored.Body
	}
	for name, values := range stored.Header {
		w.Header()[name] = values
	}
	w.Header().Set("Idempotent-Replayed", "true")
	w.WriteHeader(stored.Status)
	_, _ = w.Write(stored.Body) // a client gone by now retries and gets the replay
}

// writeRateLimited answers a request that Options.Admit refused: the same
// answer for a new claim and a replay, so a refusal does not tell whether
// the key was used before.
func writeRateLimited(w http.ResponseWriter) {
	writeProblem(w, http.StatusTooManyRequests, ProblemRateLimited, "Too Many Requests",
		"the request was not processed; retry later with the same idempotency key")
}
