// Package cmds is a stub of rueidis's command builders: each command is a
// chain of typed calls that ends in Build.
package cmds

import "time"

type Completed struct{ cs []string }
type Cacheable struct{ cs []string }
type Builder struct{}

type (
	Get                     Completed
	GetKey                  Completed
	Set                     Completed
	SetKey                  Completed
	SetValue                Completed
	SetConditionNx          Completed
	SetExpirationExSecTyped Completed
	Setnx                   Completed
	SetnxKey                Completed
	SetnxValue              Completed
	Incr                    Completed
	IncrKey                 Completed
	Incrby                  Completed
	IncrbyKey               Completed
	IncrbyIncrement         Completed
	Del                     Completed
	DelKey                  Completed
	Exists                  Completed
	ExistsKey               Completed
)

func (b Builder) Get() Get       { return Get{} }
func (b Builder) Set() Set       { return Set{} }
func (b Builder) Setnx() Setnx   { return Setnx{} }
func (b Builder) Incr() Incr     { return Incr{} }
func (b Builder) Incrby() Incrby { return Incrby{} }
func (b Builder) Del() Del       { return Del{} }
func (b Builder) Exists() Exists { return Exists{} }

func (c Get) Key(key string) GetKey { return GetKey(c) }
func (c GetKey) Build() Completed   { return Completed(c) }
func (c GetKey) Cache() Cacheable   { return Cacheable(c) }

func (c Set) Key(key string) SetKey                           { return SetKey(c) }
func (c SetKey) Value(value string) SetValue                  { return SetValue(c) }
func (c SetValue) Nx() SetConditionNx                         { return SetConditionNx(c) }
func (c SetValue) Ex(d time.Duration) SetExpirationExSecTyped { return SetExpirationExSecTyped(c) }
func (c SetValue) Build() Completed                           { return Completed(c) }
func (c SetConditionNx) Ex(d time.Duration) SetExpirationExSecTyped {
	return SetExpirationExSecTyped(c)
}
func (c SetConditionNx) Build() Completed          { return Completed(c) }
func (c SetExpirationExSecTyped) Build() Completed { return Completed(c) }

func (c Setnx) Key(key string) SetnxKey          { return SetnxKey(c) }
func (c SetnxKey) Value(value string) SetnxValue { return SetnxValue(c) }
func (c SetnxValue) Build() Completed            { return Completed(c) }

func (c Incr) Key(key string) IncrKey                         { return IncrKey(c) }
func (c IncrKey) Build() Completed                            { return Completed(c) }
func (c Incrby) Key(key string) IncrbyKey                     { return IncrbyKey(c) }
func (c IncrbyKey) Increment(increment int64) IncrbyIncrement { return IncrbyIncrement(c) }
func (c IncrbyIncrement) Build() Completed                    { return Completed(c) }

func (c Del) Key(key ...string) DelKey       { return DelKey(c) }
func (c DelKey) Build() Completed            { return Completed(c) }
func (c Exists) Key(key ...string) ExistsKey { return ExistsKey(c) }
func (c ExistsKey) Build() Completed         { return Completed(c) }
