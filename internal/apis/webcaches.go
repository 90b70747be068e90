package apis

// Row tables for the cache interfaces web frameworks hand their handlers
// (flamego's, go-macaron's, beego's). Behind one interface sits a memory,
// redis, database or file adapter, shared by the replicas or not; either
// way a Get, an act and a Set is two steps that two requests interleave:
// the resend limit both pass, the code both redeem.

func init() {
	const flamego = "github.com/flamego/cache" // Get returns os.ErrNotExist when absent
	register(
		keyRow(flamego, "Cache", "Get", Read, 1),
		keyRow(flamego, "Cache", "Set", Insert, 1),
		keyRow(flamego, "Cache", "Delete", Delete, 1),
	)
	const macaron = "github.com/go-macaron/cache" // Get returns nil when absent
	register(
		keyRow(macaron, "Cache", "IsExist", Exists, 0),
		keyRow(macaron, "Cache", "Get", Read, 0),
		keyRow(macaron, "Cache", "Put", Insert, 0),
		keyRow(macaron, "Cache", "Incr", Update, 0), keyRow(macaron, "Cache", "Decr", Update, 0),
		keyRow(macaron, "Cache", "Delete", Delete, 0),
	)
	const beego = "github.com/beego/beego/v2/client/cache"
	register(
		keyRow(beego, "Cache", "IsExist", Exists, 1),
		keyRow(beego, "Cache", "Get", Read, 1),
		keyRow(beego, "Cache", "Put", Insert, 1),
		keyRow(beego, "Cache", "Incr", Update, 1), keyRow(beego, "Cache", "Decr", Update, 1),
		keyRow(beego, "Cache", "Delete", Delete, 1),
	)
}
