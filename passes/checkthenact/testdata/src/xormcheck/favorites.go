package xormcheck

import (
	"errors"

	"xorm.io/xorm"
)

// Favourites keyed by the caller's identity, which an auth interface
// hands over (its GetID() asks the receiver, no store); the check
// helper's answer is a bool named only "is".

type Auth interface{ GetID() int64 }

type Favorite struct {
	ID       int64
	EntityID int64
	UserID   int64
}

type Board struct {
	ID         int64
	IsFavorite bool
}

var errNoUser = errors.New("no user")

func favoriteOwner(a Auth) (int64, error) {
	if a == nil {
		return 0, errNoUser
	}
	return a.GetID(), nil
}

func isFavorite(s *xorm.Session, entityID int64, a Auth) (is bool, err error) {
	userID, err := favoriteOwner(a)
	if err != nil {
		return false, nil
	}
	return s.Where("entity_id = ? AND user_id = ?", entityID, userID).Exist(&Favorite{})
}

func addFavorite(s *xorm.Session, entityID int64, a Auth) error {
	userID, err := favoriteOwner(a)
	if err != nil {
		return nil
	}
	_, err = s.Insert(&Favorite{EntityID: entityID, UserID: userID})
	return err
}

func dropFavorite(s *xorm.Session, entityID int64, a Auth) error {
	userID, err := favoriteOwner(a)
	if err != nil {
		return nil
	}
	_, err = s.Where("entity_id = ? AND user_id = ?", entityID, userID).Delete(&Favorite{})
	return err
}

// Two updates marking one board a favourite both find it not yet one and
// both add it.
func updateBoard(s *xorm.Session, b *Board, a Auth) error {
	was, err := isFavorite(s, b.ID, a) // want `check-then-act race: the existence check isFavorite and the insert`
	if err != nil {
		return err
	}
	if b.IsFavorite && !was {
		return addFavorite(s, b.ID, a)
	}
	return nil
}

// Near miss: the answer decides only whether to remove the favourite,
// which two callers both do harmlessly.
func unfavoriteBoard(s *xorm.Session, b *Board, a Auth) error {
	was, err := isFavorite(s, b.ID, a)
	if err != nil {
		return err
	}
	if was {
		return dropFavorite(s, b.ID, a)
	}
	return nil
}
