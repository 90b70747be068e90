package apis

// Row tables for document and key-value stores: DynamoDB (aws-sdk-go-v2),
// MongoDB (mongo-driver v1 and v2) and etcd (client v3). Their calls take
// what SQL would say in its text as Go values: DynamoDB's table and
// condition are fields of the input struct, MongoDB's upsert is an option,
// etcd's condition is a Txn's If. The model pass reads those (see
// dataaccess/documents.go); the rows give the kind of the plain call.
// Their types and options packages (dynamodb/types, mongo/options) have no
// rows: a package that only builds inputs or options makes no call to model,
// and the fast path skips it.

const (
	pkgDynamoDB = "github.com/aws/aws-sdk-go-v2/service/dynamodb"
	pkgMongo1   = "go.mongodb.org/mongo-driver/mongo"
	pkgMongo2   = "go.mongodb.org/mongo-driver/v2/mongo"
	pkgEtcd     = "go.etcd.io/etcd/client/v3"
)

// IsDynamoDB reports whether pkg is the DynamoDB client package.
func IsDynamoDB(pkg string) bool { return pkg == pkgDynamoDB }

// IsMongo reports whether pkg is mongo-driver's v1 or v2 mongo package.
func IsMongo(pkg string) bool { return pkg == pkgMongo1 || pkg == pkgMongo2 }

// IsEtcd reports whether pkg is etcd's client v3 package.
func IsEtcd(pkg string) bool { return pkg == pkgEtcd }

func init() {
	// A call without a ConditionExpression writes unconditionally; with
	// one it is atomic. UpdateItem creates the item when it is absent, so
	// without a condition it is an insert too.
	handles(HandlePool, pkgDynamoDB, "Client")
	register(
		row(pkgDynamoDB, "Client", "GetItem", Exists), row(pkgDynamoDB, "Client", "Query", Exists),
		row(pkgDynamoDB, "Client", "BatchGetItem", Exists),
		row(pkgDynamoDB, "Client", "PutItem", Insert), row(pkgDynamoDB, "Client", "UpdateItem", Insert),
		row(pkgDynamoDB, "Client", "BatchWriteItem", Insert),
		row(pkgDynamoDB, "Client", "TransactWriteItems", Insert),
		row(pkgDynamoDB, "Client", "DeleteItem", Delete),
	)

	// v1 and v2 share the Collection API; an update with the upsert option
	// is a conditional insert (see dataaccess/documents.go). A session's
	// WithTransaction runs its callback in a transaction, which the
	// callback's context carries to every call made with it.
	for _, pkg := range []string{pkgMongo1, pkgMongo2} {
		register(
			row(pkg, "Collection", "FindOne", Read), row(pkg, "Collection", "CountDocuments", Exists),
			row(pkg, "Collection", "InsertOne", Insert), row(pkg, "Collection", "InsertMany", Insert),
			row(pkg, "Collection", "UpdateOne", Update), row(pkg, "Collection", "UpdateMany", Update),
			row(pkg, "Collection", "ReplaceOne", Update),
			row(pkg, "Collection", "FindOneAndUpdate", Update), row(pkg, "Collection", "FindOneAndReplace", Update),
			row(pkg, "Collection", "DeleteOne", Delete), row(pkg, "Collection", "DeleteMany", Delete),
			row(pkg, "Collection", "FindOneAndDelete", Delete),
			txFuncRow(pkg, "Session", "WithTransaction", 1),
		)
	}

	// etcd's KV (embedded in *clientv3.Client) is keyed by its first
	// argument after the context. A Txn's Commit writes the keys of its
	// Then ops, conditionally when it has an If (see dataaccess/documents.go).
	register(
		keyRow(pkgEtcd, "KV", "Get", Exists, 1),
		keyRow(pkgEtcd, "KV", "Put", Insert, 1),
		keyRow(pkgEtcd, "KV", "Delete", Delete, 1),
		row(pkgEtcd, "Txn", "Commit", Insert),
	)
}

// OneStepInsert names, for a message, how a store writes a key only when
// it is absent, in one step: the store's own conditional write. It
// returns "" for a package that is no document or key-value store.
func OneStepInsert(pkg string) string {
	switch {
	case IsDynamoDB(pkg):
		return "PutItem with ConditionExpression attribute_not_exists(<key>), or one TransactWriteItems"
	case IsMongo(pkg):
		return "an update with SetUpsert(true) on the key, or InsertOne on a unique index with mongo.IsDuplicateKeyError handled"
	case IsEtcd(pkg):
		return "a Txn If(Compare(CreateRevision(key), \"=\", 0)).Then(OpPut(key, ...)) gated on Succeeded"
	case IsRedis(pkg):
		return "SET key NX (HSETNX for a hash) and test its reply, or WATCH the key and write in MULTI"
	}
	return ""
}
