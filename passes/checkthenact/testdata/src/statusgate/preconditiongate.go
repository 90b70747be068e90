package statusgate

import (
	"context"
	"errors"
	"time"
)

type Question struct {
	ID             string
	Title          string
	Status         string
	AnswerCount    int
	PostUpdateTime time.Time
}

type Answer struct {
	ID         string
	QuestionID string
	Text       string
}

// Questions is a repository known only by its interface.
type Questions interface {
	GetQuestion(ctx context.Context, id string) (q *Question, exist bool, err error)
	AddAnswer(ctx context.Context, a *Answer) error
	UpdateQuestionCols(ctx context.Context, q *Question, cols ...string) error
	UpdateQuestionStatus(ctx context.Context, questionID, status string) error
	UpdateQuestion(ctx context.Context, q *Question, cols []string) error
	AddRevision(ctx context.Context, r *Revision) error
}

type Revision struct {
	QuestionID string
	Title      string
}

// QuestionCommon holds the helpers the services share: each writes what
// its name says, keyed by the question's ID.
type QuestionCommon struct{ questions Questions }

func (c *QuestionCommon) UpdatePostTime(ctx context.Context, questionID string) error {
	return c.questions.UpdateQuestionCols(ctx, &Question{ID: questionID, PostUpdateTime: time.Now()}, "post_update_time")
}

func (c *QuestionCommon) UpdateStatus(ctx context.Context, questionID, status string) error {
	return c.questions.UpdateQuestionCols(ctx, &Question{ID: questionID, Status: status}, "status")
}

var errClosed = errors.New("question closed")

type Forum struct {
	questions Questions
	common    *QuestionCommon
}

// Near miss: the status is a precondition (answers go to open
// questions), and the update after the new answer writes the post time,
// as its name says, not the status: every request adds its own answer,
// as it should.
func (f *Forum) AddAnswer(ctx context.Context, questionID, text string) error {
	q, exist, err := f.questions.GetQuestion(ctx, questionID)
	if err != nil || !exist {
		return err
	}
	if q.Status == "closed" {
		return errClosed
	}
	if err := f.questions.AddAnswer(ctx, &Answer{QuestionID: questionID, Text: text}); err != nil {
		return err
	}
	return f.common.UpdatePostTime(ctx, questionID)
}

// The first answer moves the question from "open" to "answered", and
// two concurrent first answers both get in.
func (f *Forum) AnswerFirst(ctx context.Context, questionID, text string) error {
	q, exist, err := f.questions.GetQuestion(ctx, questionID) // want `status-gate race: Status read here is tested, then AddAnswer`
	if err != nil || !exist {
		return err
	}
	if q.Status != "open" {
		return errClosed
	}
	if err := f.questions.AddAnswer(ctx, &Answer{QuestionID: questionID, Text: text}); err != nil {
		return err
	}
	return f.common.UpdateStatus(ctx, questionID, "answered")
}

// Near miss: an edit of an open question stores its revision and updates
// the row by its ID with the columns it lists, the status not among
// them: each edit is its own.
func (f *Forum) EditQuestion(ctx context.Context, questionID, title string) error {
	q, exist, err := f.questions.GetQuestion(ctx, questionID)
	if err != nil || !exist {
		return err
	}
	if q.Status == "closed" {
		return errClosed
	}
	if err := f.questions.AddRevision(ctx, &Revision{QuestionID: questionID, Title: title}); err != nil {
		return err
	}
	edit := &Question{ID: questionID, Title: title}
	return f.questions.UpdateQuestion(ctx, edit, []string{"title", "post_update_time"})
}

// The same update listing the status column is the transition: both
// concurrent reopenings store a revision.
func (f *Forum) Reopen(ctx context.Context, questionID string) error {
	q, exist, err := f.questions.GetQuestion(ctx, questionID) // want `status-gate race: Status read here is tested, then AddRevision`
	if err != nil || !exist {
		return err
	}
	if q.Status != "closed" {
		return nil
	}
	if err := f.questions.AddRevision(ctx, &Revision{QuestionID: questionID, Title: q.Title}); err != nil {
		return err
	}
	return f.questions.UpdateQuestion(ctx, &Question{ID: questionID, Status: "open"}, []string{"status", "post_update_time"})
}
