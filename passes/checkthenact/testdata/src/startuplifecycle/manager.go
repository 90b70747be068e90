// Package startuplifecycle exercises a component's lifecycle start: a
// method named Start that launches its background work runs once, so its
// statements before its first go statement cannot race with themselves.
package startuplifecycle

import "time"

type CgroupManager interface {
	Exists(name string) bool
	Create(name string) error
}

type QOSManager struct {
	cgroups CgroupManager
	stop    chan struct{}
}

func (m *QOSManager) Start(names []string) error {
	for _, name := range names {
		if !m.cgroups.Exists(name) {
			if err := m.cgroups.Create(name); err != nil {
				return err
			}
		}
	}
	if err := m.setupNode("node"); err != nil {
		return err
	}
	go m.loop()
	return nil
}

// setupNode is called only from Start, before it launches the loop.
func (m *QOSManager) setupNode(name string) error {
	if m.cgroups.Exists(name) {
		return nil
	}
	return m.cgroups.Create(name)
}

func (m *QOSManager) loop() {
	for {
		select {
		case <-m.stop:
			return
		case <-time.After(time.Minute):
		}
	}
}

// Session's Start launches nothing: a per-request operation, which two
// requests can run at once.
type Session struct{ cgroups CgroupManager }

func (s *Session) Start(name string) error {
	if !s.cgroups.Exists(name) { // want `check-then-act race: the existence check Exists`
		return s.cgroups.Create(name)
	}
	return nil
}

// Statements after Start launches its goroutine run alongside it.
type Reconciler struct {
	cgroups CgroupManager
	names   chan string
}

func (r *Reconciler) Start() {
	go r.watch()
	for name := range r.names {
		if !r.cgroups.Exists(name) { // want `check-then-act race: the existence check Exists`
			_ = r.cgroups.Create(name)
		}
	}
}

func (r *Reconciler) watch() {}

// StartJob is not a lifecycle start, whatever it launches.
func (r *Reconciler) StartJob(name string) error {
	if !r.cgroups.Exists(name) { // want `check-then-act race: the existence check Exists`
		if err := r.cgroups.Create(name); err != nil {
			return err
		}
	}
	go r.watch()
	return nil
}
