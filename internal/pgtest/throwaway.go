package pgtest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// Throwaway is a PostgreSQL server in a temporary directory, for tests only:
// trust authentication on 127.0.0.1 and fsync off.
type Throwaway struct {
	DSN    string // maintenance database, user postgres
	dir    string
	cmd    *exec.Cmd
	exited chan error
}

// StartThrowaway runs initdb into a new temporary directory and starts the
// postmaster on a free port. PostgreSQL refuses to run as root, so as root
// both run as the postgres user, who is given the directory.
//
// The postmaster is a direct child (not daemonised by pg_ctl) so that on
// Linux it receives SIGQUIT if the test binary dies before Stop: a panicking
// test must not leave a server behind.
func StartThrowaway() (*Throwaway, error) {
	bin, err := findBinDir()
	if err != nil {
		return nil, err
	}
	owner, err := serverOwner()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "pgtest-")
	if err != nil {
		return nil, err
	}
	if owner != nil {
		if err := os.Chown(dir, int(owner.uid), int(owner.gid)); err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
	}
	data := filepath.Join(dir, "data")
	initdb := exec.Command(filepath.Join(bin, "initdb"), "-D", data, "-U", "postgres",
		"-A", "trust", "-E", "UTF8", "--no-sync")
	initdb.SysProcAttr = procAttr(owner)
	if out, err := initdb.CombinedOutput(); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("initdb: %v: %s", err, lastLines(out, 5))
	}
	// A free port can be taken between probing and binding: try a few.
	var lastErr error
	for range 3 {
		srv, err := startPostmaster(bin, dir, data, owner)
		if err == nil {
			return srv, nil
		}
		lastErr = err
	}
	os.RemoveAll(dir)
	return nil, lastErr
}

func startPostmaster(bin, dir, data string, owner *credential) (*Throwaway, error) {
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	logPath := filepath.Join(dir, "postgres.log")
	logFile, err := os.Create(logPath)
	if err != nil {
		return nil, err
	}
	defer logFile.Close()
	if owner != nil {
		_ = os.Chown(logPath, int(owner.uid), int(owner.gid))
	}
	cmd := exec.Command(filepath.Join(bin, "postgres"), "-D", data,
		"-p", strconv.Itoa(port), "-k", dir,
		"-c", "listen_addresses=127.0.0.1",
		"-c", "fsync=off",
		"-c", "max_connections=200")
	cmd.Stdout, cmd.Stderr = logFile, logFile
	cmd.SysProcAttr = procAttr(owner)
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	srv := &Throwaway{
		DSN:    fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", port),
		dir:    dir,
		cmd:    cmd,
		exited: make(chan error, 1),
	}
	go func() { srv.exited <- cmd.Wait() }()
	if err := srv.waitReady(30 * time.Second); err != nil {
		_ = cmd.Process.Kill()
		log, _ := os.ReadFile(logPath)
		return nil, fmt.Errorf("postgres did not start: %v: %s", err, lastLines(log, 5))
	}
	return srv, nil
}

func (s *Throwaway) waitReady(limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for {
		select {
		case err := <-s.exited:
			s.exited <- err
			return fmt.Errorf("postmaster exited: %v", err)
		default:
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		conn, err := pgx.Connect(ctx, s.DSN)
		if err == nil {
			err = conn.Ping(ctx)
			conn.Close(ctx)
		}
		cancel()
		if err == nil {
			return nil
		}
		if time.Now().After(deadline) {
			return err
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Stop shuts the server down (fast shutdown, then kill) and removes its
// directory.
func (s *Throwaway) Stop() error {
	_ = s.cmd.Process.Signal(os.Interrupt)
	select {
	case <-s.exited:
	case <-time.After(15 * time.Second):
		_ = s.cmd.Process.Kill()
		<-s.exited
	}
	return os.RemoveAll(s.dir)
}

// Dir is the server's temporary directory (data, socket and log).
func (s *Throwaway) Dir() string { return s.dir }

type credential struct{ uid, gid uint32 }

// serverOwner is nil when the current user can run PostgreSQL itself.
func serverOwner() (*credential, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	u, err := user.Lookup("postgres")
	if err != nil {
		return nil, fmt.Errorf("running as root, and PostgreSQL refuses root: no postgres user to run it as: %w", err)
	}
	uid, err1 := strconv.ParseUint(u.Uid, 10, 32)
	gid, err2 := strconv.ParseUint(u.Gid, 10, 32)
	if err := errors.Join(err1, err2); err != nil {
		return nil, err
	}
	return &credential{uid: uint32(uid), gid: uint32(gid)}, nil
}

// findBinDir picks the newest /usr/lib/postgresql/<version>/bin, falling back
// to the directory of initdb on $PATH.
func findBinDir() (string, error) {
	matches, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	sort.Slice(matches, func(i, j int) bool { return versionOf(matches[i]) > versionOf(matches[j]) })
	for _, m := range matches {
		if _, err := os.Stat(filepath.Join(filepath.Dir(m), "postgres")); err == nil {
			return filepath.Dir(m), nil
		}
	}
	if p, err := exec.LookPath("initdb"); err == nil {
		return filepath.Dir(p), nil
	}
	return "", errors.New("no PostgreSQL binaries (initdb) in /usr/lib/postgresql/*/bin or $PATH")
}

func versionOf(initdbPath string) float64 {
	v, _ := strconv.ParseFloat(filepath.Base(filepath.Dir(filepath.Dir(initdbPath))), 64)
	return v
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

func lastLines(b []byte, n int) string {
	lines := strings.Split(strings.TrimSpace(string(bytes.ToValidUTF8(b, nil))), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, " | ")
}
