package idemhttp

import (
	"bytes"
	"net/http"
)

// recorder buffers the handler's response: nothing reaches the client
// before the transaction that stores it has committed. The body is bounded
// by the claim's MaxOutcomeBytes; past that the response is marked
// oversized and the rest is dropped.
type recorder struct {
	header    http.Header
	status    int
	body      bytes.Buffer
	limit     int
	oversized bool
}

func newRecorder(limit int) *recorder { return &recorder{header: http.Header{}, limit: limit} }

func (r *recorder) Header() http.Header { return r.header }

func (r *recorder) WriteHeader(status int) {
	if r.status == 0 {
		r.status = status
	}
}

func (r *recorder) Write(p []byte) (int, error) {
	r.WriteHeader(http.StatusOK)
	if r.body.Len()+len(p) > r.limit {
		r.oversized = true
		return len(p), nil // the handler's write "succeeds"; the response is refused as a whole
	}
	return r.body.Write(p)
}

// Flush is accepted and does nothing: the response is sent after commit.
func (r *recorder) Flush() {}

// statusOrOK is the status the client sees: 200 when the handler set none.
func (r *recorder) statusOrOK() int {
	if r.status == 0 {
		return http.StatusOK
	}
	return r.status
}

// send writes the response to w with all the handler's headers (the stored
// copy keeps only the allow-listed ones).
func (r *recorder) send(w http.ResponseWriter) {
	for name, values := range r.header {
		w.Header()[name] = values
	}
	w.WriteHeader(r.statusOrOK())
	_, _ = w.Write(r.body.Bytes()) // stored already (or not at all): a client gone by now retries
}
