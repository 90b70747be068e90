package apis

// IsMaximumName reports whether a function's name says it reads the
// highest value of a column (GetMaxUserId, lastInvoiceNumber,
// LatestPostNumber): the current maximum a caller adds one to.
func IsMaximumName(name string) bool {
	for _, w := range camelWords(name) {
		switch w {
		case "Max", "max", "Last", "last", "Latest", "latest", "Highest", "highest":
			return true
		}
	}
	return false
}
