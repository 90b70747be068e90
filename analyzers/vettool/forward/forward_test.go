package forward

import (
	"bytes"
	"fmt"
	"net"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

func TestCallServe(t *testing.T) {
	socket := filepath.Join(t.TempDir(), "s")
	l, err := net.Listen("unix", socket)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = l.Close() }()
	go Serve(l, func(req Request) Response {
		return Response{
			Stdout: []byte(strings.Join(req.Args, " ")),
			Stderr: []byte(req.Dir),
			Exit:   len(req.Args),
		}
	})
	// go vet runs several units at once: each caller gets its own answer.
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			args := []string{"-json", fmt.Sprintf("unit%d.cfg", i)}
			resp, err := Call(socket, Request{Args: args, Dir: "/d"})
			if err != nil {
				t.Error(err)
				return
			}
			if !bytes.Equal(resp.Stdout, []byte(strings.Join(args, " "))) || string(resp.Stderr) != "/d" || resp.Exit != 2 {
				t.Errorf("call %d: got %+v", i, resp)
			}
		}()
	}
	wg.Wait()
}

// A shim started with no process listening fails with the socket's error.
func TestCallNoServer(t *testing.T) {
	if _, err := Call(filepath.Join(t.TempDir(), "none"), Request{}); err == nil {
		t.Error("call to a socket nobody listens on: no error")
	}
}
