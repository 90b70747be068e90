package billing

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"example.com/desk5/internal/domain"
	"example.com/desk5/internal/store/gormstore"
)

// AssignSeat gives a user one of the subscription's paid seats for the
// add-on products (workforce management, QA) that are licensed per user.
func (s *Service) AssignSeat(ctx context.Context, workspaceID, userID int64) error {
	var sub gormstore.Subscription
	if err := s.DB.WithContext(ctx).Where("workspace_id = ?", workspaceID).First(&sub).Error; err != nil {
		return gormstore.MapErr(err)
	}
	return gormstore.MapErr(s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var sa gormstore.SeatAssignment
		err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).
			Where("subscription_id = ? AND user_id = ?", sub.ID, userID).
			First(&sa).Error
		if err == nil {
			return nil
		}
		if !errors.Is(err, gorm.ErrRecordNotFound) {
			return err
		}
		return s.addSeat(ctx, tx, sub, userID)
	}))
}

func (s *Service) addSeat(ctx context.Context, tx *gorm.DB, sub gormstore.Subscription, userID int64) error {
	if err := tx.Create(&gormstore.SeatAssignment{SubscriptionID: sub.ID, UserID: userID, AssignedAt: time.Now()}).Error; err != nil {
		return err
	}
	if err := tx.Model(&gormstore.Subscription{}).Where("id = ?", sub.ID).
		Updates(map[string]any{"seats": gorm.Expr("seats + 1"), "version": gorm.Expr("version + 1")}).Error; err != nil {
		return err
	}
	var seats int64
	if err := tx.Model(&gormstore.SeatAssignment{}).Where("subscription_id = ?", sub.ID).Count(&seats).Error; err != nil {
		return err
	}
	return s.Provider.UpdateSubscriptionQuantity(ctx, sub.ProviderSubID, int(seats), fmt.Sprintf("seat-%d-%d", sub.ID, userID))
}

// AssignQASeat licenses the QA add-on for a user. The subscription row is
// locked first.
func (s *Service) AssignQASeat(ctx context.Context, workspaceID, userID int64) error {
	return gormstore.MapErr(s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var sub gormstore.Subscription
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).
			Where("workspace_id = ?", workspaceID).
			First(&sub).Error; err != nil {
			return err
		}
		var sa gormstore.SeatAssignment
		err := tx.Where("subscription_id = ? AND user_id = ?", sub.ID, userID).First(&sa).Error
		if err == nil {
			return nil
		}
		if !errors.Is(err, gorm.ErrRecordNotFound) {
			return err
		}
		return s.addSeat(ctx, tx, sub, userID)
	}))
}

// CreateAutomation adds a workflow rule; plans cap the number of rules.
func (s *Service) CreateAutomation(ctx context.Context, actor domain.Actor, name, trigger string) (gormstore.Automation, error) {
	plan, err := s.planFor(ctx, s.DB.WithContext(ctx), actor.WorkspaceID)
	if err != nil {
		return gormstore.Automation{}, err
	}
	var n int64
	if err := s.DB.WithContext(ctx).Model(&gormstore.Automation{}).Where("workspace_id = ?", actor.WorkspaceID).Count(&n).Error; err != nil {
		return gormstore.Automation{}, err
	}
	if n >= int64(plan.MaxAutomations) {
		return gormstore.Automation{}, fmt.Errorf("plan %s allows %d automations: %w", plan.Code, plan.MaxAutomations, domain.ErrQuotaExceeded)
	}
	a := gormstore.Automation{WorkspaceID: actor.WorkspaceID, Name: name, Trigger: trigger}
	if err := s.DB.WithContext(ctx).Create(&a).Error; err != nil {
		return gormstore.Automation{}, gormstore.MapErr(err)
	}
	s.publish(ctx, "automations.created", map[string]any{"workspace_id": actor.WorkspaceID, "automation_id": a.ID})
	return a, nil
}

// CloneAutomation copies an automation; it is subject to the same cap and
// counts under the subscription row lock.
func (s *Service) CloneAutomation(ctx context.Context, actor domain.Actor, sourceID int64) (gormstore.Automation, error) {
	var out gormstore.Automation
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var sub gormstore.Subscription
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("workspace_id = ?", actor.WorkspaceID).First(&sub).Error; err != nil {
			return err
		}
		plan, err := s.planFor(ctx, tx, actor.WorkspaceID)
		if err != nil {
			return err
		}
		var n int64
		if err := tx.Model(&gormstore.Automation{}).Where("workspace_id = ?", actor.WorkspaceID).Count(&n).Error; err != nil {
			return err
		}
		if n >= int64(plan.MaxAutomations) {
			return domain.ErrQuotaExceeded
		}
		var src gormstore.Automation
		if err := tx.Where("workspace_id = ? AND id = ?", actor.WorkspaceID, sourceID).First(&src).Error; err != nil {
			return err
		}
		out = gormstore.Automation{WorkspaceID: actor.WorkspaceID, Name: src.Name + " (copy)", Trigger: src.Trigger}
		return tx.Create(&out).Error
	})
	if err != nil {
		return gormstore.Automation{}, gormstore.MapErr(err)
	}
	s.publish(ctx, "automations.created", map[string]any{"workspace_id": actor.WorkspaceID, "automation_id": out.ID})
	return out, nil
}

func (s *Service) planFor(ctx context.Context, db *gorm.DB, workspaceID int64) (gormstore.Plan, error) {
	var sub gormstore.Subscription
	if err := db.Where("workspace_id = ?", workspaceID).First(&sub).Error; err != nil {
		return gormstore.Plan{}, gormstore.MapErr(err)
	}
	var plan gormstore.Plan
	err := db.Where("code = ?", sub.PlanCode).First(&plan).Error
	return plan, gormstore.MapErr(err)
}
