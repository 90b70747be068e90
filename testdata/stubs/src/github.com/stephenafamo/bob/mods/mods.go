// Package mods is a minimal stub of github.com/stephenafamo/bob/mods.
package mods

import "github.com/stephenafamo/bob"

type Conflict[Q any] func() Q

func (c Conflict[Q]) DoNothing() bob.Mod[Q] { return nil }
