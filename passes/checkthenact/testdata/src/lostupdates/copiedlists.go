package lostupdates

import (
	"context"

	"gorm.io/gorm"
)

// The caller's record is brought up to date from a fresh read, then
// grown and saved: two joins of one host both read [a], one writes
// [a b], the other [a c], and b's node is orphaned.

type Host struct {
	ID    string
	Nodes []string `gorm:"serializer:json"`
	Name  string
}

var hostDB *gorm.DB

func (h *Host) Get(ctx context.Context) error {
	return hostDB.Model(&Host{}).Where("id = ?", h.ID).First(h).Error
}

func (h *Host) Upsert(ctx context.Context) error {
	return hostDB.Save(h).Error
}

func upsertHost(h *Host) error { return h.Upsert(context.TODO()) }

func associateNode(h *Host, node string) error {
	current := &Host{ID: h.ID}
	if err := current.Get(context.TODO()); err != nil { // want `lost update: Nodes read here is written back at line \d+ as a value computed from it`
		return err
	}
	h.Nodes = current.Nodes
	h.Nodes = append(h.Nodes, node)
	return upsertHost(h)
}

// Near miss: the list copied from the read is replaced before the append
// reads the field again; what is grown is the request's list.
func replaceNodes(h *Host, nodes []string, node string) error {
	current := &Host{ID: h.ID}
	if err := current.Get(context.TODO()); err != nil {
		return err
	}
	h.Nodes = current.Nodes
	h.Name = current.Name
	h.Nodes = nodes
	h.Nodes = append(h.Nodes, node)
	return upsertHost(h)
}
