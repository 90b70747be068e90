// Package loops has retry loops that mint a key per attempt, and the loops
// that look like them but are not retries.
package loops

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	mrand "math/rand"
	"net/http"
	"strconv"
	"time"

	gofrs "github.com/gofrs/uuid"
	"github.com/google/uuid"
	"github.com/oklog/ulid/v2"
	"github.com/rs/xid"
	"github.com/segmentio/ksuid"

	hcuuid "github.com/hashicorp/go-uuid"
	"github.com/lithammer/shortuuid/v4"
	gonanoid "github.com/matoous/go-nanoid/v2"
	"github.com/teris-io/shortid"
)

var client = &http.Client{}

var errTemporary = errors.New("temporary")

func newRequest(ctx context.Context) *http.Request {
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/charges", nil)
	return req
}

// Counter loop, break on success.
func attemptCounter(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		req := newRequest(ctx)
		req.Header.Set("Idempotency-Key", uuid.NewString()) // want "a new idempotency key is minted on every attempt"
		var resp *http.Response
		resp, err = client.Do(req)
		if err == nil {
			resp.Body.Close()
			break
		}
		time.Sleep(time.Duration(attempt) * time.Second)
	}
	return err
}

// Near miss: the key is minted once, before the loop.
func attemptCounterStableKey(ctx context.Context) error {
	key := uuid.NewString()
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		req := newRequest(ctx)
		req.Header.Set("Idempotency-Key", key)
		var resp *http.Response
		resp, err = client.Do(req)
		if err == nil {
			resp.Body.Close()
			break
		}
		time.Sleep(time.Duration(attempt) * time.Second)
	}
	return err
}

// Infinite loop with continue on error and return on success; the header
// is written through the map and its name is in lower case.
func continueOnError(ctx context.Context) (*http.Response, error) {
	for {
		req := newRequest(ctx)
		id := uuid.New() // want "minted on every attempt"
		req.Header["idempotency-key"] = []string{id.String()}
		resp, err := client.Do(req)
		if err != nil {
			select {
			case <-ctx.Done():
				return nil, ctx.Err()
			case <-time.After(time.Second):
			}
			continue
		}
		return resp, nil
	}
}

// Near miss: the key is minted lazily, once, and kept across attempts.
func lazyKey(ctx context.Context) (*http.Response, error) {
	var key string
	for {
		if key == "" {
			key = uuid.NewString()
		}
		req := newRequest(ctx)
		req.Header.Add("X-Idempotency-Key", key)
		resp, err := client.Do(req)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		return resp, nil
	}
}

// Status-code retry with Header.Add and a prefix built with fmt.
func statusRetry(ctx context.Context, orderID int) (*http.Response, error) {
	for i := 0; i < 5; i++ {
		req := newRequest(ctx)
		key := fmt.Sprintf("order-%d-%s", orderID, ulid.Make().String()) // want "minted on every attempt"
		req.Header.Add("X-Idempotency-Key", key)
		resp, err := client.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode < 500 {
			return resp, nil
		}
		resp.Body.Close()
	}
	return nil, errors.New("gave up")
}

// Near miss: the key is derived from the order, not minted.
func statusRetryDerivedKey(ctx context.Context, orderID int) (*http.Response, error) {
	for i := 0; i < 5; i++ {
		req := newRequest(ctx)
		req.Header.Add("X-Idempotency-Key", "order-"+strconv.Itoa(orderID))
		resp, err := client.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode < 500 {
			return resp, nil
		}
		resp.Body.Close()
	}
	return nil, errors.New("gave up")
}

// Retry on a retryable-error predicate, key from the clock.
func clockKey(ctx context.Context) error {
	for try := 0; ; try++ {
		req := newRequest(ctx)
		req.Header.Set("Idempotency-Key", strconv.FormatInt(time.Now().UnixNano(), 10)) // want "minted on every attempt"
		_, err := client.Do(req)
		if !errors.Is(err, errTemporary) {
			return err
		}
	}
}

// Near miss: a coarse time bucket is the same for quick retries.
func clockBucket(ctx context.Context) error {
	for try := 0; ; try++ {
		req := newRequest(ctx)
		req.Header.Set("Idempotency-Key", "report-"+time.Now().Format("2006-01-02"))
		_, err := client.Do(req)
		if !errors.Is(err, errTemporary) {
			return err
		}
	}
}

// crypto/rand bytes, hex encoded.
func randomBytes(ctx context.Context) error {
	for attempt := range 3 {
		b := make([]byte, 16)
		rand.Read(b) // want "minted on every attempt"
		req := newRequest(ctx)
		req.Header.Set("Idempotency-Key", hex.EncodeToString(b))
		if _, err := client.Do(req); err == nil {
			return nil
		}
		time.Sleep(time.Duration(attempt) * time.Second)
	}
	return errors.New("gave up")
}

// math/rand, ksuid, xid, gofrs, hashicorp/go-uuid, nanoid, shortid and
// shortuuid.
func otherSources(ctx context.Context) error {
	for attempt := 0; attempt < 3; attempt++ {
		req := newRequest(ctx)
		req.Header.Set("Idempotency-Key", strconv.Itoa(mrand.Int()))          // want "minted on every attempt"
		req.Header.Set("X-Idempotency-Key", ksuid.New().String())             // want "minted on every attempt"
		req.Header.Set("Idempotency-Key", xid.New().String())                 // want "minted on every attempt"
		req.Header.Set("Idempotency-Key", gofrs.Must(gofrs.NewV4()).String()) // want "minted on every attempt"
		req.Header.Set("Idempotency-Key", uuid.NewSHA1(uuid.NameSpaceURL, nil).String())
		hcKey, _ := hcuuid.GenerateUUID() // want "minted on every attempt"
		req.Header.Set("Idempotency-Key", hcKey)
		req.Header.Set("Idempotency-Key", gonanoid.Must())                // want "minted on every attempt"
		req.Header.Set("Idempotency-Key", shortid.MustGenerate())         // want "minted on every attempt"
		req.Header.Set("Idempotency-Key", shortuuid.New())                // want "minted on every attempt"
		req.Header.Set("Idempotency-Key", shortuuid.NewWithNamespace("")) // derived from the name: no finding
		req.Header.Set("Cko-Idempotency-Key", uuid.NewString())           // want "minted on every attempt"
		req.Header.Set("PayPal-Request-Id", uuid.NewString())             // want "minted on every attempt"
		req.Header.Set("X-Request-Id", uuid.NewString())
		req.Header["X-Correlation-Id"] = []string{uuid.NewString()}
		if _, err := client.Do(req); err == nil {
			return nil
		}
		time.Sleep(time.Duration(mrand.Intn(100)) * time.Millisecond)
	}
	return errors.New("gave up")
}

// Near miss: a batch. One key per item is right.
func batch(ctx context.Context, orders []int) error {
	for _, order := range orders {
		req := newRequest(ctx)
		req.Header.Set("Idempotency-Key", uuid.NewString())
		resp, err := client.Do(req)
		if err != nil {
			continue
		}
		if resp.StatusCode == 200 {
			fmt.Println("charged", order)
			return nil
		}
	}
	return nil
}

// Near miss: a batch indexed by the loop counter.
func indexedBatch(ctx context.Context, orders []int) error {
	for i := 0; i < len(orders); i++ {
		req := newRequest(ctx)
		req.Header.Set("Idempotency-Key", uuid.NewString())
		if _, err := client.Do(req); err != nil {
			continue
		}
		if orders[i] < 0 {
			break
		}
	}
	return nil
}

// Near miss: a consumer loop takes a new item on every iteration.
func consumer(ctx context.Context, jobs <-chan int) error {
	for {
		job := <-jobs
		req := newRequest(ctx)
		req.Header.Set("Idempotency-Key", uuid.NewString())
		if _, err := client.Do(req); err != nil {
			continue
		}
		if job == 0 {
			return nil
		}
	}
}

// Near miss: a periodic job; each tick is a new operation.
func ticker(ctx context.Context) {
	for {
		req := newRequest(ctx)
		req.Header.Set("Idempotency-Key", uuid.NewString())
		client.Do(req)
		time.Sleep(time.Minute)
	}
}

// Near miss: a loop that stops at the first failure (failure leaves, success
// goes around) creates one thing per iteration.
func createMany(ctx context.Context, n int) error {
	for i := 0; i < n; i++ {
		req := newRequest(ctx)
		req.Header.Set("Idempotency-Key", uuid.NewString())
		if _, err := client.Do(req); err != nil {
			return err
		}
	}
	return nil
}

// Near miss: a uuid minted per attempt as a new resource id never reaches
// a key sink.
type Order struct {
	ID     string
	Amount int
}

func resourceID(ctx context.Context, save func(Order) error) error {
	for attempt := 0; attempt < 3; attempt++ {
		o := Order{ID: uuid.NewString(), Amount: 10}
		if err := save(o); err == nil {
			return nil
		}
	}
	return errors.New("gave up")
}

// Near miss: the key is minted after the loop has succeeded.
func mintAfterSuccess(ctx context.Context) error {
	for attempt := 0; attempt < 3; attempt++ {
		if _, err := client.Do(newRequest(ctx)); err == nil {
			req := newRequest(ctx)
			req.Header.Set("Idempotency-Key", uuid.NewString())
			client.Do(req)
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("gave up")
}

// A retry loop around a closure called per attempt.
func closureInLoop(ctx context.Context) error {
	for attempt := 0; attempt < 3; attempt++ {
		err := func() error {
			req := newRequest(ctx)
			req.Header.Set("Idempotency-Key", uuid.NewString()) // want "minted on every attempt"
			_, err := client.Do(req)
			return err
		}()
		if err == nil {
			return nil
		}
	}
	return errors.New("gave up")
}

// A key from a range over a backoff schedule.
func schedule(ctx context.Context) error {
	for _, d := range []time.Duration{time.Second, 2 * time.Second, 4 * time.Second} {
		req := newRequest(ctx)
		req.Header.Set("Idempotency-Key", uuid.NewString()) // want "minted on every attempt"
		if _, err := client.Do(req); err == nil {
			return nil
		}
		time.Sleep(d)
	}
	return errors.New("gave up")
}

// A batch of retries: one key per item, minted outside the inner retry
// loop, is right; a key minted inside it is not.
func batchOfRetries(ctx context.Context, orders []int) {
	for _, order := range orders {
		key := fmt.Sprintf("order-%d-%s", order, uuid.NewString())
		for attempt := 0; attempt < 3; attempt++ {
			req := newRequest(ctx)
			req.Header.Set("Idempotency-Key", key)
			if _, err := client.Do(req); err == nil {
				break
			}
		}
		for attempt := 0; attempt < 3; attempt++ {
			req := newRequest(ctx)
			req.Header.Set("Idempotency-Key", fmt.Sprint(order, uuid.New())) // want "minted on every attempt"
			if _, err := client.Do(req); err == nil {
				break
			}
		}
	}
}

type page struct {
	Items []string
	Next  string
}

func fetchPage(ctx context.Context, key, cursor string) (*page, error) {
	req := newRequest(ctx)
	req.Header.Set("Idempotency-Key", key)
	req.Header.Set("X-Cursor", cursor)
	resp, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	return &page{}, nil
}

// Near miss: a pagination loop. A failed page is skipped, and the page
// number advances on that path too, so each iteration exports another
// page: a key per page is a key per item, not per attempt.
func exportPages(ctx context.Context) error {
	for pageNo := 1; ; pageNo++ {
		p, err := fetchPage(ctx, uuid.NewString(), strconv.Itoa(pageNo))
		if err != nil {
			continue
		}
		if len(p.Items) == 0 {
			return nil
		}
	}
}

// Near miss: the cursor comes from the previous page's answer.
func exportByCursor(ctx context.Context) error {
	cursor := ""
	for {
		p, err := fetchPage(ctx, uuid.NewString(), cursor)
		if err != nil {
			cursor = cursor + "+1" // skip the page the server cannot serve
			continue
		}
		if p.Next == "" {
			return nil
		}
		cursor = p.Next
	}
}

// A failed page is fetched again with the cursor unchanged: that is a
// retry of the same page, and a new key on it is a new key per attempt.
func exportByCursorRetrying(ctx context.Context) error {
	cursor := ""
	for {
		p, err := fetchPage(ctx, uuid.NewString(), cursor) // want "a new idempotency key is minted on every attempt"
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		if p.Next == "" {
			return nil
		}
		cursor = p.Next
	}
}

// The attempt number goes to the call too, but it counts attempts: the
// same page is asked for again, with a new key each time.
func fetchWithAttemptHeader(ctx context.Context, cursor string) (*page, error) {
	var lastErr error
	for attempt := 1; attempt <= 3; attempt++ {
		p, err := fetchPage(ctx, uuid.NewString(), cursor+"#"+strconv.Itoa(attempt)) // want "a new idempotency key is minted on every attempt"
		if err == nil {
			return p, nil
		}
		lastErr = err
	}
	return nil, lastErr
}

// tick mints a batch key and sends it: every call is a new batch.
func tick(ctx context.Context) error {
	_, err := fetchPage(ctx, uuid.NewString(), "")
	return err
}

// Near miss: a poller. A failed tick is logged and the next tick is new
// work; the loop goes round after a success too.
func poll(ctx context.Context, ticks <-chan time.Time) {
	for {
		if err := tick(ctx); err != nil {
			if ctx.Err() != nil {
				return
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-ticks:
		}
	}
}

// The same helper retried until it succeeds: a new key per attempt.
func tickUntilDone(ctx context.Context) {
	for {
		if err := tick(ctx); err == nil { // want "a new idempotency key is minted on every attempt"
			return
		}
		time.Sleep(time.Second)
	}
}

// The inner range copies the caller's headers onto each attempt's request:
// it walks the same map every time and leaves the outer loop a retry.
func copiedHeaders(ctx context.Context, headers map[string]string) error {
	for attempt := 0; attempt < 3; attempt++ {
		req := newRequest(ctx)
		for name, value := range headers {
			req.Header.Set(name, value)
		}
		req.Header.Set("Idempotency-Key", uuid.NewString()) // want "a new idempotency key is minted on every attempt"
		if resp, err := client.Do(req); err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Duration(attempt) * time.Second)
	}
	return errors.New("gave up")
}

// Near miss: the same retry with the key minted once, before it.
func copiedHeadersStableKey(ctx context.Context, headers map[string]string) error {
	key := uuid.NewString()
	for attempt := 0; attempt < 3; attempt++ {
		req := newRequest(ctx)
		for name, value := range headers {
			req.Header.Set(name, value)
		}
		req.Header.Set("Idempotency-Key", key)
		if resp, err := client.Do(req); err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Duration(attempt) * time.Second)
	}
	return errors.New("gave up")
}
