// Package integrations installs chat integrations (Slack, Teams) and stores
// ticket attachments.
package integrations

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"example.com/desk5/internal/domain"
	"example.com/desk5/internal/effects"
	"example.com/desk5/internal/store/mongostore"
)

type Service struct {
	DB          *mongo.Database
	Chat        effects.ChatClient
	Events      effects.EventPublisher
	CallbackURL string
	Log         *slog.Logger
}

func (s *Service) integrations() *mongo.Collection { return s.DB.Collection("integrations") }

// OAuthGrant is what the provider's OAuth callback hands us.
type OAuthGrant struct {
	WorkspaceID int64
	UserID      int64
	AccessToken string
	TeamID      string
	Channel     string
}

// InstallSlack completes the Slack OAuth flow: it subscribes to Slack events,
// stores the install and posts a welcome message in the chosen channel.
func (s *Service) InstallSlack(ctx context.Context, g OAuthGrant) (mongostore.Integration, error) {
	var existing mongostore.Integration
	err := s.integrations().FindOne(ctx, bson.M{"workspace_id": g.WorkspaceID, "provider": "slack"}).Decode(&existing)
	if err == nil {
		return existing, nil
	}
	if !errors.Is(err, mongo.ErrNoDocuments) {
		return mongostore.Integration{}, mongostore.MapErr(err)
	}
	subID, err := s.Chat.Subscribe(ctx, g.AccessToken, s.CallbackURL)
	if err != nil {
		return mongostore.Integration{}, fmt.Errorf("slack subscribe: %w", err)
	}
	inst := mongostore.Integration{
		WorkspaceID:    g.WorkspaceID,
		Provider:       "slack",
		AccessToken:    g.AccessToken,
		Channel:        g.Channel,
		SubscriptionID: subID,
		InstalledBy:    g.UserID,
		InstalledAt:    time.Now(),
	}
	res, err := s.integrations().InsertOne(ctx, inst)
	if err != nil {
		return mongostore.Integration{}, mongostore.MapErr(err)
	}
	inst.ID, _ = res.InsertedID.(bson.ObjectID)
	s.welcome(ctx, inst)
	return inst, nil
}

func (s *Service) welcome(ctx context.Context, inst mongostore.Integration) {
	if err := s.Chat.PostMessage(ctx, inst.AccessToken, inst.Channel, "Desk is connected. New tickets will appear here."); err != nil {
		s.Log.WarnContext(ctx, "welcome post", "err", err)
	}
	_ = s.Events.Publish(ctx, "integrations.installed", map[string]any{"workspace_id": inst.WorkspaceID, "provider": inst.Provider})
}

// InstallTeams completes the Microsoft Teams OAuth flow. Installs are unique
// per workspace and Teams tenant.
func (s *Service) InstallTeams(ctx context.Context, g OAuthGrant) (mongostore.Integration, error) {
	if g.TeamID == "" {
		return mongostore.Integration{}, domain.Invalid("tenant", "required")
	}
	filter := bson.M{"workspace_id": g.WorkspaceID, "provider": "teams", "external_team_id": g.TeamID}
	var existing mongostore.Integration
	err := s.integrations().FindOne(ctx, filter).Decode(&existing)
	if err == nil {
		return existing, nil
	}
	if !errors.Is(err, mongo.ErrNoDocuments) {
		return mongostore.Integration{}, mongostore.MapErr(err)
	}
	inst := mongostore.Integration{
		WorkspaceID:    g.WorkspaceID,
		Provider:       "teams",
		ExternalTeamID: g.TeamID,
		AccessToken:    g.AccessToken,
		Channel:        g.Channel,
		InstalledBy:    g.UserID,
		InstalledAt:    time.Now(),
	}
	res, err := s.integrations().InsertOne(ctx, inst)
	if err = mongostore.MapErr(err); errors.Is(err, domain.ErrAlreadyExists) {
		if ferr := s.integrations().FindOne(ctx, filter).Decode(&existing); ferr != nil {
			return mongostore.Integration{}, mongostore.MapErr(ferr)
		}
		return existing, nil
	}
	if err != nil {
		return mongostore.Integration{}, err
	}
	inst.ID, _ = res.InsertedID.(bson.ObjectID)
	subID, err := s.Chat.Subscribe(ctx, g.AccessToken, s.CallbackURL)
	if err != nil {
		return inst, fmt.Errorf("teams subscribe: %w", err)
	}
	inst.SubscriptionID = subID
	if _, err := s.integrations().UpdateOne(ctx, bson.M{"_id": inst.ID}, bson.M{"$set": bson.M{"subscription_id": subID}}); err != nil {
		return inst, mongostore.MapErr(err)
	}
	s.welcome(ctx, inst)
	return inst, nil
}

// Uninstall removes an install; used by the settings page.
func (s *Service) Uninstall(ctx context.Context, workspaceID int64, provider string) (int64, error) {
	res, err := s.integrations().DeleteMany(ctx, bson.M{"workspace_id": workspaceID, "provider": provider})
	if err != nil {
		return 0, mongostore.MapErr(err)
	}
	return res.DeletedCount, nil
}

// UpdateChannel changes the target channel of an install.
func (s *Service) UpdateChannel(ctx context.Context, workspaceID int64, provider, channel string) error {
	_, err := s.integrations().UpdateOne(ctx,
		bson.M{"workspace_id": workspaceID, "provider": provider},
		bson.M{"$set": bson.M{"channel": channel}},
		options.UpdateOne().SetUpsert(false))
	return mongostore.MapErr(err)
}
