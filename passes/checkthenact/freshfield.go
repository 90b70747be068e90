package checkthenact

import "golang.org/x/tools/go/ssa"

// fieldStoredMinted reports whether the field fa addresses holds a value
// minted in the function: some store into the same field of the same
// record puts a fresh value there (user.AccessToken = uuid.New(), then a
// check of user.AccessToken), and no store puts anything else.
func fieldStoredMinted(fa *ssa.FieldAddr, seen map[ssa.Value]bool) bool {
	refs := fa.X.Referrers()
	if refs == nil {
		return false // a field of a global or a constant: stored to anywhere
	}
	stored := false
	for _, ref := range *refs {
		other, ok := ref.(*ssa.FieldAddr)
		if !ok || other.Field != fa.Field {
			continue
		}
		for _, r := range *other.Referrers() {
			st, ok := r.(*ssa.Store)
			if !ok || st.Addr != other {
				continue
			}
			if !minted(st.Val, seen) {
				return false
			}
			stored = true
		}
	}
	return stored
}
