// Package entsql is a stub of entgo.io/ent/dialect/entsql.
package entsql

type Annotation struct {
	Table string
}

func (Annotation) Name() string { return "EntSQL" }

type IndexAnnotation struct{ Where string }

func (IndexAnnotation) Name() string { return "EntSQLIndexes" }

func IndexWhere(pred string) *IndexAnnotation { return &IndexAnnotation{Where: pred} }
