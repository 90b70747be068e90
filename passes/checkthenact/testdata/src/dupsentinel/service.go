package dupsentinel

import (
	"context"
	"errors"
	"net/http"
)

type Service struct {
	users  Users
	mail   Mailer
	charge Charger
}

// The textbook case: the welcome mail goes out before the insert, and the
// loser's ErrDuplicate reaches the handler's generic 500.
func (s *Service) Register(ctx context.Context, email string) error {
	exists, err := s.users.Exists(ctx, email) // want `check-then-act race: the existence check Exists .* SendWelcome`
	if err != nil {
		return err
	}
	if exists {
		return ErrEmailTaken
	}
	if err := s.mail.SendWelcome(ctx, email); err != nil {
		return err
	}
	return s.users.Create(ctx, email)
}

// No effect, but the loser's ErrDuplicate is returned to a handler that
// answers every error with a 500: nothing tests the sentinel.
func (s *Service) Signup(ctx context.Context, email string) error {
	exists, err := s.users.Exists(ctx, email) // want `check-then-act race: the existence check Exists .* ErrDuplicate, which no caller tests`
	if err != nil {
		return err
	}
	if exists {
		return ErrEmailTaken
	}
	return s.users.Create(ctx, email)
}

func (s *Service) ServeSignup(w http.ResponseWriter, r *http.Request) {
	if err := s.Signup(r.Context(), r.FormValue("email")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusCreated)
}

// Near miss (a): the caller tests the sentinel and answers the idempotent
// outcome; nothing runs before the insert.
func (s *Service) SignupIdempotent(ctx context.Context, email string) error {
	exists, err := s.users.Exists(ctx, email)
	if err != nil || exists {
		return err
	}
	if err := s.users.Create(ctx, email); err != nil {
		if errors.Is(err, ErrDuplicate) {
			return nil // a concurrent signup made the same user
		}
		return err
	}
	return nil
}

// Near miss: the service returns the sentinel raw, and the handler that
// calls it tests it (followed through the callers).
func (s *Service) Join(ctx context.Context, email string) error {
	exists, err := s.users.Exists(ctx, email)
	if err != nil || exists {
		return err
	}
	return s.users.Create(ctx, email)
}

func (s *Service) ServeJoin(w http.ResponseWriter, r *http.Request) {
	err := s.Join(r.Context(), r.FormValue("email"))
	switch {
	case err == ErrDuplicate:
		w.WriteHeader(http.StatusOK)
	case err != nil:
		http.Error(w, err.Error(), http.StatusInternalServerError)
	default:
		w.WriteHeader(http.StatusCreated)
	}
}

// Near miss: a switch on the error answers the sentinel.
func (s *Service) Enrol(ctx context.Context, email string) error {
	exists, err := s.users.Exists(ctx, email)
	if err != nil || exists {
		return err
	}
	err = s.users.Create(ctx, email)
	switch err {
	case nil, ErrDuplicate:
		return nil
	}
	return err
}

// Near miss: the check answers a present user with the same sentinel the
// loser's insert returns, so the race answers what the check would.
func (s *Service) Claim(ctx context.Context, email string) error {
	exists, err := s.users.Exists(ctx, email)
	if err != nil {
		return err
	}
	if exists {
		return ErrDuplicate
	}
	return s.users.Create(ctx, email)
}

// Near miss (b): the charge runs after the insert, only when it added
// the row, and the sentinel is answered.
func (s *Service) Subscribe(ctx context.Context, email string) error {
	exists, err := s.users.Exists(ctx, email)
	if err != nil || exists {
		return err
	}
	err = s.users.Create(ctx, email)
	if errors.Is(err, ErrDuplicate) {
		return nil
	}
	if err != nil {
		return err
	}
	return s.charge.Charge(ctx, email, 500)
}

// (c): the charge runs before the insert; the answered sentinel protects
// the row, not the charge, which both callers make.
func (s *Service) SubscribePrepaid(ctx context.Context, email string) error {
	exists, err := s.users.Exists(ctx, email) // want `check-then-act race: the existence check Exists and the insert at line \d+ \(which answers its unique violation\) let two concurrent callers both reach Charge at line \d+`
	if err != nil || exists {
		return err
	}
	if err := s.charge.Charge(ctx, email, 500); err != nil {
		return err
	}
	err = s.users.Create(ctx, email)
	if errors.Is(err, ErrDuplicate) {
		return nil
	}
	return err
}

// Near miss: the sentinel goes up five callers (service, use case,
// controller, router) before the handler tests it; the chain is followed
// to its end.
func (s *Service) Enlist(ctx context.Context, email string) error {
	exists, err := s.users.Exists(ctx, email)
	if err != nil || exists {
		return err
	}
	return s.users.Create(ctx, email)
}

func (s *Service) enlistUseCase(ctx context.Context, email string) error {
	return s.Enlist(ctx, email)
}

func (s *Service) enlistController(ctx context.Context, email string) error {
	return s.enlistUseCase(ctx, email)
}

func (s *Service) enlistRoute(ctx context.Context, email string) error {
	return s.enlistController(ctx, email)
}

func (s *Service) enlistRequest(r *http.Request) error {
	return s.enlistRoute(r.Context(), r.FormValue("email"))
}

func (s *Service) ServeEnlist(w http.ResponseWriter, r *http.Request) {
	if err := s.enlistRequest(r); err != nil && !errors.Is(err, ErrDuplicate) {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusCreated)
}

// The same chain, five callers long, ending in a handler that answers
// every error with a 500: nobody tests the sentinel.
func (s *Service) Apply(ctx context.Context, email string) error {
	exists, err := s.users.Exists(ctx, email) // want `check-then-act race: the existence check Exists .* ErrDuplicate, which no caller tests`
	if err != nil || exists {
		return err
	}
	return s.users.Create(ctx, email)
}

func (s *Service) applyUseCase(ctx context.Context, email string) error {
	return s.Apply(ctx, email)
}

func (s *Service) applyController(ctx context.Context, email string) error {
	return s.applyUseCase(ctx, email)
}

func (s *Service) applyRoute(ctx context.Context, email string) error {
	return s.applyController(ctx, email)
}

func (s *Service) applyRequest(r *http.Request) error {
	return s.applyRoute(r.Context(), r.FormValue("email"))
}

func (s *Service) ServeApply(w http.ResponseWriter, r *http.Request) {
	if err := s.applyRequest(r); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusCreated)
}
