// Package ifaceimport reaches its storage only through an interface that
// another package declares (semaphore's db.Store).
package ifaceimport

import "ifaceimport/db"

func loginByLDAP(store db.Store, ldapUser db.User) (db.User, error) {
	user, err := store.GetUserByLoginOrEmail(ldapUser.Username, ldapUser.Email) // want `check-then-act race: the existence check GetUserByLoginOrEmail`
	if err == db.ErrNotFound {
		user, err = store.CreateUserWithoutPassword(ldapUser)
	}
	return user, err
}

// Near miss: the absent branch creates a session, another entity.
func loginSession(store db.Store, ldapUser db.User) error {
	user, err := store.GetUserByLoginOrEmail(ldapUser.Username, ldapUser.Email)
	if err == db.ErrNotFound {
		return store.CreateSession(user.ID)
	}
	return err
}
