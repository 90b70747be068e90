package getters

import "context"

// API types whose fields are pointers read through nil-safe getters, as
// protobuf messages and go-vela's types have them: the nil record a
// lookup returns when it finds nothing answers "" and 0.

type User struct {
	ID    *int64
	Name  *string
	Token *string
}

func (u *User) GetID() int64 {
	if u == nil || u.ID == nil {
		return 0
	}
	return *u.ID
}

func (u *User) GetName() string {
	if u == nil || u.Name == nil {
		return ""
	}
	return *u.Name
}

func (u *User) GetToken() string {
	if u == nil || u.Token == nil {
		return ""
	}
	return *u.Token
}

func (u *User) SetName(v string)  { u.Name = &v }
func (u *User) SetToken(v string) { u.Token = &v }

type Database interface {
	GetUserForName(ctx context.Context, name string) (*User, error)
	CreateUser(ctx context.Context, u *User) (*User, error)
	UpdateUser(ctx context.Context, u *User) (*User, error)
}

// First login creates the account when the lookup finds no user by name:
// two logins at once both create it.
func Login(ctx context.Context, db Database, name, token string) (*User, error) {
	u, err := db.GetUserForName(ctx, name) // want `check-then-act race: the existence check GetUserForName`
	if len(u.GetName()) == 0 || err != nil {
		return db.CreateUser(ctx, &User{Name: &name, Token: &token})
	}
	u.Token = &token
	return db.UpdateUser(ctx, u)
}

// The same test on the key's getter, the lookup's error dropped.
func LoginByID(ctx context.Context, db Database, name, token string) (*User, error) {
	u, _ := db.GetUserForName(ctx, name) // want `check-then-act race: the existence check GetUserForName`
	if u.GetID() == 0 {
		return db.CreateUser(ctx, &User{Name: &name, Token: &token})
	}
	return u, nil
}

// Near miss: the getter tested is an attribute a found row may lack; an
// empty token refreshes the user that exists.
func Refresh(ctx context.Context, db Database, name, token string) (*User, error) {
	u, err := db.GetUserForName(ctx, name)
	if err != nil {
		return nil, err
	}
	if len(u.GetToken()) == 0 {
		u.Token = &token
		return db.UpdateUser(ctx, u)
	}
	return u, nil
}

// The user logging in, as the provider describes it.
type ProviderUser struct {
	Name  *string
	Token *string
}

func (l *ProviderUser) GetName() string {
	if l == nil || l.Name == nil {
		return ""
	}
	return *l.Name
}

func (l *ProviderUser) GetToken() string {
	if l == nil || l.Token == nil {
		return ""
	}
	return *l.Token
}

// The new user is built by setters from the provider's answer, the
// lookup keyed by its getter: one name, one race.
func FirstLogin(ctx context.Context, db Database, l *ProviderUser) (*User, error) {
	u, err := db.GetUserForName(ctx, l.GetName()) // want `check-then-act race: the existence check GetUserForName`
	if len(u.GetName()) == 0 || err != nil {
		u := new(User)
		u.SetName(l.GetName())
		u.SetToken(l.GetToken())
		return db.CreateUser(ctx, u)
	}
	return u, nil
}

// Near miss: the user created is built from nothing the lookup was given
// (a bot account per login), so two logins make two bots, as intended.
func FirstLoginBot(ctx context.Context, db Database, l *ProviderUser) (*User, error) {
	u, err := db.GetUserForName(ctx, l.GetName())
	if len(u.GetName()) == 0 || err != nil {
		bot := new(User)
		bot.SetName(newBotName())
		bot.SetToken(newBotName() + "-token")
		return db.CreateUser(ctx, bot)
	}
	return u, nil
}

func newBotName() string { return "bot" }

type Repo struct {
	ID     *int64
	Org    *string
	Name   *string
	Branch *string
}

func (r *Repo) GetOrg() string {
	if r == nil || r.Org == nil {
		return ""
	}
	return *r.Org
}

func (r *Repo) GetBranch() string {
	if r == nil || r.Branch == nil {
		return ""
	}
	return *r.Branch
}

type Repos interface {
	GetRepoForOrg(ctx context.Context, org, name string) (*Repo, error)
	CreateRepo(ctx context.Context, r *Repo) (*Repo, error)
}

// The getter of a column the lookup was keyed by is empty only for the
// nil record of a miss: enabling one repository twice creates it twice.
func EnableRepo(ctx context.Context, db Repos, org, name string) error {
	found, _ := db.GetRepoForOrg(ctx, org, name) // want `check-then-act race: the existence check GetRepoForOrg`
	if len(found.GetOrg()) == 0 {
		_, err := db.CreateRepo(ctx, &Repo{Org: &org, Name: &name})
		return err
	}
	return nil
}

// Near miss: a found repository may have no branch set; the create is a
// second repository, named apart.
func ForkWhenUnbranched(ctx context.Context, db Repos, org, name string) error {
	found, _ := db.GetRepoForOrg(ctx, org, name)
	if len(found.GetBranch()) == 0 {
		fork := "fork-" + newBotName()
		_, err := db.CreateRepo(ctx, &Repo{Org: &fork, Name: &fork})
		return err
	}
	return nil
}
