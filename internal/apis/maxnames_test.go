package apis

import "testing"

func TestIsMaximumName(t *testing.T) {
	for name, want := range map[string]bool{
		"GetMaxUserId": true, "lastInvoiceNumber": true, "LatestPostNumber": true,
		"GetMaximum": false, "Lastly": false, "GetUser": false, "Blast": false,
	} {
		if got := IsMaximumName(name); got != want {
			t.Errorf("IsMaximumName(%q) = %v, want %v", name, got, want)
		}
	}
}
