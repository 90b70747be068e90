package responses

import (
	"net/http"

	"github.com/labstack/echo/v4"
	"gorm.io/gorm"
)

// Store is the program's own layer: its Transaction hands the callback
// to gorm's, and its repositories are built on the handle they are given.
type Store interface {
	Transaction(fn func(tx *gorm.DB) error) error
	EmailsWith(tx *gorm.DB) EmailRepo
	Emails() EmailRepo
}

type EmailRepo interface {
	Create(e Email) error
}

type store struct{ db *gorm.DB }

func (s *store) Transaction(fn func(tx *gorm.DB) error) error { return s.db.Transaction(fn) }

func (s *store) EmailsWith(tx *gorm.DB) EmailRepo { return &emailRepo{db: tx} }

func (s *store) Emails() EmailRepo { return &emailRepo{db: s.db} }

type emailRepo struct{ db *gorm.DB }

func (r *emailRepo) Create(e Email) error { return r.db.Create(&e).Error }

// CreatedLayered answers inside the store's transaction, after a write
// through a repository built on the callback's transaction.
func CreatedLayered(s Store, c echo.Context, address string) error {
	return s.Transaction(func(tx *gorm.DB) error {
		if err := s.EmailsWith(tx).Create(Email{Address: address}); err != nil {
			return err
		}
		return c.JSON(http.StatusCreated, address) // want `success response sent inside the transaction callback`
	})
}

// CreatedOnPool is the near miss: the repository runs on the store's own
// pool, so its write commits by itself before the answer.
func CreatedOnPool(s Store, c echo.Context, address string) error {
	return s.Transaction(func(tx *gorm.DB) error {
		if err := s.Emails().Create(Email{Address: address}); err != nil {
			return err
		}
		return c.JSON(http.StatusCreated, address)
	})
}
