// Package forward carries a vet tool's invocations from the small program
// go vet runs (./shim) to a process that already holds the checks: the
// golangci-lint plugin's. go vet starts its vet tool once per package, and
// building a tool with the checks in it costs, on an empty build cache,
// about a tenth of go vet's own run; the shim needs only the standard
// packages go vet compiles for the user's code anyway. It imports nothing
// but the standard library, so that it stays that cheap.
package forward

import (
	"encoding/json"
	"fmt"
	"net"
)

// SocketEnv names, in the shim's environment, the Unix socket of the
// process that serves its invocations.
const SocketEnv = "IDEMVET_FORWARD_SOCKET"

// Request is one invocation of the vet tool: its arguments, the
// directory go vet ran it in, and the process that ran it (go vet's go
// command), whose size the server may measure itself by.
type Request struct {
	Args   []string
	Dir    string
	Parent int
}

// Response is what the invocation printed and its exit status.
type Response struct {
	Stdout, Stderr []byte
	Exit           int
}

// Call sends req to the process listening on socket and returns its
// answer.
func Call(socket string, req Request) (Response, error) {
	conn, err := net.Dial("unix", socket)
	if err != nil {
		return Response{}, err
	}
	defer func() { _ = conn.Close() }()
	if err := json.NewEncoder(conn).Encode(req); err != nil {
		return Response{}, fmt.Errorf("sending to %s: %w", socket, err)
	}
	var resp Response
	if err := json.NewDecoder(conn).Decode(&resp); err != nil {
		return Response{}, fmt.Errorf("reading from %s: %w", socket, err)
	}
	return resp, nil
}

// Serve answers every request that arrives on l with handle, each on its
// own goroutine (go vet runs several units at once), until l is closed.
func Serve(l net.Listener, handle func(Request) Response) {
	for {
		conn, err := l.Accept()
		if err != nil {
			return // closed
		}
		go func() {
			defer func() { _ = conn.Close() }()
			var req Request
			if json.NewDecoder(conn).Decode(&req) != nil {
				return // the shim died; go vet reports its exit
			}
			_ = json.NewEncoder(conn).Encode(handle(req))
		}()
	}
}
