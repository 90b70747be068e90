// Command benchvet measures what idemvet costs on top of plain go vet: it
// runs `go vet ./...` and `go vet -vettool=<idemvet> ./...` over one large
// real module, alternating and repeated in the same run, and prints the
// medians of wall time, peak memory and CPU time with their ratios as a
// Markdown table.
//
// Usage, from the repository root:
//
//	go run ./internal/benchvet [-module dir] [-rounds 3]
//
// Without -module it fetches go.temporal.io/server (see defaultModule)
// through the module proxy and measures it in place in the module cache.
package main

import (
	"flag"
	"fmt"
	"log"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
)

func main() {
	moduleDir := flag.String("module", "", "directory of the module to vet (default: fetch "+defaultModule+")")
	rounds := flag.Int("rounds", 3, "measured runs of each command")
	pattern := flag.String("pattern", "./...", "package pattern to vet")
	flag.Parse()
	log.SetFlags(0)
	log.SetPrefix("benchvet: ")

	dir := *moduleDir
	if dir == "" {
		var err error
		if dir, err = fetchModule(defaultModule); err != nil {
			log.Fatal(err)
		}
	}
	tmp, err := os.MkdirTemp("", "benchvet-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(tmp)
	idemvet := filepath.Join(tmp, "idemvet")
	if err := run("", "go", "build", "-o", idemvet, "github.com/idemvet/idemvet/cmd/idemvet"); err != nil {
		log.Fatalf("building idemvet: %v", err)
	}

	packages, err := countPackages(dir, *pattern)
	if err != nil {
		log.Fatal(err)
	}
	log.Printf("module %s: %d packages", dir, packages)

	// A random start keeps this run's vet flags apart from earlier runs'.
	b := &bench{dir: dir, pattern: *pattern, nonce: uint16(rand.Uint32())}
	vet := &command{name: "go vet"}
	withIdemvet := &command{name: "go vet -vettool=idemvet", vettool: idemvet}
	if err := b.warm(vet, withIdemvet); err != nil {
		log.Fatal(err)
	}
	// Alternate the order in each round so that drift in the machine's
	// load (other jobs, thermal state) falls on both commands alike.
	for r := 0; r < *rounds; r++ {
		order := []*command{vet, withIdemvet}
		if r%2 == 1 {
			order[0], order[1] = order[1], order[0]
		}
		for _, c := range order {
			if err := b.measure(c); err != nil {
				log.Fatal(err)
			}
		}
	}
	fmt.Print(table(dir, packages, *rounds, runtime.NumCPU(), vet, withIdemvet))
}
