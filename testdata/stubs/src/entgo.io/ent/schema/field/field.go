// Package field is a stub of entgo.io/ent/schema/field.
package field

type Builder struct{}

func (Builder) Descriptor() {}

func String(name string) *Builder { return &Builder{} }
func Int64(name string) *Builder  { return &Builder{} }

func (b *Builder) Unique() *Builder               { return b }
func (b *Builder) NotEmpty() *Builder             { return b }
func (b *Builder) StorageKey(key string) *Builder { return b }
