package apis

import "testing"

func TestRequiresSQLDriver(t *testing.T) {
	for gomod, want := range map[string]bool{
		"module example.com/shop\n\nrequire github.com/jackc/pgx/v5 v5.7.1\n":                                     true,
		"module example.com/shop\n\nrequire (\n\tgorm.io/driver/sqlite v1.5.0\n)\n":                               true,
		"module k8s.io/kubernetes\n\nrequire (\n\tk8s.io/client-go v0.34.2\n\tgithub.com/google/uuid v1.6.0\n)\n": false,
		"module example.com/tool\n": false,
	} {
		if got := RequiresSQLDriver([]byte(gomod)); got != want {
			t.Errorf("RequiresSQLDriver(%q) = %v, want %v", gomod, got, want)
		}
	}
}
