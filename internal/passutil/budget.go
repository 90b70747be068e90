package passutil

import (
	"go/token"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
)

// Some walks of the passes are bounded (how many rounds a cycle of
// summaries may take to settle, how far up the callers a sentinel is
// followed): a bound keeps a pathological package from costing minutes.
// Where one stops the walk, a finding may be missing, and a run that says
// nothing about it would read as a clean it did not earn. So every cut is
// recorded, and the drivers say how many there were.

// BudgetCategory is the Category of the note a check reports where its
// analysis, or that of a helper pass it requires, stopped at a budget.
// The suite forwards such notes only to the drivers that count them
// (analyzers' -budgetcuts flag); they are never findings.
const BudgetCategory = "budget"

// A Cut is a function whose analysis stopped at a budget.
type Cut struct {
	// Pos is the function's position.
	Pos token.Pos
	// Budget names the bound and its value: "summary rounds 8".
	Budget string
}

// Diagnostic is the note that reports the cut.
func (c Cut) Diagnostic() analysis.Diagnostic {
	return analysis.Diagnostic{
		Pos:      c.Pos,
		Category: BudgetCategory,
		Message:  cutPrefix + c.Budget + cutSuffix,
	}
}

// The words of a cut's note around its budget, which BudgetOf reads.
const (
	cutPrefix = "analysis cut at a budget ("
	cutSuffix = "); findings here may be missing"
)

// Cuts collects the cuts of one pass, each function and budget once. Its
// zero value is ready, and it may be added to from several goroutines.
type Cuts struct {
	mu   sync.Mutex
	seen map[Cut]bool
	list []Cut
}

// Add records that the analysis of the function at pos stopped at budget.
func (c *Cuts) Add(pos token.Pos, budget string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	cut := Cut{Pos: pos, Budget: budget}
	if c.seen[cut] {
		return
	}
	if c.seen == nil {
		c.seen = map[Cut]bool{}
	}
	c.seen[cut] = true
	c.list = append(c.list, cut)
}

// List returns the cuts recorded, in the order they were.
func (c *Cuts) List() []Cut {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]Cut(nil), c.list...)
}

// BudgetOf returns the budget a cut's note names ("summary rounds 8"),
// or "" when message is not such a note's.
func BudgetOf(message string) string {
	rest, ok := strings.CutPrefix(message, cutPrefix)
	if !ok {
		return ""
	}
	budget, _, ok := strings.Cut(rest, cutSuffix)
	if !ok {
		return ""
	}
	return budget
}
