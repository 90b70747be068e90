package lostupdates

import (
	"context"

	"github.com/uptrace/bun"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// A record's own method that adds to what it holds (poll.IncrementVotes,
// wallet.AddCredit) computes the new quantity inside the record; the save
// after it writes back a value computed from the one read.

type Poll struct {
	ID     string
	Votes  []int
	Voters int
	Closed bool
}

// IncrementVotes counts one more voter and their choices.
func (p *Poll) IncrementVotes(choices []int) {
	for _, c := range choices {
		p.Votes[c]++
	}
	p.Voters++
}

// Close marks the poll closed: an absolute state, no quantity.
func (p *Poll) Close() { p.Closed = true }

type PollVote struct {
	PollID  string
	Choices []int
}

func PutPollVote(ctx context.Context, db *bun.DB, vote *PollVote) error {
	return db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(vote).Exec(ctx); err != nil {
			return err
		}
		var poll Poll
		if err := tx.NewSelect().Model(&poll).Column("votes", "voters").Where("id = ?", vote.PollID).Scan(ctx); err != nil { // want `lost update: what IncrementVotes changes read here is written back at line \d+ as a value computed from it`
			return err
		}
		poll.IncrementVotes(vote.Choices)
		_, err := tx.NewUpdate().Model(&poll).Column("votes", "voters").Where("id = ?", vote.PollID).Exec(ctx)
		return err
	})
}

// Near miss: the poll row is locked by the read, in the transaction that
// writes it back; a second vote waits for the first to commit.
func PutPollVoteLocked(ctx context.Context, db *bun.DB, vote *PollVote) error {
	return db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		var poll Poll
		if err := tx.NewSelect().Model(&poll).Column("votes", "voters").Where("id = ?", vote.PollID).For("UPDATE").Scan(ctx); err != nil {
			return err
		}
		poll.IncrementVotes(vote.Choices)
		_, err := tx.NewUpdate().Model(&poll).Column("votes", "voters").Where("id = ?", vote.PollID).Exec(ctx)
		return err
	})
}

// Near miss: Close sets a state; two closes write the same row.
func ClosePoll(ctx context.Context, db *bun.DB, id string) error {
	var poll Poll
	if err := db.NewSelect().Model(&poll).Where("id = ?", id).Scan(ctx); err != nil {
		return err
	}
	poll.Close()
	_, err := db.NewUpdate().Model(&poll).Column("closed").Where("id = ?", id).Exec(ctx)
	return err
}

type CreditJar struct {
	ID      int64
	Credits int64
}

func (w *CreditJar) AddCredit(n int64) { w.Credits += n }

// The gorm shape: the method adds, Save writes the record back whole.
func FillJar(db *gorm.DB, id, n int64) error {
	var w CreditJar
	if err := db.First(&w, id).Error; err != nil { // want `lost update: what AddCredit changes read here is written back at line \d+`
		return err
	}
	w.AddCredit(n)
	return db.Save(&w).Error
}

// Near miss: the row is read FOR UPDATE in the transaction that saves it.
func FillJarLocked(db *gorm.DB, id, n int64) error {
	return db.Transaction(func(tx *gorm.DB) error {
		var w CreditJar
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).First(&w, id).Error; err != nil {
			return err
		}
		w.AddCredit(n)
		return tx.Save(&w).Error
	})
}

type Board struct {
	ID      int64
	Columns int
}

type BoardColumn struct {
	ID      int64
	BoardID int64
}

// addColumn writes a row of its own: a step of the database, not a
// change of the board in memory.
func (b *Board) addColumn(db *gorm.DB) error {
	return db.Create(&BoardColumn{BoardID: b.ID}).Error
}

// Near miss: the method named for adding inserts a row; the board saved
// after it holds what was read.
func ExtendBoard(db *gorm.DB, id int64) error {
	var b Board
	if err := db.First(&b, id).Error; err != nil {
		return err
	}
	if err := b.addColumn(db); err != nil {
		return err
	}
	return db.Save(&b).Error
}

// Catalog is a service: its methods run on it, they do not load it.
type Catalog struct {
	db     *gorm.DB
	Routes int
}

func (c *Catalog) addBoardRoute() error {
	var b Board
	return c.db.First(&b, 1).Error
}

func (c *Catalog) addCountRoute() { c.Routes++ }

func (c *Catalog) addSaveRoute() error { return c.db.Save(&Board{ID: 1}).Error }

// Near miss: each step is a method of the service, mounted in a closure
// as a router's groups are; the first reads a board, not the service it
// runs on, and the service's own counter is no column of any row.
func (c *Catalog) Mount(group func(func())) {
	group(func() {
		_ = c.addBoardRoute()
		c.addCountRoute()
		_ = c.addSaveRoute()
	})
}
