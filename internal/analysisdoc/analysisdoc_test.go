package analysisdoc

import (
	"slices"
	"strings"
	"testing"
)

const source = `// Package halting defines an analyzer.
//
// # Analyzer halting
//
// halting: report loops that never end
//
// It reports for loops without a way out.
//
// WRONG: a loop with no exit.
//
//	for {
//		spin()
//	}
//
// RIGHT:
//
//	for !done() {
//		spin()
//	}
//
// # Analyzer other
//
// other: something else
package halting
`

func TestExtract(t *testing.T) {
	doc, err := Extract(source, "halting")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(doc, "report loops that never end\n\nIt reports") || strings.Contains(doc, "something else") {
		t.Errorf("Extract = %q: want the halting section alone, from its summary", doc)
	}
	// Near misses: a name with no section, a section without "name:".
	if _, err := Extract(source, "halt"); err == nil {
		t.Error("Extract found a section for a name that has none")
	}
	if _, err := Extract(strings.Replace(source, "halting: report", "report", 1), "halting"); err == nil {
		t.Error("Extract accepted a section without its name: summary line")
	}
}

func TestExamples(t *testing.T) {
	doc := MustExtract(source, "halting")
	if got, want := Examples(doc, "WRONG"), []string{"for {\n\tspin()\n}"}; !slices.Equal(got, want) {
		t.Errorf("WRONG examples = %q, want %q", got, want)
	}
	if got, want := Examples(doc, "RIGHT"), []string{"for !done() {\n\tspin()\n}"}; !slices.Equal(got, want) {
		t.Errorf("RIGHT examples = %q, want %q", got, want)
	}
	if got := Examples(doc, "NEITHER"); got != nil {
		t.Errorf("examples of an absent label: %q", got)
	}
}
