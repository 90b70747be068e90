package statusgate

import (
	"context"
	"errors"
	"net/http"
	"strings"
)

// A restart makes a new build out of an old one: the build read is the
// template of the row inserted, and its own row moves no state. Two
// restarts make two builds, as two requests asked.

type CIBuild struct {
	ID     int64
	Number int
	Parent int
	Status string
}

type PublishConfig struct {
	Build  *CIBuild
	Source string
}

var errPendingApproval = errors.New("build is pending approval")

func getCIBuild(ctx context.Context, id int64) (*CIBuild, error) {
	var b CIBuild
	err := gdb.WithContext(ctx).Where("id = ?", id).First(&b).Error
	return &b, err
}

// publishBuild inserts the build it is configured with as a new row.
func publishBuild(ctx context.Context, cfg PublishConfig) error {
	cfg.Build.ID = 0
	return gdb.WithContext(ctx).Create(cfg.Build).Error
}

func enqueueBuild(b *CIBuild) {
	http.Post("https://queue.example/builds", "text/plain", strings.NewReader(b.Status))
}

// Near miss: the test refuses one state, and the write is a new build
// made from the one read.
func RestartBuild(ctx context.Context, id int64) error {
	b, err := getCIBuild(ctx, id)
	if err != nil {
		return err
	}
	if b.Status == "pending_approval" {
		return errPendingApproval
	}
	b.Parent = b.Number
	if err := publishBuild(ctx, PublishConfig{Build: b, Source: "restart"}); err != nil {
		return err
	}
	enqueueBuild(b)
	return nil
}

// BuildEvent keeps a build's state as rows of its own.
type BuildEvent struct {
	ID      int64
	BuildID int64
	Status  string
}

func latestBuildEvent(ctx context.Context, buildID int64) (*BuildEvent, error) {
	var ev BuildEvent
	err := gdb.WithContext(ctx).Where("build_id = ?", buildID).First(&ev).Error
	return &ev, err
}

// The state is the latest event, and the write a new event for the
// build: both callers read "queued", both enqueue, both add "started".
func StartBuild(ctx context.Context, buildID int64) error {
	ev, err := latestBuildEvent(ctx, buildID) // want `status-gate race: Status read here is tested, then enqueueBuild`
	if err != nil {
		return err
	}
	if ev.Status != "queued" {
		return errPendingApproval
	}
	enqueueBuild(&CIBuild{ID: ev.BuildID})
	return gdb.WithContext(ctx).Create(&BuildEvent{BuildID: ev.BuildID, Status: "started"}).Error
}
