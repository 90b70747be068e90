package apis

// A command bus runs the handler registered for a message's type (fider's
// bus.Dispatch(ctx, &query.GetUserByEmail{...}), a mediator's Send), so
// the message type's name says what the dispatch does, as a repository
// method's name does: GetUserByEmail reads a user, RegisterUser and
// CreateTenant insert one, SendMail sends.

// MessageKind classifies a dispatched message from its type's name: the
// names ByName knows, Register... as an insert (a bus's sign-up command),
// a lookup's name as a read and an effect's name as an effect. None for
// any other name (LogInfo, ParseOAuthRawProfile).
func MessageKind(name string) Kind {
	switch {
	case hasWordPrefix(name, "Register"):
		return Insert
	case ByName(name) != None:
		return ByName(name)
	case IsLookupName(name):
		return Read
	case IsEffectName(name):
		return Effect
	}
	return None
}

// MessageEntity returns the entity a message type's name is about, as
// EntityOf does for a repository method: "User" for GetUserByEmail and
// RegisterUser.
func MessageEntity(name string) string {
	if hasWordPrefix(name, "Register") {
		return EntityOf("Create" + name[len("Register"):])
	}
	return EntityOf(name)
}
