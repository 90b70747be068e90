// Package drivertables names DNS entries and client configs in
// key-value tables reached through a table of backend functions.
package drivertables

import (
	"encoding/json"
	"errors"

	"drivertables/kv"
)

type DNSEntry struct {
	Name    string
	Network string
	Address string
}

// Two creations of one name both find it free; the second upsert
// replaces the first entry while both callers are told it was created.
func CreateDNS(e DNSEntry) error {
	key := e.Name + "." + e.Network
	if _, err := kv.Fetch("dns", key); err == nil { // want `check-then-act race: the existence check Fetch refuses a duplicate, but the upsert at line \d+ that runs when it finds nothing is a separate step`
		return errors.New("dns entry exists")
	}
	data, err := json.Marshal(e)
	if err != nil {
		return err
	}
	return kv.Insert(key, string(data), "dns")
}

// Near miss: the name is looked up among the aliases, another table than
// the one the entry is stored in.
func CreateDNSBesideAlias(e DNSEntry) error {
	key := e.Name + "." + e.Network
	if _, err := kv.Fetch("dns_aliases", key); err == nil {
		return errors.New("dns name exists as an alias")
	}
	data, err := json.Marshal(e)
	if err != nil {
		return err
	}
	return kv.Insert(key, string(data), "dns")
}

// Near miss: a found entry is no refusal; saving it again is what the
// caller asked for, whoever wrote it last.
func PutDNS(e DNSEntry) error {
	key := e.Name + "." + e.Network
	if _, err := kv.Fetch("dns", key); err == nil {
		return nil
	}
	data, err := json.Marshal(e)
	if err != nil {
		return err
	}
	return kv.Insert(key, string(data), "dns")
}

type ExtClient struct {
	ClientID string
	Network  string
	Address  string
}

// The same through a func variable the storage package fills once.
func CreateExtClient(c ExtClient) error {
	key := c.ClientID + "###" + c.Network
	if _, err := kv.Fetch("extclients", key); err == nil { // want `check-then-act race: the existence check Fetch refuses a duplicate, but the upsert at line \d+`
		return errors.New("client id already in use")
	}
	data, err := json.Marshal(c)
	if err != nil {
		return err
	}
	return kv.Replace(key, string(data), "extclients")
}
