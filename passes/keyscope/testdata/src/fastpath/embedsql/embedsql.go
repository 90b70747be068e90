package embedsql // want "may matter"

import "embed"

//go:embed schema.sql
var schema embed.FS

var _ = schema
