// Package temporal stands for a company's wrapper around the Temporal
// worker (formance's go-libs workflow/temporal): definitions it registers.
package temporal

type Definition struct {
	Name string
	Func any
}

type DefinitionSet []Definition

func (s DefinitionSet) Append(d Definition) DefinitionSet { return append(s, d) }
