package analyzers

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/idemvet/idemvet/internal/analysisdoc"
)

// TestDocPagesInStep keeps the pages in step with each check's doc.go,
// which is the one source of its text (Analyzer.Doc is a section of it):
// its first WRONG and RIGHT examples must appear verbatim, as Go code
// blocks, on the check's README page and in its section of the top
// README.
func TestDocPagesInStep(t *testing.T) {
	top := readPage(t, filepath.Join("..", "README.md"))
	for _, a := range All() {
		page := readPage(t, filepath.Join("..", "passes", a.Name, "README.md"))
		section := topSection(top, a.Name)
		if section == "" {
			t.Errorf("README.md has no ### %s section", a.Name)
		}
		for _, label := range []string{"WRONG", "RIGHT"} {
			examples := analysisdoc.Examples(a.Doc, label)
			if len(examples) == 0 {
				t.Errorf("%s: doc.go has no %s example", a.Name, label)
				continue
			}
			block := "```go\n" + examples[0] + "\n```"
			if !strings.Contains(page, block) {
				t.Errorf("passes/%s/README.md lacks doc.go's %s example:\n%s", a.Name, label, block)
			}
			if !strings.Contains(section, block) {
				t.Errorf("README.md's %s section lacks doc.go's %s example:\n%s", a.Name, label, block)
			}
		}
	}
}

func readPage(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// topSection returns the "### name" section of the top README.
func topSection(readme, name string) string {
	_, rest, ok := strings.Cut(readme, "\n### "+name+"\n")
	if !ok {
		return ""
	}
	if i := strings.Index(rest, "\n#"); i >= 0 {
		rest = rest[:i]
	}
	return rest
}
