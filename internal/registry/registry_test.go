package registry

import (
	"slices"
	"strings"
	"testing"
)

type factory func() int

func TestRegistry(t *testing.T) {
	r := New[factory]("test", true)
	r.Register("zeta", Info[factory]{Family: "last", New: func() int { return 1 }}, strings.ToUpper)
	r.Register("Alpha-Long", Info[factory]{Label: "α", New: func() int { return 2 }}, nil)
	if got := r.Names(); !slices.Equal(got, []string{"zeta", "Alpha-Long"}) {
		t.Errorf("Names %v, want registration order", got)
	}
	if got := r.Sorted(); !slices.Equal(got, []string{"Alpha-Long", "zeta"}) {
		t.Errorf("Sorted %v", got)
	}
	info, ok := r.Lookup("ALPHA-long")
	if !ok || info.Label != "α" || info.New() != 2 {
		t.Errorf("case-folded Lookup: %+v %v", info, ok)
	}
	if info, _ := r.Lookup("zeta"); info.Label != "ZETA" {
		t.Errorf("default label %q, want ZETA", info.Label)
	}
	if _, ok := r.Lookup("beta"); ok {
		t.Error("Lookup found an unregistered name")
	}
	want := "  zeta       ZETA (last)\n  Alpha-Long α\n  x          other\n"
	if got := r.Help(r.Names(), Line{"x", "other"}); got != want {
		t.Errorf("Help:\n%q\nwant\n%q", got, want)
	}
	s := New[factory]("test", false)
	s.Register("a", Info[factory]{New: func() int { return 0 }}, nil)
	if _, ok := s.Lookup("A"); ok {
		t.Error("case-sensitive registry found A for a")
	}
}

func TestRegisterPanics(t *testing.T) {
	for name, f := range map[string]func(r *Registry[factory]){
		"empty name": func(r *Registry[factory]) { r.Register("", Info[factory]{New: func() int { return 0 }}, nil) },
		"nil New":    func(r *Registry[factory]) { r.Register("x", Info[factory]{}, nil) },
		"duplicate (folded)": func(r *Registry[factory]) {
			r.Register("x", Info[factory]{New: func() int { return 0 }}, nil)
			r.Register("X", Info[factory]{New: func() int { return 0 }}, nil)
		},
	} {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Error("no panic")
				}
			}()
			f(New[factory]("test", true))
		})
	}
}
