package unstar

import "gorm.io/gorm"

type Like struct {
	ID     int64
	UserID int64
	PostID int64
}

type Post struct {
	ID    int64
	Likes int64
}

// A gorm transaction: the like is found, deleted, and the post's count
// taken down with gorm.Expr.
func Unlike(db *gorm.DB, userID, postID int64) error {
	return db.Transaction(func(tx *gorm.DB) error {
		var like Like
		if err := tx.Where("user_id = ? AND post_id = ?", userID, postID).First(&like).Error; err == gorm.ErrRecordNotFound { // want `status-gate race: the existence check First finds the row, the delete at line \d+ removes it and Update at line \d+ adjusts a count relatively`
			return nil
		} else if err != nil {
			return err
		}
		if err := tx.Delete(&like).Error; err != nil {
			return err
		}
		return tx.Model(&Post{ID: postID}).Update("likes", gorm.Expr("likes - ?", 1)).Error
	})
}

// Near miss: RowsAffected of the delete gates the decrement.
func UnlikeCounted(db *gorm.DB, userID, postID int64) error {
	return db.Transaction(func(tx *gorm.DB) error {
		var like Like
		if err := tx.Where("user_id = ? AND post_id = ?", userID, postID).First(&like).Error; err == gorm.ErrRecordNotFound {
			return nil
		} else if err != nil {
			return err
		}
		res := tx.Delete(&like)
		if res.Error != nil || res.RowsAffected == 0 {
			return res.Error
		}
		return tx.Model(&Post{ID: postID}).Update("likes", gorm.Expr("likes - ?", 1)).Error
	})
}
