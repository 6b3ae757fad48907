package filestudy

import "testing"

// Builtin knows the names a study file may give as they are, in every
// family, and no exec: command or alias.
func TestBuiltinKnowsEveryFamilysNames(t *testing.T) {
	for name, want := range map[string]bool{
		"easy-sjbf": true, "cons": true, "MCT": true, "rr": true,
		"exec:python3 easy.py": false, "easy.py": false, "EASY-BF": false,
	} {
		if got := Builtin(name); got != want {
			t.Errorf("Builtin(%q) = %v, want %v", name, got, want)
		}
	}
}
