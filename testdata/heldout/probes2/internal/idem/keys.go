// Package idem implements Idempotency-Key handling for the public API.
package idem

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"
	"strings"
)

const (
	HeaderKey    = "Idempotency-Key"
	HeaderReplay = "Idempotent-Replayed"
	maxKeyLen    = 255
)

// Principal returns the authenticated caller of the request, set by the
// auth middleware.
type Principal func(r *http.Request) (string, bool)

func storageKey(prefix, principal, route, key string) string {
	return prefix + ":" + principal + ":" + route + ":" + key
}

func routeOf(r *http.Request) string {
	return r.Method + " " + strings.TrimSuffix(r.URL.Path, "/")
}

func fingerprint(r *http.Request) (string, error) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		return "", err
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	sum := sha256.Sum256(body)
	return hex.EncodeToString(sum[:]), nil
}

// recorder captures the response so it can be stored and replayed.
type recorder struct {
	http.ResponseWriter
	status int
	buf    bytes.Buffer
}

func (r *recorder) WriteHeader(code int) {
	r.status = code
	r.ResponseWriter.WriteHeader(code)
}

func (r *recorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	r.buf.Write(b)
	return r.ResponseWriter.Write(b)
}

type storedResponse struct {
	Fingerprint string      `json:"fp"`
	Status      int         `json:"status"`
	Header      http.Header `json:"header"`
	Body        []byte      `json:"body"`
	Pending     bool        `json:"pending,omitempty"`
}

func replay(w http.ResponseWriter, s storedResponse) {
	for k, vs := range s.Header {
		for _, v := range vs {
			w.Header().Add(k, v)
		}
	}
	w.Header().Set(HeaderReplay, "true")
	w.WriteHeader(s.Status)
	_, _ = w.Write(s.Body)
}

func keyFromRequest(r *http.Request) (string, bool) {
	k := strings.TrimSpace(r.Header.Get(HeaderKey))
	if k == "" || len(k) > maxKeyLen {
		return "", false
	}
	return k, true
}
