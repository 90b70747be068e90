// Command shim is the vet tool the golangci-lint plugin hands go vet: it
// forwards each invocation to the plugin's process, named by
// $IDEMVET_FORWARD_SOCKET, and prints what that process answers.
package main

import (
	"fmt"
	"os"

	"github.com/idemvet/idemvet/analyzers/vettool/forward"
)

func main() {
	socket := os.Getenv(forward.SocketEnv)
	if socket == "" {
		fmt.Fprintf(os.Stderr, "idemvet shim: $%s is not set: this program serves only the golangci-lint plugin's go vet\n", forward.SocketEnv)
		os.Exit(2)
	}
	dir, err := os.Getwd()
	if err != nil {
		fmt.Fprintln(os.Stderr, "idemvet shim:", err)
		os.Exit(2)
	}
	resp, err := forward.Call(socket, forward.Request{Args: os.Args[1:], Dir: dir, Parent: os.Getppid()})
	if err != nil {
		fmt.Fprintln(os.Stderr, "idemvet shim:", err)
		os.Exit(2)
	}
	_, _ = os.Stdout.Write(resp.Stdout)
	_, _ = os.Stderr.Write(resp.Stderr)
	os.Exit(resp.Exit)
}
