// Package keyscope holds real-library cases for the keyscope check:
// idempotency keys looked up with pgx, database/sql and gorm, kept in go-redis
// and constrained in embedded migrations without the merchant or tenant
// the code has in scope, each beside its scoped near miss.
package keyscope
