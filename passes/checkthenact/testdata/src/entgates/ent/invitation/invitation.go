// Package invitation mimics ent's generated field predicates.
package invitation

import "entgates/ent/predicate"

func ID(id int) predicate.Invitation      { return nil }
func Token(t string) predicate.Invitation { return nil }
func UsesGT(n int) predicate.Invitation   { return nil }
