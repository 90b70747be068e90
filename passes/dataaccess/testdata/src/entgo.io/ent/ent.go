// Package ent stands in for entgo.io/ent: importing it marks ent code.
package ent

type Hook func()
