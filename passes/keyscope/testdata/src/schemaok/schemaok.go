// Package schemaok holds the near miss of package schema: the same
// migrations, scoped.
package schemaok

import "embed"

//go:embed migrations/*.sql
var migrations embed.FS

var _ = migrations
