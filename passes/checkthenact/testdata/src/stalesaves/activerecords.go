package stalesaves

import (
	"context"
	"errors"

	"gorm.io/gorm"
)

// An active record saves itself: Host.Upsert is a gorm Save of its
// receiver, reached through a package helper as services write it.

type Host struct {
	ID            string
	Name          string
	Version       string
	FirewallInUse string
}

var hostsDB *gorm.DB

func (h *Host) Get(ctx context.Context) error {
	return hostsDB.WithContext(ctx).Where("id = ?", h.ID).First(h).Error
}

func (h *Host) Upsert(ctx context.Context) error {
	return hostsDB.WithContext(ctx).Save(h).Error
}

// SaveName writes the one column it names.
func (h *Host) SaveName(ctx context.Context) error {
	return hostsDB.WithContext(ctx).Model(h).Select("name").Updates(h).Error
}

func UpsertHost(h *Host) error { return h.Upsert(context.TODO()) }

// CheckIn writes the version the agent reports by naming its column.
func CheckIn(ctx context.Context, id, version string) error {
	return hostsDB.WithContext(ctx).Model(&Host{}).Where("id = ?", id).Update("version", version).Error
}

// The rename saves the host read before it whole, through the helper: a
// version checked in between is set back.
func RenameHost(ctx context.Context, id, name string) error {
	h := &Host{ID: id}
	if err := h.Get(ctx); err != nil { // want `lost update: the host row read here is saved whole at line \d+ with every column as read, version among them, which CheckIn \(activerecords.go:\d+\) also write`
		return err
	}
	h.Name = name
	return UpsertHost(h)
}

var errHostNameTaken = errors.New("host name taken")

// The rename refuses a name another host holds; the host itself passes
// that lookup when it keeps its name, so the save is an edit of a found
// row, not a create: reported.
func RenameHostUnique(ctx context.Context, id, name string) error {
	other := &Host{}
	if err := hostsDB.WithContext(ctx).Where("name = ?", name).First(other).Error; err == nil && other.ID != id {
		return errHostNameTaken
	}
	h := &Host{ID: id}
	if err := h.Get(ctx); err != nil { // want `lost update: the host row read here is saved whole at line \d+ with every column as read, version among them`
		return err
	}
	h.Name = name
	return UpsertHost(h)
}

// Near miss: the record's own method saves only the column it changes.
func RenameHostByColumn(ctx context.Context, id, name string) error {
	h := &Host{ID: id}
	if err := h.Get(ctx); err != nil {
		return err
	}
	h.Name = name
	return h.SaveName(ctx)
}

// Agents: the token is set only when the agent is created, after a lookup
// found none; a whole save elsewhere cannot revert a row that did not
// exist when it read.

type Agent struct {
	ID    string
	Name  string
	Token string
}

var ErrAgentExists = errors.New("agent exists")

func (a *Agent) Get(ctx context.Context) error {
	return hostsDB.WithContext(ctx).Where("id = ?", a.ID).First(a).Error
}

func (a *Agent) Upsert(ctx context.Context) error {
	return hostsDB.WithContext(ctx).Save(a).Error
}

func CreateAgent(ctx context.Context, a *Agent, token string) error {
	existing := &Agent{ID: a.ID}
	if err := existing.Get(ctx); err == nil {
		return ErrAgentExists
	}
	a.Token = token
	return a.Upsert(ctx)
}

// Near miss: no code writes an agent's token but its creation.
func RenameAgent(ctx context.Context, id, name string) error {
	a := &Agent{ID: id}
	if err := a.Get(ctx); err != nil {
		return err
	}
	a.Name = name
	return a.Upsert(ctx)
}

// Probes: the caller's record takes the stored secret from a fresh read
// before it is saved; that copies the column, it changes nothing.

type Probe struct {
	ID     string
	Label  string
	Secret string
}

func (p *Probe) Get(ctx context.Context) error {
	return hostsDB.WithContext(ctx).Where("id = ?", p.ID).First(p).Error
}

func (p *Probe) Upsert(ctx context.Context) error {
	return hostsDB.WithContext(ctx).Save(p).Error
}

func ReplaceProbe(ctx context.Context, p *Probe) error {
	current := &Probe{ID: p.ID}
	if err := current.Get(ctx); err != nil {
		return err
	}
	p.Secret = current.Secret
	return p.Upsert(ctx)
}

// Near miss: the only other write of the secret is ReplaceProbe's copy.
func RelabelProbe(ctx context.Context, id, label string) error {
	p := &Probe{ID: id}
	if err := p.Get(ctx); err != nil {
		return err
	}
	p.Label = label
	return p.Upsert(ctx)
}
