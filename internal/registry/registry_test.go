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

// TestSuggest: another case first, then the nearest names by single-letter
// edits (a swap of neighbours is one), none beyond a third of the name's
// length.
func TestSuggest(t *testing.T) {
	r := New[func() int]("test", false)
	for _, n := range []string{"easy", "easy-sjbf", "easy-sjf", "easy-ljf", "cons", "Sufferage"} {
		r.Register(n, Info[func() int]{New: func() int { return 0 }}, nil)
	}
	for _, c := range []struct {
		name string
		want []string
	}{
		{"EASY", []string{"easy"}}, {"eas", []string{"easy"}}, {"esay", []string{"easy"}},
		{"easy-sjfb", []string{"easy-sjbf", "easy-sjf"}}, {"con", []string{"cons"}},
		{"sufferage", []string{"Sufferage"}}, {"xyz", nil}, {"ea", nil}, {"", nil},
	} {
		if got := r.Suggest(c.name); !slices.Equal(got, c.want) {
			t.Errorf("Suggest(%q) = %q, want %q", c.name, got, c.want)
		}
	}
	if got := DidYouMean([]string{"a", "b"}); got != `; did you mean "a" or "b"?` {
		t.Errorf("DidYouMean = %s", got)
	}
	if got := DidYouMean(nil); got != "" {
		t.Errorf("DidYouMean(nil) = %q", got)
	}
	for _, c := range []struct {
		a, b string
		d    int
	}{{"", "abc", 3}, {"ab", "ba", 1}, {"ca", "abc", 3}, {"kitten", "sitting", 3}, {"é", "e", 1}} {
		if got := edits(c.a, c.b); got != c.d {
			t.Errorf("edits(%q, %q) = %d, want %d", c.a, c.b, got, c.d)
		}
	}
}
