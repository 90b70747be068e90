// Package reexportholder only holds a client of the re-exported type and
// calls none of its commands: nothing to model (near miss of
// reexportuser).
package reexportholder // want "no SSA"

import "fastpath/kvalias"

type Deps struct{ Cache kvalias.Cmdable }

func New(c kvalias.Cmdable) *Deps { return &Deps{Cache: c} }
