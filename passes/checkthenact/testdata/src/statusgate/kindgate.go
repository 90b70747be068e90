package statusgate

import (
	"context"
	"errors"
	"strings"
)

// A record's Category says what it is, set when it is made: a test of it
// routes the request, and no write moves the record past it.

type StorageProvider struct {
	Name     string
	Category string
	Uploads  int64
	Status   string
}

type StorageProviders interface {
	GetStorageProvider(ctx context.Context, name string) (*StorageProvider, error)
	UpdateStorageProvider(ctx context.Context, p *StorageProvider) error
}

type OwnerNotifier interface {
	NotifyOwner(ctx context.Context, provider, object string) error
}

// Near miss: the test is of what the provider is; the upload and the
// save of the provider record run for every request by design.
func uploadTo(ctx context.Context, ps StorageProviders, up OwnerNotifier, name, object string) error {
	p, err := ps.GetStorageProvider(ctx, name)
	if err != nil {
		return err
	}
	if p.Category != "Storage" {
		return errors.New("not a storage provider")
	}
	if err := up.NotifyOwner(ctx, p.Name, object); err != nil {
		return err
	}
	return saveProvider(ctx, ps, p)
}

// saveProvider tidies the record's fields, the category among them, and
// writes it back whole.
func saveProvider(ctx context.Context, ps StorageProviders, p *StorageProvider) error {
	p.Category = strings.TrimSpace(p.Category)
	return ps.UpdateStorageProvider(ctx, p)
}

// The same shape on the provider's Status is a gate: two activations
// both see it pending and both upload the probe object.
func activate(ctx context.Context, ps StorageProviders, up OwnerNotifier, name string) error {
	p, err := ps.GetStorageProvider(ctx, name) // want `status-gate race: Status read here is tested, then NotifyOwner`
	if err != nil {
		return err
	}
	if p.Status != "pending" {
		return nil
	}
	if err := up.NotifyOwner(ctx, p.Name, "probe"); err != nil {
		return err
	}
	p.Status = "active"
	return ps.UpdateStorageProvider(ctx, p)
}
