package passutil

import (
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
)

func TestIsDependencyCode(t *testing.T) {
	fset := token.NewFileSet()
	parse := func(name string) *ast.File {
		f, err := parser.ParseFile(fset, name, "package p\n", 0)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	cache := ModuleCache()
	if cache == "" {
		t.Fatal("no module cache: neither $GOMODCACHE nor `go env GOMODCACHE`")
	}
	std := parse(filepath.Join(build.Default.GOROOT, "src", "strings", "strings.go"))
	mine := parse("/home/me/svc/pay/pay.go")
	cached := parse(filepath.Join(cache, "example.com", "lib@v1.2.0", "lib.go"))
	vendored := parse("/home/me/svc/vendor/example.com/lib/lib.go")
	beside := parse(cache + "x/example.com/lib/lib.go")
	for _, tc := range []struct {
		name   string
		file   *ast.File
		module *analysis.Module
		want   bool
	}{
		{"standard library", std, nil, true},
		{"main module", mine, &analysis.Module{Path: "example.com/svc"}, false},
		{"no module information (GOPATH, analysistest, golangci-lint)", mine, nil, false},
		{"no module information, in the module cache (golangci-lint)", cached, nil, true},
		{"no module information, vendored (golangci-lint)", vendored, nil, true},
		{"no module information, beside the module cache", beside, nil, false},
		{"module required at a version", cached, &analysis.Module{Path: "example.com/lib", Version: "v1.2.0"}, true},
		{"required module replaced by a local directory", mine,
			&analysis.Module{Path: "example.com/lib", Version: "v1.2.0", Replace: &analysis.Module{Path: "../lib"}}, false},
		// go vet gives the required version and no replacement.
		{"required module replaced by a local directory, as go vet says", mine,
			&analysis.Module{Path: "example.com/lib", Version: "v1.2.0"}, false},
		{"main module opened in the module cache", cached, &analysis.Module{Path: "example.com/lib"}, false},
		{"required module replaced by another version", cached,
			&analysis.Module{Path: "example.com/lib", Version: "v1.2.0", Replace: &analysis.Module{Path: "example.com/fork", Version: "v1.3.0"}}, true},
	} {
		pass := &analysis.Pass{Fset: fset, Files: []*ast.File{tc.file}, Module: tc.module}
		if got := IsDependencyCode(pass); got != tc.want {
			t.Errorf("%s: IsDependencyCode = %v, want %v", tc.name, got, tc.want)
		}
	}
}
