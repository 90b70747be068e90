package ifacededup

import (
	"context"
	"database/sql"
	"sync"
)

// Shipper's one implementation in the module inserts a row per call.
type Shipper interface {
	Process(ctx context.Context, orderID string) error
}

type dbShipper struct{ db *sql.DB }

func (s *dbShipper) Process(ctx context.Context, orderID string) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO shipments (order_id) VALUES ($1)`, orderID)
	return err
}

// Syncer's one implementation upserts: running it twice is harmless.
type Syncer interface {
	Index(ctx context.Context, orderID string) error
}

type dbSyncer struct{ db *sql.DB }

func (s *dbSyncer) Index(ctx context.Context, orderID string) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO order_index (order_id) VALUES ($1) ON CONFLICT (order_id) DO NOTHING`, orderID)
	return err
}

type Worker struct {
	mu      sync.Mutex
	done    map[string]bool
	shipper Shipper
	syncer  Syncer
}

func (w *Worker) Ship(ctx context.Context, orderID string) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.done[orderID] { // want `volatile dedup memory: the map w.done .* the call Shipper.Process at line 46 runs again`
		return nil
	}
	if err := w.shipper.Process(ctx, orderID); err != nil {
		return err
	}
	w.done[orderID] = true
	return nil
}

// Near miss: the same memory in front of the upserting implementation.
func (w *Worker) Sync(ctx context.Context, orderID string) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.done[orderID] {
		return nil
	}
	if err := w.syncer.Index(ctx, orderID); err != nil {
		return err
	}
	w.done[orderID] = true
	return nil
}
