// Package putrecords is a service whose storage is one interface of
// Get*/Put*/Update* methods (gotosocial's db.DB): a Put of a record built
// here, with an id made for it, inserts a new row.
package putrecords

import (
	"context"
	"errors"

	"putrecords/id"
)

var ErrNoEntries = errors.New("no entries")

type FollowRequest struct {
	ID              string
	AccountID       string
	TargetAccountID string
}

type DB interface {
	GetFollowRequest(ctx context.Context, accountID, targetID string) (*FollowRequest, error)
	PutFollowRequest(ctx context.Context, fr *FollowRequest) error
	UpdateFollowRequest(ctx context.Context, fr *FollowRequest) error
}

// Message hands the record to the workers that federate it.
type Message struct {
	Model any
}

type Queue interface {
	Push(m *Message)
}

type Processor struct {
	DB    DB
	Queue Queue
}

// Two follow requests for one pair both find none and both Put a new
// one: its id is fresh, so the Put is an insert, whatever else the record
// is handed to afterwards.
func (p *Processor) FollowCreate(ctx context.Context, accountID, targetID string) error {
	if fr, err := p.DB.GetFollowRequest(ctx, accountID, targetID); err != nil && !errors.Is(err, ErrNoEntries) { // want `check-then-act race: the existence check GetFollowRequest and the insert at line \d+`
		return err
	} else if fr != nil {
		return nil
	}
	fr := &FollowRequest{ID: id.NewULID(), AccountID: accountID, TargetAccountID: targetID}
	if err := p.DB.PutFollowRequest(ctx, fr); err != nil {
		return err
	}
	p.Queue.Push(&Message{Model: fr})
	return nil
}

// Near miss: the record put back carries the id of the row found before:
// a write of that row, not a second one.
func (p *Processor) FollowRefresh(ctx context.Context, accountID, targetID, knownID string) error {
	if fr, err := p.DB.GetFollowRequest(ctx, accountID, targetID); err != nil && !errors.Is(err, ErrNoEntries) {
		return err
	} else if fr != nil {
		return nil
	}
	fr := &FollowRequest{ID: knownID, AccountID: accountID, TargetAccountID: targetID}
	return p.DB.PutFollowRequest(ctx, fr)
}

type DomainBlock struct {
	ID     string
	Domain string
}

type Blocks interface {
	GetDomainBlock(ctx context.Context, domain string) (*DomainBlock, error)
	PutDomainBlock(ctx context.Context, b *DomainBlock) error
	UpdateDomainBlock(ctx context.Context, b *DomainBlock) error
}

// The variable that held the lookup's answer is given the new record,
// put, and used after the if whichever it holds: two blocks of one
// domain both find none and both put one.
func BlockDomain(ctx context.Context, db Blocks, domain string) (string, error) {
	block, err := db.GetDomainBlock(ctx, domain) // want `check-then-act race: the existence check GetDomainBlock and the insert at line \d+`
	if err != nil && !errors.Is(err, ErrNoEntries) {
		return "", err
	}
	if block == nil {
		block = &DomainBlock{ID: id.NewULID(), Domain: domain}
		if err := db.PutDomainBlock(ctx, block); err != nil {
			return "", err
		}
	}
	return block.ID, nil
}

// Near miss: the put runs after the if, on whichever record the variable
// holds: a write of the found row or of a new one, which the name cannot
// tell apart (an upsert by id, for all the analysis knows).
func SaveDomainBlock(ctx context.Context, db Blocks, domain string) (string, error) {
	block, err := db.GetDomainBlock(ctx, domain)
	if err != nil && !errors.Is(err, ErrNoEntries) {
		return "", err
	}
	if block == nil {
		block = &DomainBlock{ID: id.NewULID(), Domain: domain}
	}
	if err := db.PutDomainBlock(ctx, block); err != nil {
		return "", err
	}
	return block.ID, nil
}
