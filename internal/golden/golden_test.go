package golden

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFirstDiff(t *testing.T) {
	if got := FirstDiff("a\nb\nc", "a\nx\nc"); !strings.Contains(got, "line 2") || !strings.Contains(got, "--- got\nb\n--- want\nx") {
		t.Errorf("FirstDiff = %q", got)
	}
	if got := FirstDiff("a\n", "a\nmore"); !strings.Contains(got, "line 2") {
		t.Errorf("a shorter output: %q", got)
	}
}

func TestCheckMatches(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.golden")
	if err := os.WriteFile(path, []byte("same\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	Check(t, path, "same\n") // a difference would fail this test
}
