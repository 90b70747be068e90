// Package attemptkey holds the real-library cases of the attemptkey check:
// idempotency keys minted per retry attempt with cenkalti/backoff,
// avast/retry-go, sethvargo/go-retry and hand-written helpers, and AMQP
// delivery tags used as dedup keys with rabbitmq/amqp091-go.
package attemptkey
