package main

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/idemvet/idemvet/analyzers/vettool"
	"github.com/idemvet/idemvet/internal/passutil"
)

// budgetCuts are the functions whose analysis stopped at a budget, from
// the notes the units report under -budgetcuts: a finding there may be
// missing, and the run says so once instead of reading as clean.
type budgetCuts struct {
	functions map[string]bool // by position; several checks note the same cut
	packages  map[string]bool
	budgets   map[string]bool
}

// add records the note raw of package pkg, if it is a cut's note.
func (c *budgetCuts) add(pkg string, raw json.RawMessage) bool {
	var note struct {
		Category string `json:"category"`
		Posn     string `json:"posn"`
		Message  string `json:"message"`
	}
	if json.Unmarshal(raw, &note) != nil || note.Category != passutil.BudgetCategory {
		return false
	}
	if c.functions == nil {
		c.functions, c.packages, c.budgets = map[string]bool{}, map[string]bool{}, map[string]bool{}
	}
	c.functions[note.Posn] = true
	c.packages[vettool.PackagePath(pkg)] = true
	if b := passutil.BudgetOf(note.Message); b != "" {
		c.budgets[b] = true
	}
	return true
}

// summary is the run's line about its cuts, "" when there were none.
func (c *budgetCuts) summary() string {
	if len(c.functions) == 0 {
		return ""
	}
	budgets := make([]string, 0, len(c.budgets))
	for b := range c.budgets {
		budgets = append(budgets, b)
	}
	slices.Sort(budgets)
	verb := "were"
	if len(c.functions) == 1 {
		verb = "was"
	}
	return fmt.Sprintf("idemvet: %s in %s %s cut at an analysis budget (%s); findings there may be missing",
		count(len(c.functions), "function"), count(len(c.packages), "package"), verb, strings.Join(budgets, ", "))
}

// count spells n things: "1 package", "2 packages".
func count(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}
