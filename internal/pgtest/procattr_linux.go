package pgtest

import "syscall"

// procAttr runs a server process as owner (when set) and has the kernel send
// it SIGQUIT, PostgreSQL's immediate shutdown, if the test binary dies.
func procAttr(owner *credential) *syscall.SysProcAttr {
	attr := &syscall.SysProcAttr{Pdeathsig: syscall.SIGQUIT}
	if owner != nil {
		attr.Credential = &syscall.Credential{Uid: owner.uid, Gid: owner.gid}
	}
	return attr
}
