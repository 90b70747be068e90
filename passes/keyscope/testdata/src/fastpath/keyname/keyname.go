package keyname // want "may matter"

type Request struct{ IdempotencyKey string }
