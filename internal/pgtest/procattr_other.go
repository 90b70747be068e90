//go:build !unix

package pgtest

import "syscall"

// procAttr: running the server as another user is not supported here.
func procAttr(owner *credential) *syscall.SysProcAttr { return nil }
