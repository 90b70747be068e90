//go:build unix && !linux

package pgtest

import "syscall"

// procAttr runs a server process as owner (when set). Outside Linux there is
// no parent-death signal: a crashed test binary can leave the server running.
func procAttr(owner *credential) *syscall.SysProcAttr {
	if owner == nil {
		return nil
	}
	return &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: owner.uid, Gid: owner.gid}}
}
