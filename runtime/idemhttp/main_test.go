package idemhttp_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/idemvet/idemvet/internal/pgtest"
	"github.com/idemvet/idemvet/runtime/claim"
	"github.com/idemvet/idemvet/runtime/idemhttp"
	"github.com/jackc/pgx/v5/pgxpool"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// databaseURL stands, in the examples, for your application's database URL
// (in your code: your own server's DSN, from your configuration). Here it
// is a fresh database on the test server, dropped by the returned function.
func databaseURL(label string) (string, func()) {
	dsn, drop, err := pgtest.CreateDB(context.Background(), label)
	if err != nil {
		log.Fatal(err)
	}
	return dsn, func() { _ = drop(context.Background()) }
}

// newPool makes a database with the claims table and a payments table.
func newPool(t testing.TB, maxConns int32) *pgxpool.Pool {
	t.Helper()
	pool := pgtest.NewPool(t, func(cfg *pgxpool.Config) { cfg.MaxConns = maxConns })
	ctx := context.Background()
	if err := claim.Migrate(ctx, pool); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `CREATE TABLE payments (
		id bigserial PRIMARY KEY, tenant text NOT NULL, amount text NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	return pool
}

// tenantHeader stands for authentication: the tests' Principal reads it.
func tenantHeader(r *http.Request) (string, error) {
	if t := r.Header.Get("X-Tenant"); t != "" {
		return t, nil
	}
	return "", errors.New("not authenticated")
}

// app is a payments API behind the middleware on an http.ServeMux, with a
// counter of handler executions.
type app struct {
	t      testing.TB
	pool   *pgxpool.Pool
	mw     *idemhttp.Middleware
	runs   atomic.Int64
	server *httptest.Server
}

// createPayment inserts a payment on the request's transaction and answers
// 201 with its id. before, if set, runs first inside the transaction.
func (a *app) createPayment(before func(w http.ResponseWriter, r *http.Request) bool) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		a.runs.Add(1)
		tx, ok := idemhttp.Tx(r.Context())
		if !ok {
			http.Error(w, "no transaction", http.StatusInternalServerError)
			return
		}
		body, _ := io.ReadAll(r.Body)
		var id int64
		err := tx.QueryRow(r.Context(), "INSERT INTO payments (tenant, amount) VALUES ($1, $2) RETURNING id",
			r.Header.Get("X-Tenant"), string(body)).Scan(&id)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		if before != nil && !before(w, r) {
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Location", fmt.Sprintf("/payments/%d", id))
		w.Header().Set("Set-Cookie", "session=secret") // must not be stored
		w.WriteHeader(http.StatusCreated)
		fmt.Fprintf(w, `{"id":%d,"tenant":%q,"amount":%s}`, id, r.Header.Get("X-Tenant"), body)
	})
}

func newApp(t testing.TB, pool *pgxpool.Pool, opts idemhttp.Options, handler func(*app) http.Handler) *app {
	t.Helper()
	if opts.Principal == nil {
		opts.Principal = tenantHeader
	}
	if opts.OnError == nil { // the tests that expect a report set their own
		opts.OnError = func(_ *http.Request, err error) { t.Logf("OnError: %v", err) }
	}
	mw, err := idemhttp.New(pool, opts)
	if err != nil {
		t.Fatal(err)
	}
	a := &app{t: t, pool: pool, mw: mw}
	if handler == nil {
		handler = func(a *app) http.Handler { return a.createPayment(nil) }
	}
	mux := http.NewServeMux()
	mux.Handle("POST /payments", mw.Wrap(handler(a)))
	mux.Handle("POST /refunds", mw.Wrap(handler(a)))
	mux.Handle("GET /payments", mw.Wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, inTx := idemhttp.Tx(r.Context())
		fmt.Fprintf(w, "list, in a claim transaction: %v", inTx)
	})))
	a.server = httptest.NewUnstartedServer(mux)
	a.server.Config.ErrorLog = log.New(io.Discard, "", 0) // the panic test's stack trace
	a.server.Start()
	t.Cleanup(a.server.Close)
	return a
}

// response is what a client saw.
type response struct {
	status int
	header http.Header
	body   string
}

// post sends POST path with the key (none if ""), tenant and body.
func (a *app) post(path, key, tenant, body string, header ...string) response {
	a.t.Helper()
	r, err := a.do(context.Background(), path, key, tenant, body, header...)
	if err != nil {
		a.t.Fatal(err)
	}
	return r
}

func (a *app) do(ctx context.Context, path, key, tenant, body string, header ...string) (response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, a.server.URL+path, strings.NewReader(body))
	if err != nil {
		return response{}, err
	}
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	if tenant != "" {
		req.Header.Set("X-Tenant", tenant)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Add(header[i], header[i+1])
	}
	res, err := a.server.Client().Do(req)
	if err != nil {
		return response{}, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	return response{status: res.StatusCode, header: res.Header, body: string(b)}, err
}

func (a *app) count(sql string) int {
	a.t.Helper()
	var n int
	if err := a.pool.QueryRow(context.Background(), sql).Scan(&n); err != nil {
		a.t.Fatal(err)
	}
	return n
}

func (a *app) payments() int { return a.count("SELECT count(*) FROM payments") }
func (a *app) claims() int   { return a.count("SELECT count(*) FROM idemvet_claims") }

// wantProblem checks an RFC 9457 answer of the middleware.
func wantProblem(t testing.TB, r response, status int, typeSuffix string) {
	t.Helper()
	if r.status != status || r.header.Get("Content-Type") != "application/problem+json" ||
		!strings.Contains(r.body, `"type":"`+idemhttpDocs+typeSuffix+`"`) || !strings.Contains(r.body, fmt.Sprintf(`"status":%d`, status)) {
		t.Fatalf("got %d %s %s; want a %d problem of type %s", r.status, r.header.Get("Content-Type"), r.body, status, typeSuffix)
	}
}

const idemhttpDocs = "https://github.com/idemvet/idemvet/blob/main/runtime/idemhttp/README.md#"
