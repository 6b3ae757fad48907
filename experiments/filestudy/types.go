package filestudy

import (
	"fmt"
	"maps"
	"math"
	"math/bits"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/BurntSushi/toml"
)

// A key whose value is valid TOML of a type its field cannot take (cpus =
// "8192", algorithms = "easy") makes the TOML decoder fail with a plain
// error whose text alone says where. Rather than read that text back,
// Load decodes the file again into generic values and compares each key
// with the field it sets, in the order of File's fields and then of the
// tables, so the error is a KeyError that names the table, the entry and
// the key, and locate finds its line.

// mistyped returns the first key of text whose value its field in File
// cannot take, as an unlocated KeyError; nil if text is not TOML or every
// key fits (the decoder failed for another reason).
func mistyped(text string) *KeyError {
	var raw map[string]any
	if _, err := toml.Decode(text, &raw); err != nil {
		return nil
	}
	return mistypedIn(raw, reflect.TypeFor[File](), "", 0, "")
}

// mistypedIn is mistyped for the table m read into struct type t; table,
// index and entry say where m is (see KeyError), "" for the top level.
func mistypedIn(m map[string]any, t reflect.Type, table string, index int, entry string) *KeyError {
	for i := range t.NumField() {
		f := t.Field(i)
		key := f.Tag.Get("toml")
		v, ok := m[key]
		if key == "" || key == "-" || !ok {
			continue
		}
		// [[workload]] and [[claim]]: each entry is checked as a table.
		if table == "" && f.Type.Kind() == reflect.Slice && f.Type.Elem().Kind() == reflect.Struct {
			entries, ok := v.([]map[string]any)
			if !ok {
				return &KeyError{Keys: []string{key}, Err: fmt.Errorf("is %s; write each as a table [[%s]]", describeTOML(v), key)}
			}
			for j, e := range entries {
				name, _ := e["name"].(string)
				if ke := mistypedIn(e, f.Type.Elem(), key, j+1, name); ke != nil {
					return ke
				}
			}
			continue
		}
		// [aliases]: a table of strings, each located by its own key.
		if f.Type.Kind() == reflect.Map {
			tbl, ok := v.(map[string]any)
			if !ok {
				return &KeyError{Table: table, Index: index, Entry: entry, Keys: []string{key},
					Err: fmt.Errorf("is %s; want a table [%s] of NAME = \"...\" lines", describeTOML(v), key)}
			}
			for _, name := range slices.Sorted(maps.Keys(tbl)) { // (map order never reaches a message)
				if want := f.Type.Elem(); !fits(tbl[name], want) {
					return &KeyError{Table: table, Index: index, Entry: entry, Keys: []string{key + "." + name},
						Err: fmt.Errorf("is %s; want %s", describeTOML(tbl[name]), describeGo(want))}
				}
			}
			continue
		}
		if !fits(v, f.Type) {
			return &KeyError{Table: table, Index: index, Entry: entry, Keys: []string{key},
				Err: fmt.Errorf("is %s; want %s%s", describeTOML(v), describeGo(f.Type), hint(key, v, f.Type))}
		}
		if n, ok := overflows(v, f.Type); ok {
			return &KeyError{Table: table, Index: index, Entry: entry, Keys: []string{key},
				Err: fmt.Errorf("%d: more than a whole number holds in this %d-bit build (%d to %d)", n, bits.UintSize, math.MinInt, math.MaxInt)}
		}
	}
	return nil
}

// overflows returns the integer of v (or of its array) that a field of
// type t cannot hold: BurntSushi/toml keeps the low bits of an int64
// set into a 32-bit int without an error (jobs = 2^62 read as 0), so
// the ranges checked later would pass a number that is not the file's.
func overflows(v any, t reflect.Type) (int64, bool) {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, ok := v.(int64)
		return n, ok && reflect.New(t).Elem().OverflowInt(n)
	case reflect.Slice:
		a, _ := v.([]any)
		for _, e := range a {
			if n, ok := overflows(e, t.Elem()); ok {
				return n, true
			}
		}
	}
	return 0, false
}

// fits says whether the TOML decoder sets a field of type t from v: as
// BurntSushi/toml's unify does, an integer also sets a float (its range
// is the decoder's to check).
func fits(v any, t reflect.Type) bool {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		_, ok := v.(string)
		return ok
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		_, ok := v.(int64)
		return ok
	case reflect.Float32, reflect.Float64:
		switch v.(type) {
		case int64, float64:
			return true
		}
		return false
	case reflect.Bool:
		_, ok := v.(bool)
		return ok
	case reflect.Slice:
		a, ok := v.([]any)
		return ok && !slices.ContainsFunc(a, func(e any) bool { return !fits(e, t.Elem()) })
	case reflect.Interface:
		return true
	}
	return false
}

// describeTOML is a TOML value as a message shows it.
func describeTOML(v any) string {
	switch v := v.(type) {
	case string:
		return fmt.Sprintf("the string %q", v)
	case int64:
		return fmt.Sprintf("the integer %d", v)
	case float64:
		f := strconv.FormatFloat(v, 'g', -1, 64)
		if !strings.ContainsAny(f, ".eIN") {
			f += ".0" // as written: a float, not an integer
		}
		return "the number " + f
	case bool:
		return fmt.Sprintf("%t", v)
	case []any:
		for _, e := range v {
			if _, ok := e.(string); !ok {
				return "an array holding " + describeTOML(e)
			}
		}
		return "an array"
	case []map[string]any:
		return "an array of tables"
	case map[string]any:
		return "a table"
	case time.Time:
		return "a date"
	}
	return fmt.Sprintf("a TOML value of type %T", v)
}

// describeGo is what a field of type t takes, as a message asks for it.
func describeGo(t reflect.Type) string {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		return "a string in quotes"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice:
		if t.Elem().Kind() == reflect.String {
			return "an array of strings in quotes"
		}
		return "an array of " + strings.TrimPrefix(describeGo(t.Elem()), "a ") + "s"
	}
	return t.String()
}

// hint is how to write v as a field of type t takes it, where that is
// plain: a number or a boolean without its quotes, one string in an
// array, a whole number without its decimals, exec_timeout's number
// with a unit.
func hint(key string, v any, t reflect.Type) string {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	s, isString := v.(string)
	s = strings.TrimSpace(s)
	switch k := t.Kind(); {
	case isString && k == reflect.Slice && t.Elem().Kind() == reflect.String:
		return fmt.Sprintf(": write %s = [%q]", key, v)
	case isString && k >= reflect.Int && k <= reflect.Uint64:
		if _, err := strconv.ParseInt(s, 10, 64); err == nil {
			return fmt.Sprintf(": write %s = %s, without quotes", key, s)
		}
	case isString && (k == reflect.Float32 || k == reflect.Float64):
		if _, err := strconv.ParseFloat(s, 64); err == nil {
			return fmt.Sprintf(": write %s = %s, without quotes", key, s)
		}
	case isString && k == reflect.Bool:
		if s == "true" || s == "false" {
			return fmt.Sprintf(": write %s = %s, without quotes", key, s)
		}
	case key == "exec_timeout" && k == reflect.String:
		switch n := v.(type) {
		case int64:
			return fmt.Sprintf(", a duration with its unit: write %s = \"%ds\"", key, n)
		case float64:
			return fmt.Sprintf(", a duration with its unit: write %s = \"%ss\"", key, strconv.FormatFloat(n, 'g', -1, 64))
		}
	case k >= reflect.Int && k <= reflect.Uint64:
		if f, ok := v.(float64); ok && f == math.Trunc(f) && math.Abs(f) < 1<<53 {
			return fmt.Sprintf(": write %s = %d", key, int64(f))
		}
	}
	return ""
}
