package gridway

import (
	"slices"
	"strings"
	"testing"
)

func TestRegistry(t *testing.T) {
	if got := Registered(); !slices.Equal(got, Names) {
		t.Errorf("registered %v, want the paper's %v", got, Names)
	}
	for _, n := range Names {
		p, err := NewPolicy(n, nil)
		if err != nil || p.Name() != n {
			t.Errorf("NewPolicy(%q) = %v, %v", n, p, err)
		}
		if NeedsTraining(n) != (n == "SO" || n == "SO-AS") {
			t.Errorf("NeedsTraining(%q) = %v", n, NeedsTraining(n))
		}
		if !strings.Contains(Help(), n) {
			t.Errorf("Help lacks %q", n)
		}
	}
}
