// Package pop is a minimal stub of github.com/gobuffalo/pop/v6.
package pop

type Connection struct{}

func (c *Connection) Where(stmt string, args ...any) *Query            { return nil }
func (c *Connection) RawQuery(stmt string, args ...any) *Query         { return nil }
func (c *Connection) Create(model any, excludeColumns ...string) error { return nil }
func (c *Connection) Save(model any, excludeColumns ...string) error   { return nil }
func (c *Connection) Update(model any, excludeColumns ...string) error { return nil }
func (c *Connection) UpdateColumns(model any, columnNames ...string) error {
	return nil
}
func (c *Connection) Find(model any, id any) error                    { return nil }
func (c *Connection) First(model any) error                           { return nil }
func (c *Connection) All(models any) error                            { return nil }
func (c *Connection) Destroy(model any) error                         { return nil }
func (c *Connection) Transaction(fn func(tx *Connection) error) error { return nil }

type Query struct{}

func (q *Query) First(model any) error          { return nil }
func (q *Query) All(models any) error           { return nil }
func (q *Query) Order(stmt string) *Query       { return q }
func (q *Query) Exists(model any) (bool, error) { return false, nil }
func (q *Query) Exec() error                    { return nil }
