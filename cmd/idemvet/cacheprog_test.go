package main

// A GOCACHEPROG for TestVetSharedCache: the go command's build cache kept
// in a directory, as a team would keep it in a store every machine reaches,
// with entries unused for a day trimmed.
// The test binary is the program: TestMain serves the protocol (JSON over
// stdin and stdout, cmd/go/internal/cacheprog) when cacheProgDirEnv is set.

import (
	"bufio"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

const (
	cacheProgDirEnv = "IDEMVET_TEST_CACHEPROG_DIR" // where entries are kept
	cacheProgLogEnv = "IDEMVET_TEST_CACHEPROG_LOG" // one line per request: put, hit or miss
)

// cacheProgRequest and cacheProgResponse are the protocol's messages, with
// only the fields a directory-backed cache reads or answers.
type cacheProgRequest struct {
	ID       int64
	Command  string
	ActionID []byte
	OutputID []byte
	BodySize int64
}

type cacheProgResponse struct {
	ID            int64
	Err           string   `json:",omitempty"`
	KnownCommands []string `json:",omitempty"`
	Miss          bool     `json:",omitempty"`
	OutputID      []byte   `json:",omitempty"`
	Size          int64    `json:",omitempty"`
	DiskPath      string   `json:",omitempty"`
}

// cacheProgEntry is what an action ID maps to: the output it names.
type cacheProgEntry struct {
	OutputID []byte
	Size     int64
}

// serveCacheProg answers the go command until it closes the cache.
func serveCacheProg(dir, logPath string) error {
	logFile, err := os.OpenFile(logPath, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer logFile.Close()
	in := json.NewDecoder(bufio.NewReader(os.Stdin))
	out := json.NewEncoder(os.Stdout)
	if err := out.Encode(cacheProgResponse{KnownCommands: []string{"get", "put", "close"}}); err != nil {
		return err
	}
	for {
		var req cacheProgRequest
		if err := in.Decode(&req); err == io.EOF {
			return nil
		} else if err != nil {
			return err
		}
		res := cacheProgResponse{ID: req.ID}
		var event string
		switch req.Command {
		case "put":
			// The body follows as a base64 JSON string, which []byte decodes.
			var body []byte
			if req.BodySize > 0 {
				if err := in.Decode(&body); err != nil {
					return err
				}
			}
			event = "put"
			res.DiskPath, err = cacheProgPut(dir, req, body)
		case "get":
			event = "hit"
			res, err = cacheProgGet(dir, req)
			if res.Miss {
				event = "miss"
			}
		case "close":
			return out.Encode(res)
		default:
			err = fmt.Errorf("unknown command %q", req.Command)
		}
		if err != nil {
			res.Err = err.Error()
		}
		fmt.Fprintln(logFile, event)
		if err := out.Encode(res); err != nil {
			return err
		}
	}
}

// cacheProgPut stores the body under its output ID and the output ID under
// the action ID, and returns the body's file.
func cacheProgPut(dir string, req cacheProgRequest, body []byte) (string, error) {
	path := filepath.Join(dir, "o-"+hex.EncodeToString(req.OutputID))
	if err := writeAtomically(path, body); err != nil {
		return "", err
	}
	entry, err := json.Marshal(cacheProgEntry{OutputID: req.OutputID, Size: int64(len(body))})
	if err != nil {
		return "", err
	}
	return path, writeAtomically(filepath.Join(dir, "a-"+hex.EncodeToString(req.ActionID)), entry)
}

// writeAtomically writes the file through a rename, so that another test
// process sharing the directory never reads half of it.
func writeAtomically(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "tmp-")
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if closeErr := f.Close(); err == nil {
		err = closeErr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}

// cacheProgGet answers a get: the output stored under the action ID, or a
// miss.
func cacheProgGet(dir string, req cacheProgRequest) (cacheProgResponse, error) {
	res := cacheProgResponse{ID: req.ID}
	actionPath := filepath.Join(dir, "a-"+hex.EncodeToString(req.ActionID))
	data, err := os.ReadFile(actionPath)
	if errors.Is(err, fs.ErrNotExist) {
		res.Miss = true
		return res, nil
	} else if err != nil {
		return res, err
	}
	var entry cacheProgEntry
	if err := json.Unmarshal(data, &entry); err != nil {
		return res, err
	}
	res.OutputID, res.Size = entry.OutputID, entry.Size
	res.DiskPath = filepath.Join(dir, "o-"+hex.EncodeToString(entry.OutputID))
	// Used entries stay; trimCacheProg drops the others.
	now := time.Now()
	for _, path := range []string{actionPath, res.DiskPath} {
		if err := os.Chtimes(path, now, now); err != nil {
			return res, err
		}
	}
	return res, nil
}

// trimCacheProg removes the entries no run has used for the given age, as
// the go command trims its own cache, so that the directory, which
// outlives the test, does not grow without end.
func trimCacheProg(dir string, age time.Duration) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		info, err := e.Info()
		if err != nil {
			continue // removed by another run meanwhile
		}
		if time.Since(info.ModTime()) > age {
			if err := os.Remove(filepath.Join(dir, e.Name())); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return err
			}
		}
	}
	return nil
}
