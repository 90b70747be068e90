// Package kb manages the help-center knowledge base.
package kb

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"strings"

	"xorm.io/xorm"

	"example.com/desk5/internal/domain"
	"example.com/desk5/internal/effects"
	"example.com/desk5/internal/store/xormstore"
)

type Service struct {
	Engine  *xorm.Engine
	Indexer effects.SearchIndexer
	Events  effects.EventPublisher
	Log     *slog.Logger
}

var nonSlug = regexp.MustCompile(`[^a-z0-9]+`)

func Slugify(title string) string {
	s := nonSlug.ReplaceAllString(strings.ToLower(title), "-")
	s = strings.Trim(s, "-")
	if len(s) > 120 {
		s = s[:120]
	}
	return s
}

// ArticleInput is the editor payload.
type ArticleInput struct {
	Title      string
	Slug       string
	Body       string
	CategoryID int64
	Publish    bool
}

// CreateArticle adds an article. Slugs are part of public URLs and must be
// unique per workspace.
func (s *Service) CreateArticle(ctx context.Context, actor domain.Actor, in ArticleInput) (xormstore.Article, error) {
	slug := in.Slug
	if slug == "" {
		slug = Slugify(in.Title)
	}
	if slug == "" {
		return xormstore.Article{}, domain.Invalid("slug", "required")
	}
	sess := s.Engine.NewSession().Context(ctx)
	defer sess.Close()

	var existing xormstore.Article
	has, err := sess.Where("workspace_id = ? AND slug = ?", actor.WorkspaceID, slug).Get(&existing)
	if err != nil {
		return xormstore.Article{}, err
	}
	if has {
		return xormstore.Article{}, fmt.Errorf("slug %q is used by article %d: %w", slug, existing.ID, domain.ErrConflict)
	}
	art := xormstore.Article{
		WorkspaceID: actor.WorkspaceID,
		CategoryID:  in.CategoryID,
		Slug:        slug,
		Title:       in.Title,
		Body:        in.Body,
		Published:   in.Publish,
	}
	if err := s.insertArticle(ctx, &art); err != nil {
		return xormstore.Article{}, err
	}
	if art.Published {
		s.publishArticle(ctx, art)
	}
	return art, nil
}

func (s *Service) insertArticle(ctx context.Context, art *xormstore.Article) error {
	_, err := s.Engine.Context(ctx).Insert(art)
	return xormstore.MapErr(err)
}

func (s *Service) publishArticle(ctx context.Context, art xormstore.Article) {
	if err := s.Indexer.Index(ctx, "article", fmt.Sprint(art.ID), map[string]any{
		"workspace_id": art.WorkspaceID,
		"title":        art.Title,
		"slug":         art.Slug,
	}); err != nil {
		s.Log.WarnContext(ctx, "index article", "err", err)
	}
	_ = s.Events.Publish(ctx, "kb.article_published", map[string]any{"article_id": art.ID, "workspace_id": art.WorkspaceID})
}

// EnsureCategory returns the category with this name, creating it when the
// editor types a new one.
func (s *Service) EnsureCategory(ctx context.Context, actor domain.Actor, name string) (xormstore.Category, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return xormstore.Category{}, domain.Invalid("name", "required")
	}
	var c xormstore.Category
	has, err := s.Engine.Context(ctx).Where("workspace_id = ? AND name = ?", actor.WorkspaceID, name).Get(&c)
	if err != nil {
		return c, err
	}
	if has {
		return c, nil
	}
	c = xormstore.Category{WorkspaceID: actor.WorkspaceID, Name: name}
	_, err = s.Engine.Context(ctx).Insert(&c)
	if err = xormstore.MapErr(err); errors.Is(err, domain.ErrAlreadyExists) {
		var winner xormstore.Category
		if _, gerr := s.Engine.Context(ctx).Where("workspace_id = ? AND name = ?", actor.WorkspaceID, name).Get(&winner); gerr != nil {
			return winner, gerr
		}
		return winner, nil
	}
	if err != nil {
		return c, err
	}
	_ = s.Events.Publish(ctx, "kb.category_created", map[string]any{"category_id": c.ID})
	return c, nil
}

// VoteHelpful records a "Was this article helpful? Yes" click.
func (s *Service) VoteHelpful(ctx context.Context, workspaceID, articleID int64) (int, error) {
	var a xormstore.Article
	has, err := s.Engine.Context(ctx).Where("workspace_id = ? AND id = ?", workspaceID, articleID).Get(&a)
	if err != nil {
		return 0, err
	}
	if !has {
		return 0, domain.ErrNotFound
	}
	a.HelpfulCount++
	if _, err := s.Engine.Context(ctx).ID(a.ID).Cols("helpful_count").Update(&a); err != nil {
		return 0, err
	}
	return a.HelpfulCount, nil
}

// RecordView counts an article view from the help center.
func (s *Service) RecordView(ctx context.Context, workspaceID, articleID int64) error {
	n, err := s.Engine.Context(ctx).ID(articleID).Where("workspace_id = ?", workspaceID).Incr("view_count").Update(&xormstore.Article{})
	if err != nil {
		return err
	}
	if n == 0 {
		return domain.ErrNotFound
	}
	return nil
}
