// Package analysisdoc takes an analyzer's documentation from its package's
// doc.go, the way golang.org/x/tools's own passes do, so that doc.go is the
// one source of a check's text: Analyzer.Doc is a section of it, and a
// test keeps the README pages in step with its WRONG and RIGHT examples.
//
// A check's doc.go holds a section
//
//	// # Analyzer NAME
//	//
//	// NAME: summary
//	//
//	// Full description, up to the next heading or the end.
//
// and embeds itself:
//
//	//go:embed doc.go
//	var docSource string
//
//	var Doc = analysisdoc.MustExtract(docSource, "NAME")
package analysisdoc

import (
	"fmt"
	"go/parser"
	"go/token"
	"strings"
)

// MustExtract is Extract, panicking on error: a check whose doc.go lacks
// its section is a build mistake, caught by any test that loads it.
func MustExtract(source, name string) string {
	doc, err := Extract(source, name)
	if err != nil {
		panic(err)
	}
	return doc
}

// Extract returns the "# Analyzer NAME" section of the package comment of
// the Go source, without its heading and with the "NAME: " before the
// summary removed, as Analyzer.Doc wants it.
func Extract(source, name string) (string, error) {
	f, err := parser.ParseFile(token.NewFileSet(), "doc.go", source, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		return "", err
	}
	if f.Doc == nil {
		return "", fmt.Errorf("doc.go has no package comment")
	}
	heading := "# Analyzer " + name
	_, section, ok := strings.Cut(f.Doc.Text(), "\n"+heading+"\n")
	if !ok {
		return "", fmt.Errorf("doc.go has no %q heading", heading)
	}
	if i := strings.Index(section, "\n# "); i >= 0 {
		section = section[:i]
	}
	section = strings.TrimSpace(section)
	summary, ok := strings.CutPrefix(section, name+":")
	if !ok {
		return "", fmt.Errorf("the %q section of doc.go does not begin with %q", heading, name+": summary")
	}
	return strings.TrimSpace(summary), nil
}

// Examples returns the code of the section's examples: each indented block
// that follows a paragraph starting with label (WRONG, RIGHT), without its
// indentation, in order.
func Examples(doc, label string) []string {
	var blocks []string
	lines := strings.Split(doc, "\n")
	for i := 0; i < len(lines); i++ {
		if !strings.HasPrefix(lines[i], label) {
			continue
		}
		// Skip the rest of the paragraph, then take the indented block.
		j := i + 1
		for j < len(lines) && lines[j] != "" && !strings.HasPrefix(lines[j], "\t") {
			j++
		}
		for j < len(lines) && lines[j] == "" {
			j++
		}
		var code []string
		for ; j < len(lines) && (strings.HasPrefix(lines[j], "\t") || lines[j] == ""); j++ {
			code = append(code, strings.TrimPrefix(lines[j], "\t"))
		}
		if block := strings.TrimRight(strings.Join(code, "\n"), "\n"); block != "" {
			blocks = append(blocks, block)
		}
		i = j - 1
	}
	return blocks
}
