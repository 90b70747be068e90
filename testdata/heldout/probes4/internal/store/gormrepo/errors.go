package gormrepo

import (
	"errors"

	"gorm.io/gorm"

	"example.com/shop4/internal/store"
)

// translate maps gorm's errors onto the store sentinels. The DB handle is
// opened with TranslateError so unique violations arrive as
// gorm.ErrDuplicatedKey.
func translate(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, gorm.ErrRecordNotFound):
		return store.ErrNotFound
	case errors.Is(err, gorm.ErrDuplicatedKey):
		return store.ErrDuplicate
	default:
		return err
	}
}
