package migrate

// A test's schema is not the production one: this key on ledger does not
// make the store's fix safe.
const testSchema = `CREATE UNIQUE INDEX ledger_key_key ON ledger (key)`
