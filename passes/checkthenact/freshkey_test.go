package checkthenact

import "testing"

func TestNamedForRandom(t *testing.T) {
	for name, want := range map[string]bool{
		"RandomString":         true,
		"GenerateRandomString": true,
		"randStr":              true,
		"Rand":                 true,
		"randomToken":          true,
		"Operand":              false, // the word is Operand
		"GetBrand":             false,
		"Randomize":            false,
		"Slug":                 false,
		"NewRandomizer":        false,
	} {
		if got := namedForRandom(name); got != want {
			t.Errorf("namedForRandom(%q) = %t, want %t", name, got, want)
		}
	}
}
