package routers_test

import (
	"context"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/idemvet/idemvet/internal/pgtest"
	"github.com/idemvet/idemvet/runtime/claim"
	"github.com/idemvet/idemvet/runtime/idemhttp"
	"github.com/idemvet/idemvet/testdata/routers/idemecho"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/labstack/echo/v4"
)

// With gin: wrap the engine, an http.Handler, for the routes that need a
// key, and mount it bare for the others. gin writes through the
// http.ResponseWriter it is served with, so no adapter is needed. In the
// handler the claim's transaction is idemhttp.Tx(c.Request.Context()).
func Example_gin() {
	pool, cleanup := examplePool()
	defer cleanup()
	idem, err := idemhttp.New(pool, idemhttp.Options{Principal: examplePrincipal})
	if err != nil {
		log.Fatal(err)
	}

	engine := gin.New()
	engine.POST("/orders", func(c *gin.Context) {
		tx, _ := idemhttp.Tx(c.Request.Context())
		item, _ := io.ReadAll(c.Request.Body)
		var id int64
		if err := tx.QueryRow(c.Request.Context(), "INSERT INTO orders (item) VALUES ($1) RETURNING id", item).Scan(&id); err != nil {
			_ = c.AbortWithError(http.StatusInternalServerError, err) // 5xx: rolled back, not stored
			return
		}
		c.JSON(http.StatusCreated, gin.H{"order": id})
	})
	mux := http.NewServeMux()
	mux.Handle("POST /orders", idem.Wrap(engine)) // r.Pattern, "POST /orders", is the route in the fingerprint
	mux.Handle("/", engine)                       // everything else: no key
	server := httptest.NewServer(mux)
	defer server.Close()

	exampleSend(server.URL+"/orders", "7c1a", "book") // executes
	exampleSend(server.URL+"/orders", "7c1a", "book") // replays
	exampleSend(server.URL+"/orders", "7c1a", "lamp") // same key, other payload
	// Output:
	// 201 replayed="" {"order":1}
	// 201 replayed="true" {"order":1}
	// 422 replayed="" key-reused
}

// With echo: the idemecho adapter, not echo.WrapMiddleware, so that a
// handler's returned error is what is stored. In the handler the claim's
// transaction is idemhttp.Tx(c.Request().Context()).
func Example_echo() {
	pool, cleanup := examplePool()
	defer cleanup()
	idem, err := idemhttp.New(pool, idemhttp.Options{Principal: examplePrincipal})
	if err != nil {
		log.Fatal(err)
	}

	e := echo.New()
	e.POST("/orders", func(c echo.Context) error {
		tx, _ := idemhttp.Tx(c.Request().Context())
		item, _ := io.ReadAll(c.Request().Body)
		if len(item) == 0 {
			return echo.NewHTTPError(http.StatusBadRequest, "no item") // 4xx: stored and replayed
		}
		var id int64
		if err := tx.QueryRow(c.Request().Context(), "INSERT INTO orders (item) VALUES ($1) RETURNING id", item).Scan(&id); err != nil {
			return err // 500: rolled back, not stored
		}
		return c.JSON(http.StatusCreated, map[string]int64{"order": id})
	}, idemecho.Middleware(idem))
	server := httptest.NewServer(e)
	defer server.Close()

	exampleSend(server.URL+"/orders", "7c1a", "book") // executes
	exampleSend(server.URL+"/orders", "7c1a", "book") // replays
	exampleSend(server.URL+"/orders", "9f3b", "")     // the handler's error
	exampleSend(server.URL+"/orders", "9f3b", "")     // replayed, not an empty 200
	// Output:
	// 201 replayed="" {"order":1}
	// 201 replayed="true" {"order":1}
	// 400 replayed="" {"message":"no item"}
	// 400 replayed="true" {"message":"no item"}
}

// examplePool stands in for your application's pool: a fresh database with
// the claims table and an orders table.
func examplePool() (*pgxpool.Pool, func()) {
	ctx := context.Background()
	dsn, drop, err := pgtest.CreateDB(ctx, "example")
	if err != nil {
		log.Fatal(err)
	}
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
	return pool, func() { pool.Close(); _ = drop(context.Background()) }
}

// examplePrincipal stands for your authentication: the tenant behind the
// bearer token.
func examplePrincipal(r *http.Request) (string, error) {
	tenant, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if !ok {
		return "", fmt.Errorf("no bearer token")
	}
	return tenant, nil
}

// exampleSend posts body with an Idempotency-Key and prints the status, the
// replay mark, and the body (a problem's type only).
func exampleSend(url, key, body string) {
	req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	req.Header.Set("Idempotency-Key", key)
	req.Header.Set("Authorization", "Bearer tenant-42")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		log.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	out := strings.TrimSpace(string(b))
	if _, problem, ok := strings.Cut(out, "README.md#"); ok {
		out, _, _ = strings.Cut(problem, `"`)
	}
	fmt.Printf("%d replayed=%q %s\n", res.StatusCode, res.Header.Get("Idempotent-Replayed"), out)
}
