package idemhttp_test

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"

	"github.com/go-chi/chi/v5"
	"github.com/idemvet/idemvet/runtime/claim"
	"github.com/idemvet/idemvet/runtime/idemhttp"
	"github.com/jackc/pgx/v5/pgxpool"
)

// examplePool stands in for your application's pool: a fresh database with
// the claims table and an orders table.
func examplePool(ctx context.Context) (*pgxpool.Pool, func()) {
	dsn, drop := databaseURL("example")
	pool, err := pgxpool.New(ctx, dsn)
	if err != nil {
		log.Fatal(err)
	}
	if err := claim.Migrate(ctx, pool); err != nil {
		log.Fatal(err)
	}
	if _, err := pool.Exec(ctx, "CREATE TABLE orders (id bigserial PRIMARY KEY, item text NOT NULL)"); err != nil {
		log.Fatal(err)
	}
	return pool, func() { pool.Close(); drop() }
}

// createOrder writes through the request's claim transaction, so the order
// and the stored response commit together.
func createOrder(w http.ResponseWriter, r *http.Request) {
	tx, ok := idemhttp.Tx(r.Context())
	if !ok {
		http.Error(w, "not behind idemhttp", http.StatusInternalServerError)
		return
	}
	item, _ := io.ReadAll(r.Body)
	var id int64
	if err := tx.QueryRow(r.Context(), "INSERT INTO orders (item) VALUES ($1) RETURNING id", item).Scan(&id); err != nil {
		http.Error(w, "database error", http.StatusInternalServerError) // 5xx: rolled back, not stored
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusCreated)
	fmt.Fprintf(w, `{"order":%d}`, id)
}

// send posts body with an Idempotency-Key and prints what came back.
func send(url, key, body string) {
	req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	req.Header.Set("Authorization", "Bearer tenant-42")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		log.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	fmt.Printf("%d replayed=%q %s\n", res.StatusCode, res.Header.Get("Idempotent-Replayed"), strings.TrimSpace(string(b)))
}

// principal stands for your authentication: the tenant behind the token.
func principal(r *http.Request) (string, error) {
	tenant, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if !ok {
		return "", fmt.Errorf("no bearer token")
	}
	return tenant, nil
}

// With http.ServeMux: wrap the handlers that need a key; r.Pattern is the
// route in the fingerprint.
func Example() {
	ctx := context.Background()
	pool, cleanup := examplePool(ctx)
	defer cleanup()

	idem, err := idemhttp.New(pool, idemhttp.Options{Principal: principal})
	if err != nil {
		log.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("POST /orders", idem.Wrap(http.HandlerFunc(createOrder)))
	server := httptest.NewServer(mux)
	defer server.Close()

	send(server.URL+"/orders", "7c1a", "book")  // executes
	send(server.URL+"/orders", "7c1a", "book")  // replays
	send(server.URL+"/orders", "7c1a", "lamp")  // same key, other payload
	send(server.URL+"/orders", "", "book")      // no key
	send(server.URL+"/orders", "9f3b", "chair") // another intent
	// Output:
	// 201 replayed="" {"order":1}
	// 201 replayed="true" {"order":1}
	// 422 replayed="" {"type":"https://github.com/idemvet/idemvet/blob/main/runtime/idemhttp/README.md#key-reused","title":"Idempotency key reused","status":422,"detail":"this idempotency key was used with a different request"}
	// 400 replayed="" {"type":"https://github.com/idemvet/idemvet/blob/main/runtime/idemhttp/README.md#key-missing","title":"Idempotency key missing","status":400,"detail":"this request requires the Idempotency-Key header"}
	// 201 replayed="" {"order":2}
}

// With chi: the middleware is a func(http.Handler) http.Handler, so Use and
// With take it as is. Inline (With) it runs after routing, where chi knows
// the route pattern.
func Example_chi() {
	ctx := context.Background()
	pool, cleanup := examplePool(ctx)
	defer cleanup()

	idem, err := idemhttp.New(pool, idemhttp.Options{
		Principal: principal,
		Route:     func(r *http.Request) string { return chi.RouteContext(r.Context()).RoutePattern() },
	})
	if err != nil {
		log.Fatal(err)
	}
	router := chi.NewRouter()
	router.With(idem.Wrap).Post("/shops/{shop}/orders", createOrder)
	server := httptest.NewServer(router)
	defer server.Close()

	send(server.URL+"/shops/1/orders", "7c1a", "book")
	send(server.URL+"/shops/1/orders", "7c1a", "book")
	send(server.URL+"/shops/2/orders", "7c1a", "book") // same route, another shop
	// Output:
	// 201 replayed="" {"order":1}
	// 201 replayed="true" {"order":1}
	// 422 replayed="" {"type":"https://github.com/idemvet/idemvet/blob/main/runtime/idemhttp/README.md#key-reused","title":"Idempotency key reused","status":422,"detail":"this idempotency key was used with a different request"}
}

// budget admits a fixed number of new claims per principal and every replay:
// a stand-in for a token bucket per principal.
type budget struct {
	mu   sync.Mutex
	left map[string]int
}

func (b *budget) admit(r *http.Request, replay bool) error {
	if replay {
		return nil // a replay runs no handler: cheap, let it through
	}
	tenant, _ := principal(r)
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.left[tenant] == 0 {
		return fmt.Errorf("tenant %s is out of new requests", tenant)
	}
	b.left[tenant]--
	return nil
}

// Abuse controls and stored data: Admit limits new claims apart from
// replays, and BodyCipher keeps the stored responses encrypted (the key
// comes from your secret store).
func Example_abuseControls() {
	ctx := context.Background()
	pool, cleanup := examplePool(ctx)
	defer cleanup()

	block, err := aes.NewCipher([]byte("an example key, 32 bytes long..."))
	if err != nil {
		log.Fatal(err)
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		log.Fatal(err)
	}
	sealed := idemhttp.BodyCipher{AEAD: aead}
	limit := &budget{left: map[string]int{"tenant-42": 1}}
	idem, err := idemhttp.New(pool, idemhttp.Options{
		Principal: principal,
		Admit:     limit.admit,
		Redact:    sealed.Redact,
		Restore:   sealed.Restore,
	})
	if err != nil {
		log.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("POST /orders", idem.Wrap(http.HandlerFunc(createOrder)))
	server := httptest.NewServer(mux)
	defer server.Close()

	send(server.URL+"/orders", "7c1a", "book")  // executes: the budget's one new request
	send(server.URL+"/orders", "7c1a", "book")  // replays, decrypted: no budget needed
	send(server.URL+"/orders", "9f3b", "chair") // a new request over budget
	var plaintext bool
	if err := pool.QueryRow(ctx, `SELECT position('order' IN encode(body, 'escape')) > 0 FROM idemvet_claims`).Scan(&plaintext); err != nil {
		log.Fatal(err)
	}
	fmt.Println("stored body readable:", plaintext)
	// Output:
	// 201 replayed="" {"order":1}
	// 201 replayed="true" {"order":1}
	// 429 replayed="" {"type":"https://github.com/idemvet/idemvet/blob/main/runtime/idemhttp/README.md#rate-limited","title":"Too Many Requests","status":429,"detail":"the request was not processed; retry later with the same idempotency key"}
	// stored body readable: false
}
