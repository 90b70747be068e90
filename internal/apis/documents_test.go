package apis

import "testing"

// TestDocumentStoreFastPath: the client packages are known, so packages
// calling them are modelled; their types, options and bson packages are
// not, so a package that only builds inputs is skipped.
func TestDocumentStoreFastPath(t *testing.T) {
	for pkg, want := range map[string]bool{
		"github.com/aws/aws-sdk-go-v2/service/dynamodb":       true,
		"go.mongodb.org/mongo-driver/mongo":                   true,
		"go.mongodb.org/mongo-driver/v2/mongo":                true,
		"go.etcd.io/etcd/client/v3":                           true,
		"github.com/aws/aws-sdk-go-v2/service/dynamodb/types": false,
		"go.mongodb.org/mongo-driver/mongo/options":           false,
		"go.mongodb.org/mongo-driver/v2/mongo/options":        false,
		"go.mongodb.org/mongo-driver/bson":                    false,
	} {
		if got := KnownPackage(pkg); got != want {
			t.Errorf("KnownPackage(%q) = %v, want %v", pkg, got, want)
		}
	}
}

// TestDocumentStoreRows: the v1 and v2 mongo packages share their rows,
// and etcd's KV methods are keyed by their argument after the context.
func TestDocumentStoreRows(t *testing.T) {
	for _, pkg := range []string{pkgMongo1, pkgMongo2} {
		if m, ok := Lookup(pkg, "Collection", "InsertOne"); !ok || m.Kind != Insert {
			t.Errorf("%s InsertOne: %v %v", pkg, m.Kind, ok)
		}
		if m, ok := Lookup(pkg, "Session", "WithTransaction"); !ok || m.TxFuncArg != 1 {
			t.Errorf("%s WithTransaction: %+v %v", pkg, m, ok)
		}
	}
	if m, ok := Lookup(pkgEtcd, "KV", "Get"); !ok || m.Kind != Exists || m.KeyArg != 1 {
		t.Errorf("etcd Get: %+v %v", m, ok)
	}
	if _, ok := Lookup(pkgEtcd, "Lease", "Get"); ok {
		t.Error("etcd rows must not match another interface's Get")
	}
}
