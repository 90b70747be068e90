// Package reposhape imports the package that declares the repository
// interface, but uses only its plain types (near miss of repouser): the
// fast path skips it.
package reposhape // want "no SSA"

import "fastpath/repo"

func Table(o repo.Options) string { return o.Table + "_v2" }
