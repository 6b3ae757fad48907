package filestudy

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/gridbench/gridbench/internal/registry"
)

// unknownKey explains a key of text that nothing reads (the decoder's
// Undecoded): the keys its table takes, and the nearest of them when one
// is a slip away. It is an unlocated KeyError for a key of the file or of
// a [[workload]] or [[claim]] entry; a deeper key is named as it is.
func unknownKey(text string, key toml.Key) error {
	last := key[len(key)-1]
	explain := func(keys []string) error {
		return fmt.Errorf("unknown%s (its table's keys: %s)", registry.DidYouMean(registry.Nearest(last, keys)), strings.Join(keys, ", "))
	}
	switch {
	case len(key) == 1:
		return &KeyError{Keys: []string{last}, Err: explain(tomlKeys(reflect.TypeFor[File]()))}
	case len(key) == 2 && (key[0] == "workload" || key[0] == "claim"):
		var raw map[string]any
		if _, err := toml.Decode(text, &raw); err != nil {
			break
		}
		entries, _ := raw[key[0]].([]map[string]any)
		// The first entry that sets the key and does not read it (a
		// workload's kind may read it, another's not).
		for i, e := range entries {
			if _, ok := e[last]; !ok {
				continue
			}
			name, _ := e["name"].(string)
			keys := tomlKeys(reflect.TypeFor[Claim]())
			if key[0] == "workload" {
				kind, _ := e["kind"].(string)
				k := kindOf(kind)
				if k == nil { // the key may be right, the kind is not
					return inEntry(key[0], i, name, noKind(kind))
				}
				keys = append([]string{"kind", "name"}, k.keys()...)
			}
			if !slices.Contains(keys, last) {
				return &KeyError{Table: key[0], Index: i + 1, Entry: name, Keys: []string{last}, Err: explain(keys)}
			}
		}
	}
	return fmt.Errorf("unknown key %q", key.String())
}

// tomlKeys are the keys struct type t reads, in the order of its fields.
func tomlKeys(t reflect.Type) []string {
	var keys []string
	for i := range t.NumField() {
		if k := t.Field(i).Tag.Get("toml"); k != "" && k != "-" {
			keys = append(keys, k)
		}
	}
	return keys
}

// noKind is the error of a workload whose kind is none of the kinds.
func noKind(kind string) *KeyError {
	return keyErr("kind", "%q: want one of %s%s", kind, kindNames(), registry.DidYouMean(registry.Nearest(kind, kindList())))
}
