package lostupdates

import (
	"context"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// A list kept in one row and handed out by a helper, then rebuilt element
// by element into a new list and stored whole: two callers both read [a],
// one stores [a b], the other [a c], and b is gone (memos' user webhooks,
// upserted whole).

type Hook struct {
	ID  string
	URL string
}

type HookSetting struct {
	UserID int64
	Hooks  []Hook `gorm:"serializer:json"`
}

type SettingStore struct{ db *gorm.DB }

func (s *SettingStore) Hooks(ctx context.Context, userID int64) ([]Hook, error) {
	var st HookSetting
	if err := s.db.WithContext(ctx).Where("user_id = ?", userID).First(&st).Error; err != nil {
		return nil, err
	}
	return st.Hooks, nil
}

func (s *SettingStore) SaveHooks(ctx context.Context, userID int64, hooks []Hook) error {
	return s.db.WithContext(ctx).Clauses(clause.OnConflict{UpdateAll: true}).Create(&HookSetting{UserID: userID, Hooks: hooks}).Error
}

func (s *SettingStore) AddHook(ctx context.Context, userID int64, hook Hook) error {
	old, err := s.Hooks(ctx, userID) // want `lost update: the value of Hooks read here is written back`
	if err != nil {
		return err
	}
	var updated []Hook
	for _, h := range old {
		if h.ID != hook.ID {
			updated = append(updated, h)
		}
	}
	updated = append(updated, hook)
	return s.SaveHooks(ctx, userID, updated)
}

// Near miss: the list stored is the request's own, not rebuilt from the
// one read (which is only checked for a duplicate id).
func (s *SettingStore) ReplaceHooks(ctx context.Context, userID int64, hooks []Hook) error {
	old, err := s.Hooks(ctx, userID)
	if err != nil {
		return err
	}
	var fresh []Hook
	for _, h := range hooks {
		fresh = append(fresh, h)
	}
	if len(old) == 0 && len(fresh) == 0 {
		return nil
	}
	return s.SaveHooks(ctx, userID, fresh)
}

// The list a repository hands out, grown by append and stored whole: two
// taggers both read [reefer], one stores [reefer tail-lift], the other
// [reefer hazmat], and one tag is gone.
type VehicleTags interface {
	Tags(ctx context.Context, vehicleID int64) ([]string, error)
	SetTags(ctx context.Context, vehicleID int64, tags []string) error
	AddTags(ctx context.Context, vehicleID int64, tags ...string) error
}

func TagVehicle(ctx context.Context, repo VehicleTags, vehicleID int64, tag string) error {
	tags, err := repo.Tags(ctx, vehicleID) // want `lost update: the value of Tags read here is written back`
	if err != nil {
		return err
	}
	for _, t := range tags {
		if t == tag {
			return nil
		}
	}
	tags = append(tags, tag)
	return repo.SetTags(ctx, vehicleID, tags)
}

// Near miss: the store adds to the list itself ($addToSet, array_append):
// the read only filters out tags already there.
func TagVehicleInPlace(ctx context.Context, repo VehicleTags, vehicleID int64, tags ...string) error {
	have, err := repo.Tags(ctx, vehicleID)
	if err != nil {
		return err
	}
	var missing []string
	for _, t := range tags {
		known := false
		for _, h := range have {
			known = known || h == t
		}
		if !known {
			missing = append(missing, t)
		}
	}
	return repo.AddTags(ctx, vehicleID, missing...)
}

type Task struct{ Name string }

// steps builds a run's tasks from the definitions it reads.
func (s *SettingStore) steps(ctx context.Context, userID int64) ([]Task, error) {
	var st HookSetting
	if err := s.db.WithContext(ctx).Where("user_id = ?", userID).First(&st).Error; err != nil {
		return nil, err
	}
	var out []Task
	for _, h := range st.Hooks {
		out = append(out, Task{Name: h.URL})
	}
	return out, nil
}

func (s *SettingStore) cancelTasks(ctx context.Context, userID int64, tasks []Task) error {
	return s.db.WithContext(ctx).Clauses(clause.OnConflict{UpdateAll: true}).Create(&HookSetting{UserID: userID}).Error
}

// Near miss: the list a helper built, grown by a task of the run and
// handed to a write as its work, is no row written back.
func (s *SettingStore) Run(ctx context.Context, userID int64, onFailure *Task) error {
	tasks, err := s.steps(ctx, userID)
	if err != nil {
		return err
	}
	if onFailure != nil {
		tasks = append(tasks, *onFailure)
	}
	return s.cancelTasks(ctx, userID, tasks)
}
