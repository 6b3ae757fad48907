package datadir

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// EnvVar names the environment variable that points at a data root.
const EnvVar = "GRIDBENCH_DATA"

// Source says how a candidate root was chosen.
type Source string

const (
	FromFlag   Source = "--data flag"
	FromEnv    Source = EnvVar
	FromCwd    Source = "./data"
	FromShared Source = "../shared/data"
)

// Candidate is one directory searched for data.
type Candidate struct {
	Dir    string
	Source Source
}

// Candidates lists the directories searched, in order. flagDir may be empty.
func Candidates(flagDir string) []Candidate {
	var c []Candidate
	if flagDir != "" {
		c = append(c, Candidate{flagDir, FromFlag})
	}
	if env := os.Getenv(EnvVar); env != "" {
		c = append(c, Candidate{env, FromEnv})
	}
	c = append(c, Candidate{"data", FromCwd}, Candidate{filepath.Join("..", "shared", "data"), FromShared})
	return c
}

// ErrMissing is wrapped by every error Find returns for absent data.
var ErrMissing = errors.New("data not found")

// Find returns the path of rel (a slash-separated path below a data root) in
// the first candidate root that has it. Hint, when not empty, tells the user
// where to obtain the file and is included in the error.
func Find(flagDir, rel, hint string) (string, error) {
	var looked []string
	for _, c := range Candidates(flagDir) {
		p := filepath.Join(c.Dir, filepath.FromSlash(rel))
		if _, err := os.Stat(p); err == nil {
			if abs, err := filepath.Abs(p); err == nil {
				return abs, nil
			}
			return p, nil
		}
		looked = append(looked, fmt.Sprintf("%s (%s)", p, c.Source))
	}
	msg := fmt.Sprintf("%s: %v; looked in %s", rel, ErrMissing, strings.Join(looked, ", "))
	if hint != "" {
		msg += "; " + hint
	}
	msg += fmt.Sprintf("; point --data or %s at a folder that holds it", EnvVar)
	return "", fmt.Errorf("%w: %s", ErrMissing, msg)
}

// ForTest returns the path of rel or skips the test with a message naming
// the missing file. It searches relative to the module root as well, so
// tests in any package find ../shared/data beside the repository.
func ForTest(tb testing.TB, rel string) string {
	tb.Helper()
	if p, err := Find("", rel, ""); err == nil {
		return p
	}
	if root := moduleRoot(); root != "" {
		for _, dir := range []string{filepath.Join(root, "data"), filepath.Join(root, "..", "shared", "data")} {
			p := filepath.Join(dir, filepath.FromSlash(rel))
			if _, err := os.Stat(p); err == nil {
				return p
			}
		}
	}
	tb.Skipf("skipping: data file %s not found (set %s or place ../shared/data beside the repository)", rel, EnvVar)
	return ""
}

// moduleRoot walks up from the working directory to the folder holding go.mod.
func moduleRoot() string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}
