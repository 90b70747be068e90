// Package xormstore implements the knowledge-base, CRM-sync and survey
// repositories on the legacy MySQL database through xorm.
package xormstore

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/go-sql-driver/mysql"
	"xorm.io/xorm"

	"example.com/desk5/internal/domain"
)

// Open connects xorm to MySQL.
func Open(dsn string) (*xorm.Engine, error) {
	engine, err := xorm.NewEngine("mysql", dsn)
	if err != nil {
		return nil, err
	}
	engine.SetMaxOpenConns(15)
	return engine, nil
}

// MapErr translates MySQL errors into domain sentinels.
func MapErr(err error) error {
	if err == nil {
		return nil
	}
	var myErr *mysql.MySQLError
	if errors.As(err, &myErr) && myErr.Number == 1062 {
		return fmt.Errorf("%w: %s", domain.ErrAlreadyExists, myErr.Message)
	}
	return err
}

type Article struct {
	ID           int64     `xorm:"pk autoincr 'id'"`
	WorkspaceID  int64     `xorm:"'workspace_id' notnull"`
	CategoryID   int64     `xorm:"'category_id'"`
	Slug         string    `xorm:"'slug' varchar(191) notnull"`
	Title        string    `xorm:"'title'"`
	Body         string    `xorm:"'body' mediumtext"`
	HelpfulCount int       `xorm:"'helpful_count'"`
	ViewCount    int       `xorm:"'view_count'"`
	Published    bool      `xorm:"'published'"`
	CreatedAt    time.Time `xorm:"created 'created_at'"`
	UpdatedAt    time.Time `xorm:"updated 'updated_at'"`
}

func (Article) TableName() string { return "kb_articles" }

type Category struct {
	ID          int64     `xorm:"pk autoincr 'id'"`
	WorkspaceID int64     `xorm:"'workspace_id'"`
	Name        string    `xorm:"'name'"`
	Position    int       `xorm:"'position'"`
	CreatedAt   time.Time `xorm:"created 'created_at'"`
}

func (Category) TableName() string { return "kb_categories" }

type Organization struct {
	ID          int64      `xorm:"pk autoincr 'id'"`
	WorkspaceID int64      `xorm:"'workspace_id'"`
	Name        string     `xorm:"'name'"`
	CRMRef      string     `xorm:"'crm_ref'"`
	SyncedAt    *time.Time `xorm:"'synced_at'"`
}

func (Organization) TableName() string { return "crm_organizations" }

type CRMLink struct {
	ID          int64     `xorm:"pk autoincr 'id'"`
	WorkspaceID int64     `xorm:"'workspace_id'"`
	ContactID   int64     `xorm:"'contact_id'"`
	OrgID       int64     `xorm:"'org_id'"`
	CRMRef      string    `xorm:"'crm_ref'"`
	CreatedAt   time.Time `xorm:"created 'created_at'"`
}

func (CRMLink) TableName() string { return "crm_links" }

type Survey struct {
	ID          int64      `xorm:"pk autoincr 'id'"`
	WorkspaceID int64      `xorm:"'workspace_id'"`
	TicketID    int64      `xorm:"'ticket_id'"`
	Email       string     `xorm:"'email'"`
	Kind        string     `xorm:"'kind'"`
	Sent        bool       `xorm:"'sent'"`
	SentAt      *time.Time `xorm:"'sent_at'"`
	CreatedAt   time.Time  `xorm:"created 'created_at'"`
}

func (Survey) TableName() string { return "surveys" }

// Surveys implements tickets.SurveyScheduler.
type Surveys struct{ Engine *xorm.Engine }

func (r Surveys) ScheduleSurvey(ctx context.Context, workspaceID, ticketID int64, email, kind string) error {
	_, err := r.Engine.Context(ctx).Insert(&Survey{WorkspaceID: workspaceID, TicketID: ticketID, Email: email, Kind: kind})
	return MapErr(err)
}
