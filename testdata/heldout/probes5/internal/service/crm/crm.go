// Package crm keeps helpdesk contacts linked to records in the customer's
// CRM.
package crm

import (
	"context"
	"fmt"
	"log/slog"

	"xorm.io/xorm"

	"example.com/desk5/internal/domain"
	"example.com/desk5/internal/effects"
	"example.com/desk5/internal/store/xormstore"
)

type Service struct {
	Engine *xorm.Engine
	CRM    effects.CRMClient
	Log    *slog.Logger
}

// LinkContact pushes a contact to the CRM the first time it is seen and
// remembers the CRM record. Runs on every "sync to CRM" click and on the
// contacts.created event.
func (s *Service) LinkContact(ctx context.Context, c domain.Contact) (xormstore.CRMLink, error) {
	sess := s.Engine.NewSession().Context(ctx)
	defer sess.Close()
	if err := sess.Begin(); err != nil {
		return xormstore.CRMLink{}, err
	}
	var link xormstore.CRMLink
	has, err := sess.Where("contact_id = ? AND org_id = 0", c.ID).ForUpdate().Get(&link)
	if err != nil {
		_ = sess.Rollback()
		return link, err
	}
	if has {
		return link, sess.Commit()
	}
	ref, err := s.CRM.CreateContact(ctx, c.WorkspaceID, c.Email, c.Name)
	if err != nil {
		_ = sess.Rollback()
		return link, fmt.Errorf("crm create contact: %w", err)
	}
	link = xormstore.CRMLink{WorkspaceID: c.WorkspaceID, ContactID: c.ID, CRMRef: ref}
	if _, err := sess.Insert(&link); err != nil {
		_ = sess.Rollback()
		return link, xormstore.MapErr(err)
	}
	return link, sess.Commit()
}

// LinkContactToOrganization attaches a contact to a CRM organization. The
// organization row is locked first.
func (s *Service) LinkContactToOrganization(ctx context.Context, c domain.Contact, orgID int64) (xormstore.CRMLink, error) {
	res, err := s.Engine.Transaction(func(sess *xorm.Session) (any, error) {
		var org xormstore.Organization
		has, err := sess.Context(ctx).ID(orgID).Where("workspace_id = ?", c.WorkspaceID).ForUpdate().Get(&org)
		if err != nil {
			return nil, err
		}
		if !has {
			return nil, domain.ErrNotFound
		}
		var link xormstore.CRMLink
		found, err := sess.Context(ctx).Where("contact_id = ? AND org_id = ?", c.ID, org.ID).Get(&link)
		if err != nil {
			return nil, err
		}
		if found {
			return link, nil
		}
		ref, err := s.CRM.CreateContact(ctx, c.WorkspaceID, c.Email, c.Name)
		if err != nil {
			return nil, err
		}
		link = xormstore.CRMLink{WorkspaceID: c.WorkspaceID, ContactID: c.ID, OrgID: org.ID, CRMRef: ref}
		if _, err := sess.Insert(&link); err != nil {
			return nil, xormstore.MapErr(err)
		}
		return link, nil
	})
	if err != nil {
		return xormstore.CRMLink{}, err
	}
	return res.(xormstore.CRMLink), nil
}
