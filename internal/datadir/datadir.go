package datadir

import (
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/internal/registry"
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

// Candidates lists the directories searched, in order. flagDir may be
// empty, or a list joined by os.PathListSeparator ("a:b"), searched in
// that order (verify passes the roots a results folder recorded so).
func Candidates(flagDir string) []Candidate {
	var c []Candidate
	for _, d := range filepath.SplitList(flagDir) {
		if d != "" {
			c = append(c, Candidate{d, FromFlag})
		}
	}
	if env := os.Getenv(EnvVar); env != "" {
		c = append(c, Candidate{env, FromEnv})
	}
	c = append(c, Candidate{"data", FromCwd}, Candidate{filepath.Join("..", "shared", "data"), FromShared})
	if embeddedOn() {
		c = append(c, Candidate{EmbeddedDir(), FromEmbedded})
	}
	return c
}

// Roots are the directories Candidates lists, absolute where they can be
// made so: where data was looked up, wherever the working folder is later.
func Roots(flagDir string) []string {
	var roots []string
	for _, c := range Candidates(flagDir) {
		d := c.Dir
		if abs, err := filepath.Abs(d); err == nil {
			d = abs
		}
		if !slices.Contains(roots, d) {
			roots = append(roots, d)
		}
	}
	return roots
}

// ErrMissing is wrapped by every error Find returns for absent data.
var ErrMissing = errors.New("data not found")

// Find returns the path of rel (a slash-separated path below a data root) in
// the first candidate root that has it. Hint, when not empty, tells the user
// where to obtain the file and is included in the error. Before a found
// file is returned, it and the other files of its data set in that root are
// checked against the manifest (see VerifyAt): a damaged file is an error
// wrapping ErrCorrupt, never silently used, and never skipped in favour of
// a later root.
func Find(flagDir, rel, hint string) (string, error) {
	p, root, looked := locate(flagDir, rel)
	if p == "" {
		return "", missing(rel, hint, looked)
	}
	if _, err := VerifyAt(root, rel); err != nil {
		return "", err
	}
	return p, nil
}

// locate returns the path of rel in the first candidate root that has it
// (absolute when possible) and that root, or "" and the places it looked.
func locate(flagDir, rel string) (path, root string, looked []string) {
	for _, c := range Candidates(flagDir) {
		if c.Source == FromEmbedded {
			if !Embedded(rel) {
				looked = append(looked, "the data "+string(FromEmbedded))
				continue
			}
			root, err := extractEmbedded(rel)
			if err != nil {
				looked = append(looked, fmt.Sprintf("the data %s (%v)", FromEmbedded, err))
				continue
			}
			return filepath.Join(root, filepath.FromSlash(rel)), root, nil
		}
		p := filepath.Join(c.Dir, filepath.FromSlash(rel))
		if _, err := os.Stat(p); err == nil {
			if abs, err := filepath.Abs(p); err == nil {
				p = abs
			}
			return p, c.Dir, nil
		}
		looked = append(looked, fmt.Sprintf("%s (%s)", p, c.Source))
	}
	return "", "", looked
}

// MissingError is the error Find returns for absent data; it wraps
// ErrMissing and names the catalogue data set that provides the file, if
// any, so that a summary can print the one command that fetches it.
type MissingError struct {
	Rel string // the path looked for, below a data root
	ID  string // catalogue id that `gridbench data fetch` takes, or ""
	msg string
}

func (e *MissingError) Error() string        { return e.msg }
func (e *MissingError) Is(target error) bool { return target == ErrMissing }

// Missing returns every MissingError inside err (through wrapping and
// errors.Join), and whether every ErrMissing inside err was one (an error
// that wraps the bare ErrMissing names no data set).
func Missing(err error) (found []*MissingError, all bool) {
	all = true
	var walk func(error)
	walk = func(err error) {
		switch u := err.(type) {
		case nil:
		case *MissingError:
			found = append(found, u)
		case interface{ Unwrap() []error }:
			for _, e := range u.Unwrap() {
				walk(e)
			}
		case interface{ Unwrap() error }:
			if u.Unwrap() == ErrMissing {
				all = false
			}
			walk(u.Unwrap())
		}
	}
	walk(err)
	return found, all
}

func missing(rel, hint string, looked []string) error {
	e := &MissingError{Rel: rel}
	msg := fmt.Sprintf("%s: %v; looked in %s", rel, ErrMissing, strings.Join(looked, ", "))
	switch d, ok := Owner(rel); {
	case !ok:
		if like := likeNamed(rel); len(like) > 0 {
			msg += "; the data sets of a like name: " + strings.Join(like, ", ")
		}
	case len(d.Downloads()) > 0:
		e.ID = d.ID
		msg += fmt.Sprintf("; run `gridbench data fetch %s`", d.ID)
	}
	if hint != "" {
		msg += "; or " + hint
	}
	msg += fmt.Sprintf("; or point --data or %s at a folder that holds it", EnvVar)
	e.msg = msg
	return e
}

// ForTest returns the path of rel or skips the test with a message naming
// the missing file. It searches relative to the module root as well, so
// tests in any package find the repository's data/ (the bundled sets) and
// ../shared/data beside it. A file whose checksum is wrong fails the test.
func ForTest(tb testing.TB, rel string) string {
	tb.Helper()
	p, err := Find("", rel, "")
	if err == nil {
		return p
	}
	if !errors.Is(err, ErrMissing) {
		tb.Fatal(err)
	}
	if root := moduleRoot(); root != "" {
		for _, dir := range []string{filepath.Join(root, "data"), filepath.Join(root, "..", "shared", "data")} {
			p := filepath.Join(dir, filepath.FromSlash(rel))
			if _, err := os.Stat(p); err == nil {
				if _, err := VerifyAt(dir, rel); err != nil {
					tb.Fatal(err)
				}
				return p
			}
		}
	}
	tb.Skipf("skipping: data file %s not found (run `gridbench data fetch %s`, set %s, or place ../shared/data beside the repository)", rel, fetchName(rel), EnvVar)
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

// likeNamed returns the catalogue's paths whose name holds rel's, or the
// other way round, without folders and extensions ("KTH-SP2.swf" is in
// KTH-SP2/KTH-SP2-1996-2.1-cln.swf.gz and sc15-artefact/KTH-SP2), each
// with its id, for a path a user wrote from memory.
func likeNamed(rel string) []string {
	want := stem(rel)
	var out []string
	for _, d := range Catalog() {
		if got := stem(d.Rel); holds(got, want) || holds(want, got) {
			out = append(out, fmt.Sprintf("%s (%s)", d.Rel, d.ID))
		}
	}
	return out
}

// LikeIDs returns the catalogue's ids nearest to name, a name `data
// fetch` does not know (a typo: "ricc-2010-1"), else those that hold it
// ("ricc": ricc-2010-2), for its error.
func LikeIDs(name string) []string {
	var ids []string
	for _, d := range Catalog() {
		ids = append(ids, d.ID)
	}
	slices.Sort(ids)
	if near := registry.Nearest(name, ids); len(near) > 0 {
		return near
	}
	var out []string
	for _, id := range ids {
		if holds(id, strings.ToLower(name)) {
			out = append(out, id)
		}
	}
	return out
}

// holds says whether name s holds part, a part of 3 letters or more (a
// shorter one is in too many names to say anything).
func holds(s, part string) bool { return len(part) >= 3 && strings.Contains(s, part) }

// stem is a path's last element, lower-cased, without the extensions a
// trace takes (.gz, .swf, .gwf, .json).
func stem(rel string) string {
	s := strings.ToLower(path.Base(rel))
	for {
		t := strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(s, ".gz"), ".swf"), ".gwf"), ".json")
		if t == s {
			return s
		}
		s = t
	}
}
