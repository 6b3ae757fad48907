// Package registry is the one shape of every algorithm family's registry
// (space-shared schedulers in internal/sched, time-sharing algorithms in
// internal/timeshare, federation policies in internal/gridway, ETC
// heuristics in internal/sched/mapping): a name maps to an Info — how
// pages label the algorithm, its kind within the family, and the factory
// that builds it — registered from init functions, listed, looked up and
// shown in --help with the labels in one column as wide as the longest
// name needs. It imports nothing of ours.
package registry

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
)

// Info is what a family registers under a name. New is the family's
// factory (a func type): what it takes and builds differs by family.
type Info[F any] struct {
	// Label is how tables and figures name the algorithm ("EASY-BF").
	Label string
	// Family is its kind within the family ("queue-based", "round-robin",
	// "static objective", "immediate"), or anything a researcher finds
	// useful.
	Family string
	New    F
}

// Registry maps names to Infos. Its zero value is not usable: make one
// with New.
type Registry[F any] struct {
	pkg  string // prefixes panics: "sched"
	fold bool   // names are case-insensitive

	mu    sync.RWMutex
	infos map[string]Info[F] // by key (the name, lower-cased when fold)
	order []string           // names as registered, in registration order
}

// New returns an empty registry for package pkg (named in panics). With
// foldCase, names are case-insensitive: "MinMin" and "minmin" are one.
func New[F any](pkg string, foldCase bool) *Registry[F] {
	return &Registry[F]{pkg: pkg, fold: foldCase, infos: map[string]Info[F]{}}
}

func (r *Registry[F]) key(name string) string {
	if r.fold {
		return strings.ToLower(name)
	}
	return name
}

// Register adds info under name; an empty Label becomes label(name), or
// name when label is nil. It panics on an empty name, a name already
// registered or a nil New: registration happens in init functions, where
// these are programming errors.
func (r *Registry[F]) Register(name string, info Info[F], label func(string) string) {
	if name == "" || isNil(info.New) {
		panic(fmt.Sprintf("%s: Register(%q): need a name and a non-nil New", r.pkg, name))
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	k := r.key(name)
	if _, dup := r.infos[k]; dup {
		panic(fmt.Sprintf("%s: %q registered twice", r.pkg, name))
	}
	if info.Label == "" {
		info.Label = name
		if label != nil {
			info.Label = label(name)
		}
	}
	r.infos[k] = info
	r.order = append(r.order, name)
}

func isNil(f any) bool {
	v := reflect.ValueOf(f)
	if !v.IsValid() {
		return true
	}
	switch v.Kind() {
	case reflect.Func, reflect.Pointer, reflect.Interface, reflect.Map, reflect.Slice, reflect.Chan:
		return v.IsNil()
	}
	return false
}

// Lookup returns what is registered under name.
func (r *Registry[F]) Lookup(name string) (Info[F], bool) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	info, ok := r.infos[r.key(name)]
	return info, ok
}

// Names returns the registered names in registration order.
func (r *Registry[F]) Names() []string {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return slices.Clone(r.order)
}

// Sorted returns the registered names sorted.
func (r *Registry[F]) Sorted() []string {
	names := r.Names()
	slices.Sort(names)
	return names
}

// Line is one extra line of Help: a name that is not registered (an
// "exec:CMD" form) and what it means.
type Line struct{ Name, Text string }

// Help is the registry as text for --help: one "  name  Label (family)"
// line per name of names (the family left out when empty), then the
// extra lines, the second column as wide as the longest name needs.
func (r *Registry[F]) Help(names []string, extra ...Line) string {
	width := 0
	for _, n := range names {
		width = max(width, len(n))
	}
	for _, l := range extra {
		width = max(width, len(l.Name))
	}
	var b strings.Builder
	for _, n := range names {
		info, _ := r.Lookup(n)
		fmt.Fprintf(&b, "  %-*s %s", width, n, info.Label)
		if info.Family != "" {
			fmt.Fprintf(&b, " (%s)", info.Family)
		}
		b.WriteByte('\n')
	}
	for _, l := range extra {
		fmt.Fprintf(&b, "  %-*s %s\n", width, l.Name, l.Text)
	}
	return b.String()
}
