package statusgate

import (
	"context"
	"errors"
	"net/http"
	"strings"
)

// A replication worker picks one object copy to work on: the picker
// selects it FOR UPDATE SKIP LOCKED and stamps its attempt, so no other
// worker picks it while this one works. The object's own state, read
// after the pick and keyed by it, is tested by one worker at a time.

type ObjectCopy struct{ Key string }

type StoredObject struct {
	Key       string
	IsDeleted bool
	Replicas  int
}

type ObjectCopies interface {
	GetAndLockUnreplicatedObject(ctx context.Context) (*ObjectCopy, error)
	GetUnreplicatedObject(ctx context.Context) (*ObjectCopy, error)
}

type StoredObjects interface {
	GetObjectState(ctx context.Context, key string) (*StoredObject, error)
	MarkReplicated(ctx context.Context, key string) error
}

type Replicator struct {
	copies  ObjectCopies
	objects StoredObjects
}

var errObjectDeleted = errors.New("object deleted")

func uploadReplica(key string) error {
	_, err := http.Post("https://replica.example/objects", "text/plain", strings.NewReader(key))
	return err
}

// Near miss: the picker's name says it locks the copy it returns.
func (r *Replicator) ReplicateOne(ctx context.Context) error {
	c, err := r.copies.GetAndLockUnreplicatedObject(ctx)
	if err != nil {
		return err
	}
	ob, err := r.objects.GetObjectState(ctx, c.Key)
	if err != nil {
		return err
	}
	if ob.IsDeleted {
		return errObjectDeleted
	}
	if err := uploadReplica(c.Key); err != nil {
		return err
	}
	return r.objects.MarkReplicated(ctx, c.Key)
}

// The same worker with a picker that takes no lock: two workers pick the
// same copy and both upload it.
func (r *Replicator) ReplicateOneUnlocked(ctx context.Context) error {
	c, err := r.copies.GetUnreplicatedObject(ctx)
	if err != nil {
		return err
	}
	ob, err := r.objects.GetObjectState(ctx, c.Key) // want `status-gate race: IsDeleted read here is tested, then uploadReplica`
	if err != nil {
		return err
	}
	if ob.IsDeleted {
		return errObjectDeleted
	}
	if err := uploadReplica(c.Key); err != nil {
		return err
	}
	return r.objects.MarkReplicated(ctx, c.Key)
}
