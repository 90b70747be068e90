// Package decimal is a stub of github.com/shopspring/decimal: the
// arbitrary-precision decimal services keep money in.
package decimal

type Decimal struct {
	value int64
	exp   int32
}

func NewFromFloat(f float64) Decimal { return Decimal{} }

func (d Decimal) Add(d2 Decimal) Decimal     { return d }
func (d Decimal) Sub(d2 Decimal) Decimal     { return d }
func (d Decimal) Mul(d2 Decimal) Decimal     { return d }
func (d Decimal) LessThan(d2 Decimal) bool   { return false }
func (d Decimal) String() string             { return "" }
func (d Decimal) Round(places int32) Decimal { return d }
